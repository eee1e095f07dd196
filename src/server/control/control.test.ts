import { execFile } from 'node:child_process';
import {
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readlinkSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { siteBuilder } from '#build/builder.ts';
import { createMailer } from '../mail/mailer.ts';
import { prepareDb, type RunningServer, startServer } from '../server.ts';

// Issue 38: the editor CLI, rebuild and rollback beside a server that holds the embedded database
// (decision 0063). The server runs in this process, the CLIs as the real commands in their own.

const root = resolve(import.meta.dirname, '../../..');
const run = promisify(execFile);

/** A CLI of scripts/ on the data directory `dir`, as its own process; rejects with its output on a non-zero exit. */
const cliIn =
  (dir: string, env: Record<string, string> = {}) =>
  (script: string, ...args: string[]) =>
    run(process.execPath, [join(root, 'scripts', script), ...args], {
      env: { ...process.env, DATA_DIR: dir, DATABASE_URL: '', ...env },
      cwd: dir,
    });

async function serve(dir: string, siteDir?: string): Promise<RunningServer> {
  const db = await prepareDb({ dataDir: join(dir, 'pglite'), seed: false });
  return startServer({
    db,
    port: 0,
    host: '127.0.0.1',
    mailer: createMailer({ outboxDir: join(dir, 'outbox') }),
    siteDir,
    builder: siteDir ? siteBuilder({ db, outDir: siteDir }) : undefined,
  });
}

const bearer = (token: string) => ({ authorization: `Bearer ${token}`, 'content-type': 'application/json' });

describe('the editor CLI beside a server on the embedded database', () => {
  let dir: string;
  let server: RunningServer;
  const cli = (...args: string[]) => cliIn(dir)('editor.ts', ...args);
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'control-'));
    server = await serve(dir);
  }, 60_000);
  afterAll(async () => {
    await server?.close();
    await server?.db.close();
    rmSync(dir, { recursive: true, force: true });
  });

  test('makes an admin with a named token, lists, revokes it (the server refuses it at once) and shows the trail', async () => {
    // Before decision 0063 this stopped at the lock: "The embedded database … is in use by process …".
    expect((await cli('revoke', '--email', 'nobody@example.com')).stdout).toBe(
      'No live token for nobody@example.com.\n',
    );
    const control = join(dir, 'pglite.control');
    expect(statSync(control).mode & 0o777).toBe(0o600);
    expect(JSON.parse(readFileSync(control, 'utf8')).pid).toBe(process.pid);

    const created = await cli('create', '--email', 'Boss@Example.com', '--role', 'admin', '--name', 'laptop');
    const token = created.stdout.trim();
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(created.stderr).toContain(`(through the server, process ${process.pid})`);
    expect(created.stderr).toContain('Made editor boss@example.com (role admin): token "laptop", valid until');
    const me = await fetch(`${server.url}/api/editor/me`, { method: 'POST', headers: bearer(token), body: '{}' });
    expect((await me.json()).data).toMatchObject({
      email: 'boss@example.com',
      role: 'admin',
      token: { name: 'laptop' },
    });

    const list = (await cli('list')).stdout;
    expect(list).toContain('boss@example.com  admin  1 live token');
    expect(list).toMatch(/ {2}laptop \(api, id \d+\) {2}until \d{4}-\d\d-\d\d/);

    expect((await cli('revoke', '--email', 'boss@example.com', '--name', 'laptop')).stdout).toBe(
      'Revoked the token named "laptop" of boss@example.com.\n',
    );
    const after = await fetch(`${server.url}/api/editor/me`, { method: 'POST', headers: bearer(token), body: '{}' });
    expect(after.status).toBe(401);

    const history = (await cli('history', '--editor', 'shell')).stdout;
    expect(history).toMatch(/^3 entries of 3, newest first:/);
    expect(history).toMatch(
      /shell:\S+@\S+ via node scripts\/editor\.ts {2}revoke token \d+ \(boss@example\.com laptop\)/,
    );
    expect(history).toContain('create editor boss@example.com');
    expect(history).toMatch(/create editor boss@example\.com\n {4}what: \{.*"role":"admin"/);
    const json = (await cli('history', '--entity', 'token', '--json')).stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line));
    expect(json.map((entry) => entry.action)).toEqual(['revoke', 'create']);
    expect(json[0].before).toMatchObject({ name: 'laptop', state: 'live' });
  }, 120_000);

  test('a control call needs the secret, and the API port answers none', async () => {
    const { port, secret } = JSON.parse(readFileSync(join(dir, 'pglite.control'), 'utf8'));
    const call = (url: string, authorization: string) =>
      fetch(url, { method: 'POST', headers: { authorization }, body: JSON.stringify({ input: {} }) });
    expect((await call(`http://127.0.0.1:${port}/control/editor.list`, 'Bearer wrong')).status).toBe(401);
    expect((await call(`http://127.0.0.1:${port}/control/editor.list`, `Bearer ${secret}`)).status).toBe(400);
    expect((await call(`${server.url}/control/editor.list`, `Bearer ${secret}`)).status).toBe(404);
  });

  test('a rebuild asked from a shell is queued through the server and in the trail; this server does not build', async () => {
    const outcome = await cliIn(dir)('rebuild.ts').catch((error) => error);
    expect(outcome.code).toBe(1);
    expect(outcome.stdout).toContain(`asked the server (process ${process.pid}) that holds the database`);
    expect(outcome.stdout).toContain('queued, but that server does not build');
    const [build] = await server.db.query<{ id: string; requested_by: string }>(
      'select id, requested_by from site_build',
    );
    expect(build?.requested_by).toMatch(/^shell:/);
    const history = (await cli('history', '--entity', `build:${build?.id}`)).stdout;
    expect(history).toMatch(/via node scripts\/rebuild\.ts {2}rebuild build /);
  }, 120_000);
});

describe('npm run rollback beside a server that publishes, and without one', () => {
  let dir: string;
  let siteDir: string;
  let server: RunningServer | undefined;
  const release = (id: string) => {
    const path = join(`${siteDir}.releases`, id);
    mkdirSync(path, { recursive: true });
    writeFileSync(join(path, 'index.html'), `<p>${id}</p>`);
    writeFileSync(
      join(path, 'release.json'),
      JSON.stringify({ id, publishedAt: `${id.slice(0, 4)}-01-01T00:00:00.000Z` }),
    );
  };
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'control-rollback-'));
    siteDir = join(dir, 'dist');
    release('20240101000000000-aaaaaa');
    release('20250101000000000-bbbbbb');
    symlinkSync(join(`${siteDir}.releases`, '20250101000000000-bbbbbb'), siteDir);
    server = await serve(dir, siteDir);
  }, 60_000);
  afterAll(async () => {
    await server?.close();
    await server?.db.close();
    rmSync(dir, { recursive: true, force: true });
  });
  const current = () => basename(readlinkSync(siteDir));

  test('rolls back through the server, which records it; an editor rolls forward through the API', async () => {
    const rollback = cliIn(dir, { SITE_DIR: siteDir });
    const { stdout } = await rollback('rollback.ts');
    expect(stdout).toBe(
      `Published release 20240101000000000-aaaaaa in place of 20250101000000000-bbbbbb, through the server (process ${process.pid}).\n`,
    );
    expect(current()).toBe('20240101000000000-aaaaaa');
    const before = await rollback('rollback.ts').catch((error) => error);
    expect(before.code).toBe(1);
    expect(before.stderr).toBe('There is no release before 20240101000000000-aaaaaa to roll back to.\n');

    const made = (await cliIn(dir)('editor.ts', 'create', '--email', 'ed@example.com')).stdout.trim();
    const post = (path: string, body: object) =>
      fetch(`${server?.url}/api${path}`, { method: 'POST', headers: bearer(made), body: JSON.stringify(body) });
    const listed = await (await post('/editor/release/list', {})).json();
    // Releases made outside this database (no build of theirs is on record) say nothing of what they took up.
    const unrecorded = { requestedBy: null, changes: null, pagesRendered: null, pagesReused: null };
    expect(listed.data).toEqual([
      { id: '20240101000000000-aaaaaa', current: true, publishedAt: '2024-01-01T00:00:00.000Z', ...unrecorded },
      { id: '20250101000000000-bbbbbb', current: false, publishedAt: '2025-01-01T00:00:00.000Z', ...unrecorded },
    ]);
    const unknown = await post('/editor/release/rollback', { release: '20230101000000000-cccccc' });
    expect(unknown.status).toBe(404);
    const forward = await (await post('/editor/release/rollback', { release: '20250101000000000-bbbbbb' })).json();
    expect(forward.data).toEqual({ from: '20240101000000000-aaaaaa', to: '20250101000000000-bbbbbb' });
    expect(current()).toBe('20250101000000000-bbbbbb');

    const trail = await server?.db.query<{ actor: string; via: string; entity_key: string; before: unknown }>(
      "select actor, via, entity_key, before from audit_log where action = 'rollback' order by id",
    );
    expect(trail).toEqual([
      {
        actor: expect.stringMatching(/^shell:/),
        via: 'node scripts/rollback.ts',
        entity_key: '20240101000000000-aaaaaa',
        before: { release: '20250101000000000-bbbbbb', publishedAt: '2025-01-01T00:00:00.000Z' },
      },
      {
        actor: 'ed@example.com',
        via: 'api',
        entity_key: '20250101000000000-bbbbbb',
        before: { release: '20240101000000000-aaaaaa', publishedAt: '2024-01-01T00:00:00.000Z' },
      },
    ]);
  }, 120_000);

  test('with the server stopped, it opens the database itself and records the rollback there', async () => {
    await server?.close();
    await server?.db.close();
    server = undefined;
    const { stdout } = await cliIn(dir, { SITE_DIR: siteDir })('rollback.ts');
    expect(stdout).toMatch(
      /^Published release 20240101000000000-aaaaaa \(built 2024-01-01T00:00:00\.000Z\) in place of/,
    );
    const history = (await cliIn(dir)('editor.ts', 'history', '--entity', 'release')).stdout;
    expect(history).toMatch(/^3 entries of 3/);
  }, 120_000);
});
