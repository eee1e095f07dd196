// Issue 13 item 11: one process per embedded database. Real API processes (`node scripts/serve-api.ts`)
// on one DATA_DIR: the second must refuse with one line before it touches the database, and a lock
// left by a process killed with SIGKILL must not block the next start.

import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';

const root = resolve(import.meta.dirname, '../..');

interface Api {
  process: ChildProcess;
  pid: number;
  base?: string;
  /** Resolves once the process has said it is ready (base set) or has exited (code set). */
  outcome: Promise<{ base?: string; code?: number | null }>;
  stdout: () => string;
  stderr: () => string;
}

/** Starts `node scripts/serve-api.ts` on DATA_DIR and follows it until it is ready or exits. */
function spawnApi(dataDir: string): Api {
  const child = spawn(process.execPath, [join(root, 'scripts/serve-api.ts')], {
    cwd: root,
    env: {
      ...process.env,
      PATH: `${join(root, 'node_modules/.bin')}:${process.env.PATH}`,
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      SITE_DIR: join(dataDir, 'no-site'),
      PORT: '0',
      HOST: '127.0.0.1',
      SMTP_URL: '',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  const api: Api = {
    process: child,
    pid: child.pid ?? 0,
    stdout: () => stdout,
    stderr: () => stderr,
    outcome: new Promise((done) => {
      child.stdout?.on('data', (chunk: Buffer) => {
        stdout += chunk.toString();
        const ready = /API on (http:\/\/\S+\/api)/.exec(stdout);
        if (ready?.[1] && !api.base) {
          api.base = ready[1];
          done({ base: ready[1] });
        }
      });
      child.stderr?.on('data', (chunk: Buffer) => {
        stderr += chunk.toString();
      });
      child.once('exit', (code) => done({ code }));
    }),
  };
  return api;
}

async function ready(api: Api): Promise<string> {
  const { base } = await api.outcome;
  if (!base) throw new Error(`the API did not start:\n${api.stdout()}\n${api.stderr()}`);
  return base;
}

/** Waits for a process that should refuse to start; one that starts instead is stopped and reported. */
async function refused(api: Api): Promise<number | null | undefined> {
  const outcome = await api.outcome;
  if (outcome.base) {
    api.process.kill('SIGKILL');
    throw new Error(`the second process started on the same DATA_DIR (${outcome.base})`);
  }
  return outcome.code;
}

function exited(api: Api): Promise<void> {
  if (api.process.exitCode !== null || api.process.signalCode !== null) return Promise.resolve();
  return new Promise((done) => api.process.once('exit', () => done()));
}

async function categories(base: string): Promise<number> {
  const response = await fetch(`${base}/category/list`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ language: 'en' }),
  });
  return response.status;
}

describe('API processes on one embedded database', () => {
  let dataDir = '';
  const started: Api[] = [];
  const start = (dir: string) => {
    const api = spawnApi(dir);
    started.push(api);
    return api;
  };

  beforeAll(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'data-dir-lock-'));
  });

  afterAll(async () => {
    for (const api of started) api.process.kill('SIGKILL');
    await Promise.all(started.map(exited));
    rmSync(dataDir, { recursive: true, force: true });
  });

  let holder: Api | undefined;

  test('a second process on the same DATA_DIR exits non-zero with one line naming the first, which keeps serving', async () => {
    holder = start(dataDir);
    const base = await ready(holder);
    const second = start(dataDir);
    const code = await refused(second);
    expect(code).not.toBe(0);
    const line = second.stderr().trim();
    expect(line.split('\n')).toHaveLength(1);
    expect(line).toContain(`process ${holder.pid}`);
    expect(line).toContain('DATA_DIR');
    expect(line).toContain('DATABASE_URL');
    expect(line).not.toMatch(/\bat \S+:\d+:\d+/);
    expect(await categories(base)).toBe(200);
  }, 180_000);

  test('after the holder is killed with SIGKILL the next start succeeds, and then holds the database itself', async () => {
    if (!holder) throw new Error('no first process');
    holder.process.kill('SIGKILL');
    await exited(holder);
    const next = start(dataDir);
    const base = await ready(next);
    expect(await categories(base)).toBe(200);
    const another = start(dataDir);
    expect(await refused(another)).not.toBe(0);
    expect(another.stderr()).toContain(`process ${next.pid}`);
  }, 180_000);
});
