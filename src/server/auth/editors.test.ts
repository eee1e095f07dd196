import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { prepareDb } from '../server.ts';
import { findEditor } from './editors.ts';

const root = resolve(import.meta.dirname, '../../..');
const run = promisify(execFile);

describe('npm run editor', () => {
  let dir: string;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'editors-'));
    await (await prepareDb({ dataDir: join(dir, 'pglite'), seed: false })).close();
  }, 60_000);
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  const cli = (...args: string[]) =>
    run(process.execPath, [join(root, 'scripts/editor.ts'), ...args], {
      env: { ...process.env, DATA_DIR: dir, DATABASE_URL: '' },
      cwd: dir,
    });

  test('creates an editor with a token shown once, lists it, and revokes it', async () => {
    const created = await cli('create', '--email', 'Ed@Example.com');
    const token = created.stdout.trim();
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(created.stderr).toContain('Made editor ed@example.com (role editor): token "token-1", valid until');
    const second = (await cli('create', '--email', 'ed@example.com')).stdout.trim();
    expect(second).not.toBe(token);

    expect((await cli('list')).stdout).toMatch(/ed@example\.com {2}editor {2}2 live tokens/);
    expect((await cli('revoke', '--email', 'ed@example.com')).stdout).toBe('Revoked 2 tokens of ed@example.com.\n');

    const db = await prepareDb({ dataDir: join(dir, 'pglite'), seed: false });
    try {
      expect(await findEditor(db, token)).toBeUndefined();
      const [stored] = await db.query<{ n: number }>(
        'select count(*)::int as n from editor_token where token_hash = $1',
        [token],
      );
      expect(stored?.n).toBe(0);
    } finally {
      await db.close();
    }
  }, 60_000);

  test('gives roles, names and ends to tokens, and revokes one by name', async () => {
    const created = await cli(
      'create',
      '--email',
      'chief@example.com',
      '--role',
      'admin',
      '--name',
      'ci',
      '--days',
      '7',
    );
    expect(created.stderr).toContain('Made editor chief@example.com (role admin): token "ci", valid until');
    const until = Date.parse(`${/valid until (\S+ \S+) UTC/.exec(created.stderr)?.[1]?.replace(' ', 'T')}Z`);
    expect((until - Date.now()) / 86_400_000).toBeCloseTo(7, 1);
    await cli('create', '--email', 'chief@example.com', '--name', 'laptop');
    const taken = await cli('create', '--email', 'chief@example.com', '--name', 'ci').catch((error) => error);
    expect(taken.code).toBe(1);
    expect(taken.stderr).toContain('chief@example.com already has a live token named "ci"');
    // --role on an editor who exists changes the role.
    await cli('create', '--email', 'writer@example.com', '--name', 'first');
    expect((await cli('create', '--email', 'writer@example.com', '--role', 'admin')).stderr).toContain(
      'New token for editor writer@example.com (role admin)',
    );

    expect((await cli('revoke', '--email', 'chief@example.com', '--name', 'ci')).stdout).toBe(
      'Revoked the token named "ci" of chief@example.com.\n',
    );
    expect((await cli('revoke', '--email', 'chief@example.com', '--name', 'ci')).stdout).toBe(
      'No live token named "ci" for chief@example.com.\n',
    );
    const list = (await cli('list')).stdout;
    expect(list).toMatch(/chief@example\.com {2}admin {2}1 live token\n {2}laptop \(api, id \d+\)/);

    const history = (await cli('history', '--entity', 'editor:writer@example.com')).stdout;
    expect(history).toMatch(
      /^2 entries of 2, newest first:\n#\d+ .* {2}role editor writer@example\.com\n {4}before: \{.*"role":"editor"/,
    );
    const today = new Date().toISOString().slice(0, 10);
    expect((await cli('history', '--date', today, '--limit', '2')).stdout).toMatch(/^2 entries of \d+, newest first:/);
    expect((await cli('history', '--since', '2999-01-01')).stdout).toBe('No entries.\n');
    expect((await cli('history', '--editor', 'nobody@example.com')).stdout).toBe('No entries.\n');
  }, 120_000);

  test('explains a missing or bad email, role, name or day and an unknown command', async () => {
    const noEmail = await cli('create').catch((error) => error);
    expect(noEmail.code).toBe(2);
    expect(noEmail.stderr).toContain('create takes --email with a valid email address.');
    const unknown = await cli('promote').catch((error) => error);
    expect(unknown.stderr).toContain('Unknown command "promote".');
    const role = await cli('create', '--email', 'a@example.com', '--role', 'owner').catch((error) => error);
    expect(role.stderr).toContain('--role is editor or admin, not "owner".');
    const name = await cli('create', '--email', 'a@example.com', '--name', 'my laptop').catch((error) => error);
    expect(name.stderr).toContain('--name is a letter or digit');
    const days = await cli('create', '--email', 'a@example.com', '--days', '400').catch((error) => error);
    expect(days.stderr).toContain('--days is a whole number from 1 to 365.');
    const when = await cli('history', '--since', 'yesterday').catch((error) => error);
    expect(when.stderr).toContain('--since is a day as YYYY-MM-DD, or an ISO time.');
    const stray = await cli('list', '--email', 'a@example.com').catch((error) => error);
    expect(stray.stderr).toContain('list takes no --email.');
  }, 60_000);
});
