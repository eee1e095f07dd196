import { beforeAll, expect, test } from 'vitest';
import { describeApi, loggedInCustomer } from '#tests/support/testing.ts';
import { builderKey } from '../auth/builder-key.ts';
import { createEditorToken } from '../auth/editors.ts';
import { FEED_PAGE_ROWS } from '../db/changes.ts';

// What an incremental build reads (src/data/products/loader.ts): the change feed, and products by id.

describeApi('the change feed and products by id', (api) => {
  /** An editor's bearer token, and this process's builder key: the feed answers either. */
  let editor: Record<string, string> = {};
  const builder = { authorization: `Bearer ${builderKey()}` };
  beforeAll(async () => {
    const { token } = await createEditorToken(api.db, 'feed-reader@example.com');
    editor = { authorization: `Bearer ${token}` };
  });
  const feed = (body: Record<string, unknown>, headers: Record<string, string> = builder) =>
    api.post('/system/changes', body, headers);

  /** The feed's position now: changes after it are the test's own. */
  const position = async (): Promise<number> => {
    const answer = await feed({});
    expect(answer.body.code).toBe(200);
    return answer.body.data.until;
  };

  test('answers only builds: no token, a customer token or a wrong one get 401 and nothing of the content', async () => {
    const [hidden] = await api.db.query<{ id: number }>('select id from product order by id limit 1');
    await api.db.query('update product set published = false where id = $1', [hidden?.id]);
    try {
      const { token } = await loggedInCustomer(api);
      const refused = [
        await feed({ since: 0 }, {}),
        await feed({ since: 0 }, { Satoken: token }),
        await feed({ since: 0 }, { authorization: `Bearer ${token}` }),
        await feed({ since: 0 }, { authorization: 'Bearer builder-not-the-key-of-this-process-at-all' }),
        await feed({ since: 0 }, { authorization: 'Basic Zm9vOmJhcg==' }),
      ];
      expect(refused.map((answer) => answer.status)).toEqual([401, 401, 401, 401, 401]);
      for (const answer of refused) expect(answer.body.data).toBeNull();
      expect(refused[0]?.body.msg).toMatch(/^This call is for builds/);
      expect(refused[2]?.body.msg).toMatch(/^This token is neither a live editor token nor/);
      // Refused before the body is read: a body that is not JSON gets the same 401.
      expect((await api.post('/system/changes', 'not json', {})).status).toBe(401);
      // In the caller's language.
      const zh = await api.request('/system/changes?language=zh', { method: 'POST' });
      expect((await zh.json()).msg).toMatch(/^此接口仅供站点构建使用/);
      // The builder key and an editor's token both read it, and nobody caches the answer.
      for (const headers of [builder, editor]) {
        const answer = await api.request('/system/changes', {
          method: 'POST',
          headers: { 'content-type': 'application/json', ...headers },
          body: '{}',
        });
        expect(answer.status).toBe(200);
        expect(answer.headers.get('cache-control')).toBe('no-store');
      }
    } finally {
      await api.db.query('update product set published = true where id = $1', [hidden?.id]);
    }
  });

  test('bounds the calls with a token before looking it up: past ten a second 429, never the builder key', async () => {
    const wrong = { authorization: `Bearer ${'w'.repeat(43)}` };
    const [floods, builders] = await Promise.all([
      Promise.all(Array.from({ length: 30 }, () => feed({ since: 0 }, wrong))),
      Promise.all(Array.from({ length: 5 }, () => feed({}, builder))),
    ]);
    const statuses = floods.map((answer) => answer.status);
    expect(new Set(statuses)).toEqual(new Set([401, 429]));
    expect(statuses.filter((status) => status === 401).length).toBeLessThanOrEqual(20);
    const busy = await api.request('/system/changes', {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...wrong },
      body: '{}',
    });
    if (busy.status === 429) expect(busy.headers.get('retry-after')).toBe('1');
    expect(builders.map((answer) => answer.status)).toEqual([200, 200, 200, 200, 200]);
    // A second on, an editor's token reads it again.
    await new Promise((resolve) => setTimeout(resolve, 1100));
    expect((await feed({}, editor)).status).toBe(200);
  });

  test('a write shows up once, with the position to ask from next', async () => {
    const since = await position();
    const [product] = await api.db.query<{ id: number }>('select id from product where published order by id limit 1');
    await api.db.query("update product set name_en = name_en || ' II' where id = $1", [product?.id]);
    const answer = await feed({ language: 'zh', since }, editor);
    expect(answer.status).toBe(200);
    expect(answer.body.data).toEqual({
      until: expect.any(Number),
      complete: true,
      more: false,
      changes: [{ entity: 'product', id: String(product?.id), kind: 'update' }],
    });
    expect(answer.body.data.until).toBeGreaterThanOrEqual(since);
    const next = await feed({ since: answer.body.data.until });
    expect(next.body.data).toMatchObject({ complete: true, more: false });
  });

  test('a position beyond the end gives nothing', async () => {
    const until = await position();
    const answer = await feed({ since: until + 1000 });
    expect(answer.body.code).toBe(200);
    expect(answer.body.data.changes).toEqual([]);
    expect(answer.body.data.complete).toBe(true);
  });

  test('without a position: only the position now, for a reader that loads everything', async () => {
    const answer = await feed({});
    expect(answer.body.data).toEqual({ until: expect.any(Number), complete: false, more: false, changes: [] });
  });

  test('one write larger than a page (a catalogue import): not complete, no list, and the position past it', async () => {
    const since = await position();
    await api.db.query(
      `insert into system_config (config_name, value_en, value_zh)
       select 'feedLimit' || g, 'a', 'a' from generate_series(1, ${FEED_PAGE_ROWS + 1}) g`,
    );
    const answer = await feed({ since });
    expect(answer.body.data).toMatchObject({ complete: false, more: false, changes: [] });
    expect(answer.body.data.until).toBeGreaterThan(since);
    // One row short of it, the list is whole.
    const before = answer.body.data.until;
    await api.db.query("delete from system_config where config_name like 'feedLimit%' and config_name <> 'feedLimit1'");
    const atLimit = await feed({ since: before });
    expect(atLimit.body.data.complete).toBe(true);
    expect(atLimit.body.data.changes).toHaveLength(FEED_PAGE_ROWS);
    await api.db.query("delete from system_config where config_name = 'feedLimit1'");
  });

  test('a negative or fractional position is refused with 400 in the language asked for', async () => {
    const en = await feed({ language: 'en', since: -1 });
    expect(en.status).toBe(400);
    expect(en.body).toMatchObject({ code: 400, msg: 'Invalid value for "since": must be at least 0' });
    const zh = await feed({ language: 'zh', since: -1 });
    expect(zh.status).toBe(400);
    expect(zh.body).toMatchObject({ code: 400, msg: '字段“since”的值无效：不能小于 0' });
    for (const body of [{ since: 1.5 }, { since: '3' }]) {
      expect((await feed(body)).status).toBe(400);
    }
  });

  test('/product/page with ids answers those of them that are published, in the usual order', async () => {
    const rows = await api.db.query<{ id: number }>('select id from product where published order by id limit 4');
    const ids = rows.map((row) => row.id);
    const [hidden, ...shown] = ids as [number, ...number[]];
    await api.db.query('update product set published = false where id = $1', [hidden]);
    try {
      const answer = await api.post('/product/page', { language: 'zh', ids: [...ids].reverse(), pageSize: 999 });
      expect(answer.body.code).toBe(200);
      expect(answer.body.data.total).toBe(3);
      const all = await api.post('/product/page', { language: 'zh', pageSize: 999 });
      const expected = all.body.data.records.filter((p: { id: number }) => shown.includes(p.id));
      expect(answer.body.data.records).toEqual(expected);
      const none = await api.post('/product/page', { ids: [], pageSize: 999 });
      expect(none.body.data).toMatchObject({ total: 0, records: [] });
      const unknown = await api.post('/product/page', { ids: [2_000_000_000] });
      expect(unknown.body.data.total).toBe(0);
    } finally {
      await api.db.query('update product set published = true where id = $1', [hidden]);
    }
  });

  test('/product/page refuses more than 999 ids, and ids that are not ids', async () => {
    const many = await api.post('/product/page', { ids: Array.from({ length: 1000 }, (_, i) => i + 1) });
    expect(many.status).toBe(400);
    expect(many.body.msg).toBe('Invalid value for "ids": at most 999 items are allowed');
    const zh = await api.post('/product/page', { language: 'zh', ids: [0] });
    expect(zh.status).toBe(400);
    expect(zh.body.msg).toBe('字段“ids.0”的值无效：不能小于 1');
  });
});
