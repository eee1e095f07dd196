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
    expect(created.stderr).toContain('Made editor ed@example.com');
    const second = (await cli('create', '--email', 'ed@example.com')).stdout.trim();
    expect(second).not.toBe(token);

    expect((await cli('list')).stdout).toMatch(/ed@example\.com {2}2 live tokens/);
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

  test('explains a missing or bad email and an unknown command', async () => {
    const noEmail = await cli('create').catch((error) => error);
    expect(noEmail.code).toBe(2);
    expect(noEmail.stderr).toContain('create takes --email with a valid email address.');
    const unknown = await cli('promote').catch((error) => error);
    expect(unknown.stderr).toContain('Unknown command "promote".');
  }, 60_000);
});
