import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { databaseKinds, emptyDb } from '#tests/support/testing.ts';
import { newToken, sha256 } from '../auth/token.ts';
import { confirmNewsletter, unsubscribeNewsletter } from '../inquiry/newsletter.ts';
import type { Db } from './index.ts';
import { migrate } from './migrate.ts';

// Migration 015 keeps newsletter links as hashes only and cleans attachment names: the links mailed before
// it keep working, and a name stored before it loses its bidirectional controls.
describe.each(databaseKinds)('migration 015 on newsletter links and attachments stored before it (%s)', (kind) => {
  let handle: Awaited<ReturnType<typeof emptyDb>>;
  let db: Db;
  let applied: number[];
  const pendingConfirm = newToken();
  const pendingUnsubscribe = newToken();
  const confirmedUnsubscribe = newToken();
  let attachmentId: number;

  beforeAll(async () => {
    handle = await emptyDb(kind);
    db = handle.db;
    await migrate(db, 14);
    // As the code of migration 007 wrote them: the confirmation token hashed, the unsubscribe token plain.
    await db.query(
      `insert into newsletter_subscriber (email, phone, language, status, confirm_token_hash, confirm_sent_at,
         unsubscribe_token)
       values ('pending@example.com', '+65 6123 4567', 'zh', 'pending', $1, now() - interval '1 day', $2),
              ('reader@example.com', '', 'en', 'confirmed', null, now() - interval '30 days', $3)`,
      [sha256(pendingConfirm), pendingUnsubscribe, confirmedUnsubscribe],
    );
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
    applied = await migrate(db, 15);
  }, 60_000);
  afterAll(() => handle?.drop());

  test('applies 015, after which no table holds a newsletter token in plain text', async () => {
    expect(applied).toEqual([15]);
    const tables = await db.query<{ table_name: string }>(
      "select table_name from information_schema.tables where table_name like 'newsletter%'",
    );
    expect(tables.length).toBeGreaterThan(0);
    for (const { table_name } of tables) {
      const rows = await db.query<{ row: string }>(`select to_jsonb(t)::text as row from ${table_name} t`);
      for (const { row } of rows) {
        for (const token of [pendingConfirm, pendingUnsubscribe, confirmedUnsubscribe])
          expect(row).not.toContain(token);
      }
    }
  });

  test('keeps the links mailed before it working: a pending confirmation and every unsubscribe link', async () => {
    expect(await confirmNewsletter(db, pendingConfirm)).toBe('confirmed');
    const [pending] = await db.query('select status, phone, language from newsletter_subscriber where email = $1', [
      'pending@example.com',
    ]);
    expect(pending).toEqual({ status: 'confirmed', phone: '+65 6123 4567', language: 'zh' });
    expect(await unsubscribeNewsletter(db, confirmedUnsubscribe)).toBe('unsubscribed');
    expect(await unsubscribeNewsletter(db, pendingUnsubscribe)).toBe('unsubscribed');
    const statuses = await db.query<{ status: string }>('select status from newsletter_subscriber order by email');
    expect(statuses.map((row) => row.status)).toEqual(['unsubscribed', 'unsubscribed']);
  });

  test('drops the bidirectional controls from an attachment name stored before it', async () => {
    const [file] = await db.query<{ file_name: string }>('select file_name from inquiry_attachment where id = $1', [
      attachmentId,
    ]);
    expect(file?.file_name).toBe('reportfdp.zip');
  });
});
