// PGlite opens are slow on a busy machine (initdb of a new directory: 10 to 45 s), hence their timeouts.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { openDb } from './index.ts';
import { DataDirInUseError, lockDataDir, lockFileOf } from './lock.ts';

/** The pid of a process that has already exited. */
function deadPid(): number {
  const child = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' });
  return Number(child.stdout);
}

describe('one opener per embedded database', () => {
  let dir = '';
  let dataDir = '';
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'pglite-lock-'));
    dataDir = join(dir, 'pglite');
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  /** Leaves a lock file as a process that was killed before it could clean up would. */
  const staleLock = (pid: number, start: string | null = '1') =>
    writeFileSync(
      lockFileOf(dataDir),
      JSON.stringify({ pid, start, host: hostname(), token: 'stale0000000000', command: 'npm start', since: '' }),
    );

  test('a second openDb on the same data directory is refused while the first is open, and allowed after close', async () => {
    const first = await openDb({ dataDir });
    try {
      await first.exec('create table kept (n int); insert into kept values (7)');
      await expect(openDb({ dataDir })).rejects.toThrow(
        new RegExp(`in use by this process \\(pid ${process.pid}\\b.*DATA_DIR.*DATABASE_URL`),
      );
    } finally {
      await first.close();
    }
    const again = await openDb({ dataDir });
    expect(await again.query('select n from kept')).toEqual([{ n: 7 }]);
    await again.close();
    expect(existsSync(lockFileOf(dataDir))).toBe(false);
  }, 120_000);

  test('the refusal comes before the database directory is created or read', async () => {
    const held = await lockDataDir(dataDir);
    rmSync(dataDir, { recursive: true, force: true });
    await expect(openDb({ dataDir })).rejects.toBeInstanceOf(DataDirInUseError);
    expect(existsSync(dataDir)).toBe(false);
    await held.release();
  });

  test('a lock left by a process that no longer exists does not block', async () => {
    staleLock(deadPid());
    const db = await openDb({ dataDir });
    expect(JSON.parse(readFileSync(lockFileOf(dataDir), 'utf8')).pid).toBe(process.pid);
    await db.close();
  }, 120_000);

  test('a lock whose pid now belongs to another process (another start time) does not block', async () => {
    staleLock(process.ppid, 'not-its-start-time');
    const lock = await lockDataDir(dataDir);
    await lock.release();
  });

  test('a lock held by another live process is refused with its pid, command and start', async () => {
    const start = readFileSync(`/proc/${process.ppid}/stat`, 'utf8').split(') ')[1]?.split(' ')[19] ?? null;
    writeFileSync(
      lockFileOf(dataDir),
      JSON.stringify({
        pid: process.ppid,
        start,
        host: hostname(),
        token: 'live000000000000',
        command: 'npm start',
        since: '2030-01-02T03:04:05.000Z',
      }),
    );
    const refusal = lockDataDir(dataDir);
    await expect(refusal).rejects.toThrow(
      `in use by process ${process.ppid} (npm start, since 2030-01-02 03:04:05 UTC)`,
    );
    await expect(refusal).rejects.not.toThrow(/\n/);
  });

  test('a lock written on another host is never taken over, and the refusal says which file to delete', async () => {
    writeFileSync(
      lockFileOf(dataDir),
      JSON.stringify({
        pid: deadPid(),
        start: '1',
        host: 'elsewhere',
        token: 'other00000000000',
        command: '',
        since: '',
      }),
    );
    await expect(lockDataDir(dataDir)).rejects.toThrow(
      `(on elsewhere): stop that process (if it no longer runs there, delete ${lockFileOf(dataDir)})`,
    );
  });

  test('of twenty starters racing for one stale lock, exactly one wins', async () => {
    staleLock(deadPid());
    // Staggered, so some find the stale lock while others are already replacing it.
    const outcomes = await Promise.allSettled(
      Array.from({ length: 20 }, async (_, i) => {
        for (let turn = 0; turn < i; turn++) await new Promise(setImmediate);
        return lockDataDir(dataDir);
      }),
    );
    const won = outcomes.filter((outcome) => outcome.status === 'fulfilled');
    expect(won).toHaveLength(1);
    for (const outcome of outcomes)
      if (outcome.status === 'rejected') expect(outcome.reason).toBeInstanceOf(DataDirInUseError);
    await won[0]?.value.release();
    expect(readdirSync(dir)).toEqual([]);
  });
});
