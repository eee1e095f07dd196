import { readFile } from 'node:fs/promises';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Releases } from '#build/queue.ts';
import type { Actor } from '../auth/actor.ts';
import { type Db, openDb } from '../db/index.ts';
import { DataDirInUseError } from '../db/lock.ts';
import { migrate } from '../db/migrate.ts';
import { type ControlFile, controlFileOf } from './channel.ts';
import { type OpInput, type OpName, type OpResult, runOp } from './ops.ts';

// How a command-line tool runs its operations (ops.ts): on the database it opens itself (a PostgreSQL
// server, or the embedded one while no process holds it), or, when a server holds the embedded one,
// through that server's control channel (channel.ts).

/** Operations on one database, wherever they run. */
export interface OpsSession {
  /** `here`: on a database this process opened; `server`: through the server that holds it. */
  readonly where: 'here' | 'server';
  /** The server's process id, when through it. */
  readonly serverPid?: number;
  run<K extends OpName>(name: K, input: OpInput<K>): Promise<OpResult<K>>;
  close(): Promise<void>;
}

/** How long a tool waits for an embedded database held by a process that answers no control calls. */
const WAIT_FOR_HOLDER_MS = 15_000;

async function readControlFile(dataDir: string): Promise<ControlFile | undefined> {
  try {
    return JSON.parse(await readFile(await controlFileOf(dataDir), 'utf8')) as ControlFile;
  } catch {
    return undefined;
  }
}

/**
 * The operations through the server that holds the embedded database in `dataDir` (the process `error`
 * names), or undefined when the holder answers no control calls (another tool, or an older server).
 */
export async function throughHolder(
  dataDir: string,
  error: DataDirInUseError,
  actor: Actor,
): Promise<OpsSession | undefined> {
  const control = await readControlFile(dataDir);
  return control?.pid === error.holderPid ? throughServer(control, actor) : undefined;
}

function throughServer(control: ControlFile, actor: Actor): OpsSession {
  const shell = actor.kind === 'shell' ? { user: actor.user, host: actor.host, command: actor.command } : undefined;
  return {
    where: 'server',
    serverPid: control.pid,
    async run(name, input) {
      let response: Response;
      try {
        response = await fetch(`http://127.0.0.1:${control.port}/control/${name}`, {
          method: 'POST',
          headers: { authorization: `Bearer ${control.secret}`, 'content-type': 'application/json' },
          body: JSON.stringify({ actor: shell, input }),
        });
      } catch (error) {
        throw new Error(
          `The server (process ${control.pid}) holds the embedded database but did not answer its control call: ${(error as Error).message}.`,
        );
      }
      const answer = (await response.json().catch(() => ({}))) as { ok?: boolean; result?: unknown; message?: string };
      if (!answer.ok) throw new Error(answer.message ?? `The control call answered ${response.status}.`);
      return answer.result as never;
    },
    async close() {},
  };
}

/**
 * Opens the database for a tool's operations, done as `actor`: `databaseUrl`, or the embedded database in
 * `dataDir`, migrated. When a server holds the embedded one, the operations go through its control
 * channel; when a process that answers none holds it (another tool), this waits a little for it.
 * `releases` are the ones the tool publishes itself (`npm run rollback` on this machine).
 */
export async function openOps({
  databaseUrl,
  dataDir,
  actor,
  releases,
}: {
  databaseUrl?: string | undefined;
  dataDir: string;
  actor: Actor;
  releases?: Releases | undefined;
}): Promise<OpsSession> {
  const started = Date.now();
  for (;;) {
    let db: Db;
    try {
      db = await openDb({ url: databaseUrl, dataDir });
    } catch (error) {
      if (!(error instanceof DataDirInUseError)) throw error;
      const server = await throughHolder(dataDir, error, actor);
      if (server) return server;
      if (Date.now() - started > WAIT_FOR_HOLDER_MS) throw error;
      await sleep(250);
      continue;
    }
    try {
      await migrate(db);
    } catch (error) {
      await db.close();
      throw error;
    }
    const open = db;
    return {
      where: 'here',
      run: (name, input) => runOp(name, { db: open, actor, releases }, input),
      close: () => open.close(),
    };
  }
}
