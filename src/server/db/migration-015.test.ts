import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { databaseKinds, emptyDb } from '#tests/support/testing.ts';
import type { Db } from './index.ts';
import { migrate } from './migrate.ts';

// Migration 015 cleans attachment names: a name stored before it loses its bidirectional controls.
describe.each(databaseKinds)('migration 015 on attachments stored before it (%s)', (kind) => {
  let handle: Awaited<ReturnType<typeof emptyDb>>;
  let db: Db;
  let applied: number[];
  let attachmentId: number;

  beforeAll(async () => {
    handle = await emptyDb(kind);
    db = handle.db;
    await migrate(db, 14);
    const [inquiry] = await db.query<{ id: number }>(
      `insert into inquiry (submission_id, inquiry_type, full_name, email, company, department, country,
         product_model, message, application_industry, agreed_to_terms, language, address)
       values ('00000000-0000-4000-8000-000000000015', 'quote', 'Ada Lovelace', 'ada@example.com',
         'Analytical Engines', 'R&D', 'SG', 'QD-1', 'A quote, please.', 'physics', true, 'en', '203.0.113.7')
       returning id`,
    );
    const [file] = await db.query<{ id: number }>(
      `insert into inquiry_attachment (inquiry_id, file_name, content_type, size, data)
       values ($1, $2, 'application/zip', 22, $3) returning id`,
      [inquiry?.id, 'report\u202Efdp.zip', Buffer.concat([Buffer.from('PK\x05\x06', 'latin1'), Buffer.alloc(18)])],
    );
    attachmentId = file?.id as number;
    applied = await migrate(db);
  }, 60_000);
  afterAll(() => handle?.drop());

  test('applies 015 alone', () => {
    expect(applied).toEqual([15]);
  });

  test('drops the bidirectional controls from an attachment name stored before it', async () => {
    const [file] = await db.query<{ file_name: string }>('select file_name from inquiry_attachment where id = $1', [
      attachmentId,
    ]);
    expect(file?.file_name).toBe('reportfdp.zip');
  });
});
