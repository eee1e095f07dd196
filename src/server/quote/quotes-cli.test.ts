import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { pdfText } from '#tests/support/pdf-text.ts';
import { createQuoteFromCart } from '../db/quotes.ts';
import { prepareDb } from '../server.ts';

// `npm run quotes`, run as the sales team runs it: a child process on the embedded database under DATA_DIR.

const root = resolve(import.meta.dirname, '../../..');
const run = promisify(execFile);

describe('npm run quotes', () => {
  let dir: string;
  let quoteNo: string;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'quotes-cli-'));
    const db = await prepareDb({ dataDir: join(dir, 'pglite') });
    try {
      const [customer] = await db.query<{ id: number }>(
        `insert into customer (username, email, name, contact_number, password_hash)
         values ('lin', 'lin@example.com', '林 Wei, "Optics"', '+86 10 1234 5678', 'x') returning id`,
      );
      await db.query(
        `insert into cart_item (customer_id, product_id, quantity)
         select $1, id, 3 from product where part_number in ('LS-405-50', 'PD-SI-150')`,
        [customer?.id],
      );
      quoteNo = (await db.transaction((tx) => createQuoteFromCart(tx, 'zh', customer?.id as number))).quoteNo;
    } finally {
      await db.close();
    }
  }, 120_000);
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  const cli = (...args: string[]) =>
    run(process.execPath, [join(root, 'scripts/quotes.ts'), ...args], {
      env: { ...process.env, DATA_DIR: dir, DATABASE_URL: '' },
      cwd: dir,
    });

  test('lists quotes, shows one with its PDF, exports lines as CSV, and explains bad arguments', async () => {
    const list = await cli('list');
    expect(list.stdout).toContain(quoteNo);
    expect(list.stdout).toContain('2 lines');

    const show = await cli('show', quoteNo.toLowerCase(), '--pdf', dir);
    expect(show.stdout).toContain(`Quote ${quoteNo}`);
    expect(show.stdout).toContain('LS-405-50');
    expect(show.stdout).toContain('in zh');
    const pdf = pdfText(readFileSync(join(dir, `${quoteNo}.pdf`)));
    expect(pdf).toContain(quoteNo);
    expect(pdf).toContain('报价单号');

    const today = new Date().toISOString().slice(0, 10);
    const csv = (await cli('export', '--since', today)).stdout;
    const lines = csv.trim().split('\r\n');
    expect(lines).toHaveLength(3);
    expect(lines[1]).toContain('"林 Wei, ""Optics"""');

    await expect(cli('show', 'nope')).rejects.toMatchObject({ code: 2 });
    await expect(cli('export', '--since', 'yesterday')).rejects.toMatchObject({ code: 2 });
    // Not a day, though Date would read it as 2 March.
    await expect(cli('export', '--since', '2026-02-30')).rejects.toMatchObject({ code: 2 });
    await expect(cli('show', 'Q20000101-999999')).rejects.toMatchObject({
      code: 1,
      stderr: expect.stringContaining('No quote'),
    });
  });
});
