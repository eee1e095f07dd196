import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { prepareDb } from '../server.ts';
import { MAX_ATTEMPTS, queueMail } from './outbox.ts';

// `npm run outbox`, run as the sales team runs it: a child process on the embedded database under DATA_DIR.

const root = resolve(import.meta.dirname, '../../..');
const run = promisify(execFile);

describe('npm run outbox', () => {
  let dir: string;
  let failedId: number;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'outbox-cli-'));
    const db = await prepareDb({ dataDir: join(dir, 'pglite'), seed: false });
    try {
      const message = (to: string) => ({ to, subject: `Quote for ${to}`, text: 'Text', html: '<p>Text</p>' });
      await queueMail(db, message('pending@example.com'));
      await queueMail(db, message('gave-up@example.com'));
      const [row] = await db.query<{ id: number }>(
        `update mail_outbox set attempts = $1, failed_at = now(), last_error = 'connect ECONNREFUSED 127.0.0.1:25'
         where to_address = 'gave-up@example.com' returning id`,
        [MAX_ATTEMPTS],
      );
      failedId = row?.id ?? 0;
    } finally {
      await db.close();
    }
  }, 60_000);
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  const cli = (...args: string[]) =>
    run(process.execPath, [join(root, 'scripts/outbox.ts'), ...args], {
      env: { ...process.env, DATA_DIR: dir, DATABASE_URL: '' },
      cwd: dir,
    });

  test('lists what is unsent and what was given up, retries a failed message, and explains bad arguments', async () => {
    const all = await cli('list');
    expect(all.stdout).toMatch(/^2 unsent messages in /);
    expect(all.stdout).toContain('to pending@example.com: Quote for pending@example.com');

    const failed = await cli('list', '--failed');
    expect(failed.stdout).toMatch(/^1 failed message in /);
    expect(failed.stdout).toContain(`#${failedId}  failed after ${MAX_ATTEMPTS} tries`);
    expect(failed.stdout).toContain('last error: connect ECONNREFUSED');

    expect((await cli('retry', String(failedId))).stdout).toContain(`1 message back to pending (#${failedId})`);
    expect((await cli('list', '--failed')).stdout).toMatch(/^0 failed messages in /);

    const unknown = await cli('retry', String(failedId)).catch((error) => error);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain(`Message ${failedId} is not a failed message`);
    const wrong = await cli('retry', 'everything').catch((error) => error);
    expect(wrong.code).toBe(2);
    expect(wrong.stderr).toContain('retry takes one message id');
  }, 60_000);
});
