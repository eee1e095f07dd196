// One process per embedded database (decision 0018): PGlite has no lock of its own, and two
// processes on one data directory each keep their own view of it and overwrite each other's files.
// Node has no flock, so the lock is a file created exclusively beside the data directory, naming its
// holder; a holder that no longer runs (killed before it could clean up) does not count.

import { randomBytes } from 'node:crypto';
import { readFileSync, unlinkSync } from 'node:fs';
import { link, mkdir, readFile, realpath, unlink, writeFile } from 'node:fs/promises';
import { hostname } from 'node:os';
import { basename, dirname, join, relative } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

interface Holder {
  pid: number;
  /** The process's start time in clock ticks since boot (/proc/<pid>/stat), telling a reused pid apart. */
  start: string | null;
  host: string;
  /** Unique per lock: names the lock's takeover file and tells our lock from a successor's. */
  token: string;
  command: string;
  since: string;
}

/** Another process (or this one) has the embedded database open. */
export class DataDirInUseError extends Error {
  /** The holder's process id: a process that answers control calls for it names it (control/channel.ts). */
  readonly holderPid: number;

  constructor(dataDir: string, holder: Holder, lockFile: string) {
    const what = [
      holder.command,
      holder.since && `since ${holder.since.replace('T', ' ').slice(0, 19)} UTC`,
      holder.host !== hostname() && `on ${holder.host}`,
    ].filter(Boolean);
    const who =
      holder.pid === process.pid
        ? `this process (${[`pid ${holder.pid}`, ...what].join(', ')})`
        : `process ${holder.pid}${what.length ? ` (${what.join(', ')})` : ''}`;
    // A process on another host cannot be checked from here (a shared volume, or a container
    // recreated with a new hostname): only the operator can tell that it is gone.
    const elsewhere = holder.host === hostname() ? '' : ` (if it no longer runs there, delete ${lockFile})`;
    super(
      `The embedded database ${dataDir} is in use by ${who}: stop that process${elsewhere}, set DATA_DIR to ` +
        'another directory, or set DATABASE_URL to use a PostgreSQL server.',
    );
    this.name = 'DataDirInUseError';
    this.holderPid = holder.pid;
  }
}

/** For scripts: a DataDirInUseError ends the process with its one line and exit code 1; anything else is thrown on. */
export function exitIfDataDirInUse(error: unknown): never {
  if (!(error instanceof DataDirInUseError)) throw error;
  console.error(error.message);
  process.exit(1);
}

export interface DataDirLock {
  /** Removes the lock file (once; later calls do nothing). */
  release(): Promise<void>;
}

/** The lock file of a PGlite data directory: beside it, so the refusal creates nothing inside it. */
export function lockFileOf(dataDir: string): string {
  return `${dataDir}.lock`;
}

/**
 * A file beside the data directory (`<dir>.<suffix>`), one per directory however it is spelled (a
 * relative path, a symlinked parent): the lock, the control file.
 */
export async function besideDataDir(dataDir: string, suffix: string): Promise<string> {
  await mkdir(dirname(dataDir), { recursive: true });
  return `${join(await realpath(dirname(dataDir)), basename(dataDir))}.${suffix}`;
}

/**
 * Takes the data directory for this process, or throws DataDirInUseError naming the live holder.
 * Released by release() and, failing that, when the process exits.
 */
export async function lockDataDir(dataDir: string): Promise<DataDirLock> {
  const path = await besideDataDir(dataDir, 'lock');
  const mine = await acquire(path, dataDir);
  const onExit = () => releaseSync(path, mine.token);
  process.on('exit', onExit);
  let released = false;
  return {
    async release() {
      if (released) return;
      released = true;
      process.off('exit', onExit);
      await releaseFile(path, mine.token);
    },
  };
}

/** How many times a starter waits for another starter's takeover of a stale lock to finish. */
const TAKEOVER_WAITS = 100;

async function acquire(path: string, dataDir: string): Promise<Holder> {
  const mine = describeSelf();
  for (let waits = 0; ; ) {
    if (await create(path, mine)) return mine;
    const holder = await readHolder(path);
    if (!holder) continue; // released between our try and our read
    if (isRunning(holder)) throw new DataDirInUseError(dataDir, holder, path);
    // A stale lock. Only the starter that exclusively creates this lock's takeover file (its name
    // fixed by the stale lock's token) may remove it, and only while it is still that lock, so two
    // starters cannot both remove a lock and both win; the next round's exclusive create decides.
    const takeoverPath = `${path}.takeover-${holder.token}`;
    let takeover: Holder;
    try {
      takeover = await acquire(takeoverPath, dataDir);
    } catch (error) {
      // Another starter is taking it over (milliseconds); then its lock decides.
      if (!(error instanceof DataDirInUseError) || ++waits > TAKEOVER_WAITS) throw error;
      await sleep(10);
      continue;
    }
    try {
      if ((await readHolder(path))?.token === holder.token) await unlinkIfPresent(path);
    } finally {
      await releaseFile(takeoverPath, takeover.token);
    }
  }
}

/** Creates the lock file with our record, complete at once: written aside, then hard-linked into place. */
async function create(path: string, holder: Holder): Promise<boolean> {
  const draft = `${path}.${holder.token}.draft`;
  await writeFile(draft, JSON.stringify(holder), { flag: 'wx' });
  try {
    await link(draft, path);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  } finally {
    await unlinkIfPresent(draft);
  }
}

async function readHolder(path: string): Promise<Holder | undefined> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
  try {
    const holder = JSON.parse(text) as Holder;
    if (Number.isInteger(holder.pid) && typeof holder.token === 'string') return holder;
  } catch {
    // Falls through: an unreadable lock.
  }
  // Not written by us (files are complete when they appear): stale, named by its content.
  return { pid: 0, start: null, host: hostname(), token: `unreadable-${text.length}`, command: '', since: '' };
}

/** Whether the holder still runs: its pid is alive and, where /proc tells, started when it did. */
function isRunning(holder: Holder): boolean {
  if (holder.host !== hostname()) return true; // a process on another machine: nothing to check it by
  if (holder.pid <= 0) return false;
  try {
    process.kill(holder.pid, 0);
  } catch (error) {
    // EPERM: alive, but another user's.
    if ((error as NodeJS.ErrnoException).code === 'ESRCH') return false;
  }
  const start = startTimeOf(holder.pid);
  return holder.start === null || start === null || start === holder.start;
}

/** A process's start time from /proc/<pid>/stat (field 22, after the parenthesised command name); null off Linux. */
function startTimeOf(pid: number): string | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19] ?? null;
  } catch {
    return null;
  }
}

function describeSelf(): Holder {
  const event = process.env.npm_lifecycle_event;
  const script = process.argv[1] ? relative(process.cwd(), process.argv[1]) : '';
  return {
    pid: process.pid,
    start: startTimeOf(process.pid),
    host: hostname(),
    token: randomBytes(8).toString('hex'),
    command: event ? (event === 'start' ? 'npm start' : `npm run ${event}`) : `node ${script}`.trim(),
    since: new Date().toISOString(),
  };
}

async function releaseFile(path: string, token: string): Promise<void> {
  if ((await readHolder(path))?.token === token) await unlinkIfPresent(path);
}

function releaseSync(path: string, token: string): void {
  try {
    if ((JSON.parse(readFileSync(path, 'utf8')) as Holder).token === token) unlinkSync(path);
  } catch {
    // Already gone, or no longer ours: nothing to release at exit.
  }
}

async function unlinkIfPresent(path: string): Promise<void> {
  try {
    await unlink(path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
}
