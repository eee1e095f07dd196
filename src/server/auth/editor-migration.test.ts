import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { databaseKinds, emptyDb } from '#tests/support/testing.ts';
import type { Db } from '../db/index.ts';
import { migrate } from '../db/migrate.ts';
import { findEditor } from './editors.ts';
import { sha256 } from './token.ts';

// Migration 013 on a database with editors and tokens made before roles: the editors get the narrower
// role, live tokens a name and 90 days, revoked ones stay revoked; the tokens still in use keep working.
describe.each(databaseKinds)('migration 013 on editors made before roles (%s)', (kind) => {
  let handle: Awaited<ReturnType<typeof emptyDb>>;
  let db: Db;
  beforeAll(async () => {
    handle = await emptyDb(kind);
    db = handle.db;
    await migrate(db, 12);
    await db.query("insert into editor (email) values ('old@example.com')");
    await db.query(
      `insert into editor_token (editor_id, token_hash, revoked_at)
       select id, $1, null from editor union all select id, $2, now() - interval '1 day' from editor`,
      [sha256('live-token-made-before-roles-000000'), sha256('revoked-token-made-before-roles-00')],
    );
    expect(await migrate(db, 13)).toEqual([13]);
  }, 60_000);
  afterAll(() => handle?.drop());

  test('editors become editors; tokens get a name and an end, revoked ones stay ended', async () => {
    expect(await db.query('select email, role from editor')).toEqual([{ email: 'old@example.com', role: 'editor' }]);
    const tokens = await db.query<{ name: string; live: boolean; days: number; kind: string }>(
      `select name, kind, revoked_at is null and expires_at > now() as live,
         round(extract(epoch from expires_at - now()) / 86400)::int as days
       from editor_token order by id`,
    );
    expect(tokens).toEqual([
      { name: 'token-1', kind: 'api', live: true, days: 90 },
      { name: 'token-2', kind: 'api', live: false, days: -1 },
    ]);
    expect(await findEditor(db, 'live-token-made-before-roles-000000')).toMatchObject({
      email: 'old@example.com',
      role: 'editor',
      tokenName: 'token-1',
    });
    expect(await findEditor(db, 'revoked-token-made-before-roles-00')).toBeUndefined();
  });
});
