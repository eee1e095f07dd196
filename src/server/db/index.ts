import { createHash } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { lockDataDir } from './lock.ts';

/** Something SQL can run on: the database or a transaction. */
export interface Queryable {
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<T[]>;
  /** Runs a script of several statements without parameters (migrations). */
  exec(sql: string): Promise<void>;
}

/** The database: PostgreSQL through one SQL dialect, embedded (PGlite) or a server. */
export interface Db extends Queryable {
  readonly kind: 'pglite' | 'postgres';
  /** PGlite's data directory, when it keeps one (the server answers control calls for it). */
  readonly dataDir?: string | undefined;
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

export interface DbOptions {
  /** A PostgreSQL connection string; when absent the embedded PGlite is used. */
  url?: string | undefined;
  /**
   * PGlite's data directory; when absent PGlite keeps everything in memory. One process at a time:
   * opening one that another process (or another openDb) holds throws DataDirInUseError.
   */
  dataDir?: string | undefined;
}

/** Opens the database the options name. */
export async function openDb(options: DbOptions = {}): Promise<Db> {
  return options.url ? openPostgres(options.url) : openPglite(options.dataDir);
}

async function openPglite(dataDir: string | undefined): Promise<Db> {
  // The lock comes before any file of the database is created or read.
  const lock = dataDir ? await lockDataDir(dataDir) : undefined;
  let lite: PGlite;
  try {
    if (dataDir) mkdirSync(dataDir, { recursive: true });
    lite = await PGlite.create(dataDir);
  } catch (error) {
    await lock?.release();
    throw error;
  }
  return {
    kind: 'pglite',
    dataDir,
    async query<T>(sql: string, params: unknown[] = []) {
      return (await lite.query<T>(sql, params)).rows;
    },
    async exec(sql) {
      await lite.exec(sql);
    },
    transaction(fn) {
      return lite.transaction((tx) =>
        fn({
          async query<T>(sql: string, params: unknown[] = []) {
            return (await tx.query<T>(sql, params)).rows;
          },
          async exec(sql) {
            await tx.exec(sql);
          },
        }),
      );
    },
    async close() {
      try {
        await lite.close();
      } finally {
        await lock?.release();
      }
    },
  };
}

// PostgreSQL returns int8 and numeric as strings; the catalogue's counts and prices fit in a double.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));
pg.types.setTypeParser(pg.types.builtins.NUMERIC, (value) => Number(value));

// Every parameterised query runs as a named prepared statement, named after its text: each pooled
// connection parses and plans a statement once and reuses the plan. The SQL texts are a bounded
// set (built only from constants and the validated language), so the cache stays small.
const statementNames = new Map<string, string>();
function statement(text: string, values: unknown[]) {
  let name = statementNames.get(text);
  if (!name) {
    name = `q${createHash('sha1').update(text).digest('hex').slice(0, 20)}`;
    statementNames.set(text, name);
  }
  return { name, text, values };
}

async function openPostgres(url: string): Promise<Db> {
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  // An idle client that loses its connection must not take the process down.
  pool.on('error', (error) => console.error('database pool error:', error.message));
  await pool.query('select 1');
  return {
    kind: 'postgres',
    async query<T>(sql: string, params: unknown[] = []) {
      return (await pool.query(statement(sql, params))).rows as T[];
    },
    async exec(sql) {
      await pool.query(sql);
    },
    async transaction(fn) {
      const client = await pool.connect();
      try {
        await client.query('begin');
        const result = await fn({
          async query<T>(sql: string, params: unknown[] = []) {
            return (await client.query(statement(sql, params))).rows as T[];
          },
          async exec(sql) {
            await client.query(sql);
          },
        });
        await client.query('commit');
        return result;
      } catch (error) {
        await client.query('rollback');
        throw error;
      } finally {
        client.release();
      }
    },
    close: () => pool.end(),
  };
}
