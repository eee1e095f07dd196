// What the load benchmarks (bench:api, bench:load) share: the databases they run on, an API server
// on one of them with its mail kept out of the way, and logged-in bench customers that are deleted
// again from a server database.

import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { hashPassword } from '#server/auth/password.ts';
import { insertCustomer } from '#server/db/customers.ts';
import type { Db } from '#server/db/index.ts';
import { createMailer } from '#server/mail/mailer.ts';
import { prepareDb, type RunningServer, startServer } from '#server/server.ts';

export interface BenchDatabase {
  label: string;
  /** A PostgreSQL server; undefined for PGlite in memory. */
  url: string | undefined;
}

/** PGlite in memory, and DATABASE_URL when set; BENCH_DB=pglite or postgres runs on that one only. */
export function benchDatabases(): BenchDatabase[] {
  const databases: BenchDatabase[] = [];
  if (process.env.BENCH_DB !== 'postgres') databases.push({ label: 'PGlite (in memory)', url: undefined });
  if (process.env.DATABASE_URL && process.env.BENCH_DB !== 'pglite')
    databases.push({ label: 'PostgreSQL (DATABASE_URL)', url: process.env.DATABASE_URL });
  return databases;
}

export interface BenchServer {
  db: Db;
  server: RunningServer;
  /** http://127.0.0.1:port */
  origin: string;
  /** The API under origin: http://127.0.0.1:port/api */
  api: string;
  /** Stops the server, deletes the bench customers from a server database, closes the database. */
  close(): Promise<void>;
}

export interface BenchCustomer {
  id: number;
  token: string;
}

/**
 * Opens the database (migrated, and seeded when empty, as the server would) and serves the API on a
 * free loopback port, with the site in siteDir when given; mail goes to .eml files in a temp dir.
 */
export async function startBenchServer(url: string | undefined, siteDir?: string): Promise<BenchServer> {
  const db = await prepareDb({ url });
  const outbox = mkdtempSync(join(tmpdir(), 'bench-mail-'));
  const server = await startServer({
    db,
    port: 0,
    host: '127.0.0.1',
    siteDir,
    mailer: createMailer({ outboxDir: outbox }),
    trustedProxies: [],
  });
  const origin = `http://127.0.0.1:${server.port}`;
  return {
    db,
    server,
    origin,
    api: `${origin}/api`,
    async close() {
      await server.close();
      if (url) await db.query('delete from customer where username like $1', [`bench-${run}-%`]);
      await db.close();
      rmSync(outbox, { recursive: true, force: true });
    },
  };
}

/** Names the customers of this run, so close() deletes only them. */
const run = randomBytes(4).toString('hex');
let created = 0;

/**
 * A customer created straight in the database and logged in through the API under `api`
 * (http://host:port/api): its id and session token. `passwordHash` is the hash of `password`, made
 * here when not given (scrypt is slow on purpose, so callers making many share one).
 */
export async function loggedInCustomer(
  db: Db,
  api: string,
  username: string,
  password: string,
  passwordHash?: string,
): Promise<BenchCustomer> {
  const customer = await insertCustomer(db, {
    username,
    email: `${username}@example.com`,
    name: `Customer ${username}`,
    contactNumber: '+65 6000 0000',
    passwordHash: passwordHash ?? (await hashPassword(password)),
  });
  const response = await fetch(`${api}/client/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ account: username, password }),
  });
  const body = (await response.json()) as { code: number; data: string; msg: string };
  if (body.code !== 200) throw new Error(`login failed: ${body.msg}`);
  return { id: customer.id, token: body.data };
}

/** Customers each with a session token of their own, named after this run so close() deletes them. */
export async function loginCustomers(bench: BenchServer, count: number): Promise<BenchCustomer[]> {
  const passwordHash = await hashPassword('bench password');
  const customers: BenchCustomer[] = [];
  for (let i = 0; i < count; i++)
    customers.push(
      await loggedInCustomer(bench.db, bench.api, `bench-${run}-${created++}`, 'bench password', passwordHash),
    );
  return customers;
}

/** A table of right-aligned figures under a header, its first column left-aligned. */
export function table(header: string[], rows: (string | number)[][]): string {
  const cells = [header, ...rows.map((row) => row.map(String))];
  const widths = header.map((_, i) => Math.max(...cells.map((row) => row[i]?.length ?? 0)));
  return cells
    .map((row) =>
      row.map((cell, i) => (i === 0 ? cell.padEnd(widths[i] ?? 0) : cell.padStart(widths[i] ?? 0))).join('  '),
    )
    .join('\n');
}
