import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe } from 'vitest';
import { createApp } from './app.ts';
import type { Db } from './db/index.ts';
import { prepareDb } from './server.ts';

/** The databases API tests run on: PGlite always, a PostgreSQL server when TEST_DATABASE_URL is set. */
export const databaseKinds = ['pglite', ...(process.env.TEST_DATABASE_URL ? ['postgres'] : [])] as const;

/** A fresh, migrated and seeded database of the given kind, and a way to drop it. */
export async function freshDb(kind: string): Promise<{ db: Db; drop(): Promise<void> }> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (kind === 'pglite' || !adminUrl) {
    const db = await prepareDb({});
    return { db, drop: () => db.close() };
  }
  const name = `test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const db = await prepareDb({ url: url.toString() });
  return {
    db,
    async drop() {
      await db.close();
      const again = new pg.Client({ connectionString: adminUrl });
      await again.connect();
      await again.query(`drop database if exists ${name} with (force)`);
      await again.end();
    },
  };
}

export interface ApiClient {
  db: Db;
  /** POSTs a JSON payload (or a raw string) to an API path and answers status and parsed body. */
  // biome-ignore lint/suspicious/noExplicitAny: tests check the body field by field
  post(path: string, body?: unknown, headers?: Record<string, string>): Promise<{ status: number; body: any }>;
  // biome-ignore lint/suspicious/noExplicitAny: tests check the body field by field
  get(path: string, headers?: Record<string, string>): Promise<{ status: number; body: any }>;
}

/** Runs a suite once per database kind against the real app on a fresh seeded database. */
export function describeApi(name: string, suite: (api: ApiClient) => void): void {
  describe.each(databaseKinds)(`${name} (%s)`, (kind) => {
    let handle: Awaited<ReturnType<typeof freshDb>> | undefined;
    let app: ReturnType<typeof createApp> | undefined;
    beforeAll(async () => {
      handle = await freshDb(kind);
      app = createApp({ db: handle.db });
    }, 60_000);
    afterAll(async () => {
      await handle?.drop();
    });
    const send = async (path: string, init: RequestInit) => {
      if (!app) throw new Error('the app is not ready');
      const response = await app.request(`/api${path}`, init);
      const text = await response.text();
      let body: unknown;
      try {
        body = JSON.parse(text);
      } catch {
        body = text;
      }
      return { status: response.status, body };
    };
    suite({
      get db() {
        if (!handle) throw new Error('the database is not ready');
        return handle.db;
      },
      post: (path, body = {}, headers = {}) =>
        send(path, {
          method: 'POST',
          headers: { 'content-type': 'application/json', ...headers },
          body: typeof body === 'string' ? body : JSON.stringify(body),
        }),
      get: (path, headers = {}) => send(path, { method: 'GET', headers }),
    });
  });
}
