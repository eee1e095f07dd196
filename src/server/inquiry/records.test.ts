import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { csvField } from '#lib/csv.ts';
import { createApp } from '../app.ts';
import type { Db } from '../db/index.ts';
import { createMailer } from '../mail/mailer.ts';
import { createOutbox } from '../mail/outbox.ts';
import { prepareDb } from '../server.ts';
import { CSV_COLUMNS, getInquiry, inquiriesCsv, inquiriesSince, listInquiries } from './records.ts';

const root = resolve(import.meta.dirname, '../../..');
const run = promisify(execFile);
const PDF = Buffer.from('%PDF-1.4\n% a datasheet\n%%EOF\n');

/** Sends an inquiry through the real app (as the form does: multipart, with or without a file). */
async function send(db: Db, mailDir: string, values: Record<string, string>, file?: Buffer) {
  const outbox = createOutbox(db, createMailer({ outboxDir: mailDir }));
  const app = createApp({ db, outbox });
  const [category] = await db.query<{ id: number }>('select id from category order by id limit 1');
  const form = new FormData();
  const fields = {
    inquiryType: 'quote',
    fullName: 'Ada Lovelace',
    email: 'ada@example.com',
    company: 'Analytical Engines Ltd',
    department: 'Research',
    country: 'Singapore',
    productModel: 'CCS200/M',
    message: 'Please quote.',
    interestProducts: String(category?.id),
    applicationIndustry: 'physics',
    agreeToTerms: 'true',
    submissionId: randomUUID(),
    ...values,
  };
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  if (file) form.append('attachment', new Blob([new Uint8Array(file)], { type: 'application/pdf' }), 'datasheet.pdf');
  const response = await app.request('/api/inquiry/submit', { method: 'POST', body: form });
  const body = await response.json();
  if (response.status !== 200) throw new Error(body.msg);
  await outbox.idle();
  return body.data.inquiryId as number;
}

describe('the inquiries for the sales team', () => {
  let dir: string;
  let db: Db;
  let plain: number;
  let withFile: number;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'inquiries-'));
    db = await prepareDb({ dataDir: join(dir, 'pglite') });
    plain = await send(db, join(dir, 'mail'), { fullName: 'Grace "Amazing" Hopper', message: 'Line one,\nline two' });
    withFile = await send(
      db,
      join(dir, 'mail'),
      { company: '=HYPERLINK("http://evil.example")', department: '光谱实验室', language: 'zh' },
      PDF,
    );
  }, 60_000);
  afterAll(async () => {
    await db?.close().catch(() => undefined);
    rmSync(dir, { recursive: true, force: true });
  });

  test('lists the newest first, with the attachment described but not read', async () => {
    const { records, total } = await listInquiries(db);
    expect(total).toBe(2);
    expect(records.map((r) => r.id)).toEqual([withFile, plain]);
    expect(records[0]?.attachment).toEqual({ name: 'datasheet.pdf', type: 'application/pdf', size: PDF.length });
    expect(records[1]?.attachment).toBeNull();
  });

  test('gives one inquiry with its file, byte for byte', async () => {
    const found = await getInquiry(db, withFile);
    expect(Buffer.from(found?.file ?? []).equals(PDF)).toBe(true);
    expect(await getInquiry(db, 999_999)).toBeUndefined();
  });

  test('exports every field as CSV a spreadsheet reads safely', async () => {
    const csv = inquiriesCsv(await inquiriesSince(db, new Date('2000-01-01')));
    // UTF-8 with a byte order mark, which Excel needs to read Chinese as Chinese.
    expect(csv.startsWith('\uFEFF')).toBe(true);
    expect([...Buffer.from(csv, 'utf8').subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(csv).toContain(',光谱实验室,');
    const [header, first] = csv.slice(1).split('\r\n');
    expect(header).toBe(CSV_COLUMNS.join(','));
    expect(first).toContain('"Grace ""Amazing"" Hopper"');
    expect(first).toContain('"Line one,\nline two"');
    expect(csv).toContain(`"'=HYPERLINK(""http://evil.example"")"`);
    expect(csv).toContain(`datasheet.pdf,application/pdf,${PDF.length}`);
    expect(inquiriesCsv(await inquiriesSince(db, new Date(Date.now() + 86_400_000)))).toBe(`\uFEFF${header}\r\n`);
    expect(csvField('-1+1')).toBe("'-1+1");
    expect(csvField(42)).toBe('42');
  });

  test('answers `npm run inquiries` list, show (writing the file) and export, and explains bad arguments', async () => {
    await db.close();
    const env = { ...process.env, DATA_DIR: dir, DATABASE_URL: '' };
    const cli = (...args: string[]) =>
      run(process.execPath, [join(root, 'scripts/inquiries.ts'), ...args], { env, cwd: dir });

    const listed = await cli('list');
    expect(listed.stdout).toMatch(new RegExp(`^2 inquiries:\\n#${withFile} .*datasheet\\.pdf`));

    const shown = await cli('show', String(withFile), '--out', dir);
    expect(shown.stdout).toContain('Product or model: CCS200/M');
    expect(readFileSync(join(dir, `inquiry-${withFile}-datasheet.pdf`)).equals(PDF)).toBe(true);

    const file = join(dir, 'export.csv');
    await cli('export', '--since', '2000-01-01', '--file', file);
    expect(readFileSync(file, 'utf8').split('\r\n')).toHaveLength(4);
    expect([...readFileSync(file).subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);

    const wrong = await cli('export', '--since', 'last week').catch((error) => error);
    expect(wrong.code).toBe(2);
    expect(wrong.stderr).toContain('export takes --since YYYY-MM-DD.');
    const missing = await cli('show', '12345').catch((error) => error);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain('No inquiry #12345.');
    db = await prepareDb({ dataDir: join(dir, 'pglite') });
  }, 60_000);
});
