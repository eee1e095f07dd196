import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe } from 'vitest';
import { createApp } from '#server/app.ts';
import { hashPassword } from '#server/auth/password.ts';
import { insertCustomer } from '#server/db/customers.ts';
import { type Db, openDb } from '#server/db/index.ts';
import { createMailer, type Mailer } from '#server/mail/mailer.ts';
import { createOutbox, type Outbox } from '#server/mail/outbox.ts';
import { type SmtpSink, startSmtpSink } from '#server/mail/sink.ts';
import { seedCatalogue } from '#server/seed/index.ts';
import type { SeedCatalogue } from '#server/seed/types.ts';
import { prepareDb } from '#server/server.ts';

/** The databases API tests run on: PGlite always, a PostgreSQL server when TEST_DATABASE_URL is set. */
export const databaseKinds = ['pglite', ...(process.env.TEST_DATABASE_URL ? ['postgres'] : [])] as const;

/** A new empty database on the TEST_DATABASE_URL server, named at random: its URL and a way to drop it. */
async function serverDatabase(adminUrl: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const again = new pg.Client({ connectionString: adminUrl });
      await again.connect();
      await again.query(`drop database if exists ${name} with (force)`);
      await again.end();
    },
  };
}

/** A fresh, migrated and seeded database of the given kind (the demo catalogue unless another is given), and a way to drop it. */
export async function freshDb(
  kind: string,
  catalogue?: SeedCatalogue,
): Promise<{ db: Db; url?: string; drop(): Promise<void> }> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  const prepare = async (options: { url?: string }) => {
    const db = await prepareDb({ ...options, seed: catalogue === undefined });
    if (catalogue) await seedCatalogue(db, catalogue);
    return db;
  };
  if (kind === 'pglite' || !adminUrl) {
    const db = await prepare({});
    return { db, drop: () => db.close() };
  }
  const server = await serverDatabase(adminUrl);
  const db = await prepare({ url: server.url });
  return {
    db,
    url: server.url,
    async drop() {
      await db.close();
      await server.drop();
    },
  };
}

/** An empty database of the given kind, not even migrated (for tests of the migrations), and a way to drop it. */
export async function emptyDb(kind: string): Promise<{ db: Db; drop(): Promise<void> }> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (kind === 'pglite' || !adminUrl) {
    const db = await openDb();
    return { db, drop: () => db.close() };
  }
  const server = await serverDatabase(adminUrl);
  const db = await openDb({ url: server.url });
  return {
    db,
    async drop() {
      await db.close();
      await server.drop();
    },
  };
}

export interface ApiClient {
  db: Db;
  /** The SMTP sink the app's mail goes to. */
  mail: SmtpSink;
  /** The app's outbox: `await api.outbox.idle()` waits for mail under way. */
  outbox: Outbox;
  /** POSTs a JSON payload (or a raw string) to an API path and answers status and parsed body. */
  // biome-ignore lint/suspicious/noExplicitAny: tests check the body field by field
  post(path: string, body?: unknown, headers?: Record<string, string>): Promise<{ status: number; body: any }>;
  // biome-ignore lint/suspicious/noExplicitAny: tests check the body field by field
  get(path: string, headers?: Record<string, string>): Promise<{ status: number; body: any }>;
  /** The app's own Response to any request under /api: for tests of the HTTP layer (methods, headers, raw bodies). */
  request(path: string, init?: RequestInit): Promise<Response>;
  /** The app's own Response to a path outside /api: what it serves on the site's origin (editors' uploads). */
  site(path: string, init?: RequestInit): Promise<Response>;
}

/**
 * A FormData body sent as the bytes a browser sends. Undici writes a FormData body from a task that
 * nothing awaits; when the server stops reading early, as it does past a limit, that task's next write
 * throws as an unhandled rejection (nodejs/undici#5835), which Vitest rightly counts as an error.
 */
async function formAsBytes(init: RequestInit): Promise<RequestInit> {
  if (!(init.body instanceof FormData)) return init;
  const encoded = new Response(init.body);
  const headers = new Headers(init.headers);
  headers.set('content-type', encoded.headers.get('content-type') ?? 'multipart/form-data');
  return { ...init, headers, body: new Uint8Array(await encoded.arrayBuffer()) };
}

/**
 * What `app.request()` is given as the Node server's bindings for a request that came through a proxy on
 * this machine: a socket from 127.0.0.1. An app that trusts `loopback` (TRUSTED_PROXIES) then takes the
 * client's address from X-Forwarded-For, as behind a real proxy.
 */
export const FROM_LOCAL_PROXY = { incoming: { socket: { remoteAddress: '127.0.0.1' } } };

export interface ApiOptions {
  /**
   * Requests come through a proxy on this machine that the app trusts (`TRUSTED_PROXIES=loopback`, and a
   * peer of 127.0.0.1), so a test chooses its client address with X-Forwarded-For.
   */
  behindProxy?: boolean;
  /** Seed this catalogue instead of the demo one (e.g. a synthetic one). */
  catalogue?: SeedCatalogue;
}

/**
 * Runs a suite once per database kind against the real app on a fresh seeded database, with its
 * mail going over SMTP to a sink of its own.
 */
export function describeApi(name: string, suite: (api: ApiClient) => void, options: ApiOptions = {}): void {
  describe.each(databaseKinds)(`${name} (%s)`, (kind) => {
    let handle: Awaited<ReturnType<typeof freshDb>> | undefined;
    let app: ReturnType<typeof createApp> | undefined;
    let sink: SmtpSink | undefined;
    let mailer: Mailer | undefined;
    let outbox: Outbox | undefined;
    beforeAll(async () => {
      handle = await freshDb(kind, options.catalogue);
      sink = await startSmtpSink();
      mailer = createMailer({ smtpUrl: sink.url });
      outbox = createOutbox(handle.db, mailer);
      app = createApp({ db: handle.db, outbox, trustedProxies: options.behindProxy ? ['loopback'] : [] });
    }, 60_000);
    afterAll(async () => {
      await outbox?.idle();
      mailer?.close();
      await sink?.close();
      await handle?.drop();
    });
    const request = async (path: string, given: RequestInit = {}) => {
      if (!app) throw new Error('the app is not ready');
      const init = await formAsBytes(given);
      return options.behindProxy
        ? app.request(`/api${path}`, init, FROM_LOCAL_PROXY)
        : app.request(`/api${path}`, init);
    };
    const send = async (path: string, init: RequestInit) => {
      const response = await request(path, init);
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
      get mail() {
        if (!sink) throw new Error('the mail sink is not ready');
        return sink;
      },
      get outbox() {
        if (!outbox) throw new Error('the outbox is not ready');
        return outbox;
      },
      post: (path, body = {}, headers = {}) =>
        send(path, {
          method: 'POST',
          headers: { 'content-type': 'application/json', ...headers },
          body: typeof body === 'string' ? body : JSON.stringify(body),
        }),
      get: (path, headers = {}) => send(path, { method: 'GET', headers }),
      request,
      site: async (path, init = {}) => {
        if (!app) throw new Error('the app is not ready');
        return app.request(path, init);
      },
    });
  });
}

let customerCount = 0;

/**
 * A customer created straight in the database (registration through the API has its own tests) and
 * logged in through the API: answers the customer and the headers that carry its token.
 */
export async function loggedInCustomer(
  api: ApiClient,
  fields: { username?: string; email?: string; password?: string; headers?: Record<string, string> } = {},
) {
  customerCount++;
  const tag = `${process.pid}${customerCount}`;
  const username = fields.username ?? `customer${tag}`;
  const email = fields.email ?? `customer${tag}@example.com`;
  const password = fields.password ?? 'correct horse battery';
  const customer = await insertCustomer(api.db, {
    username,
    email,
    name: `Customer ${tag}`,
    contactNumber: '+65 6123 4567',
    passwordHash: await hashPassword(password),
  });
  const login = await api.post('/client/login', { account: username, password }, fields.headers);
  if (login.body.code !== 200) throw new Error(`login failed: ${login.body.msg}`);
  const token: string = login.body.data;
  return { customer, username, email, password, token, headers: { Satoken: token } };
}
