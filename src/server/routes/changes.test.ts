import { expect, test } from 'vitest';
import { describeApi } from '#tests/support/testing.ts';

// What an incremental build reads (src/data/products-loader.ts): the change feed, and products by id.

describeApi('the change feed and products by id', (api) => {
  /** The feed's position now: changes after it are the test's own. */
  const position = async (): Promise<number> => {
    const answer = await api.post('/system/changes', { since: 0 });
    expect(answer.body.code).toBe(200);
    return answer.body.data.until;
  };

  test('a write shows up once, with the position to ask from next', async () => {
    const since = await position();
    const [product] = await api.db.query<{ id: number }>('select id from product where published order by id limit 1');
    await api.db.query("update product set name_en = name_en || ' II' where id = $1", [product?.id]);
    const answer = await api.post('/system/changes', { language: 'zh', since });
    expect(answer.status).toBe(200);
    expect(answer.body.data).toEqual({
      until: expect.any(Number),
      complete: true,
      changes: [{ entity: 'product', id: String(product?.id), kind: 'update' }],
    });
    expect(answer.body.data.until).toBeGreaterThan(since);
    const next = await api.post('/system/changes', { since: answer.body.data.until });
    expect(next.body.data).toEqual({ until: answer.body.data.until, complete: true, changes: [] });
  });

  test('a position beyond the end gives nothing', async () => {
    const until = await position();
    const answer = await api.post('/system/changes', { since: until + 1000 });
    expect(answer.body.code).toBe(200);
    expect(answer.body.data.changes).toEqual([]);
    expect(answer.body.data.complete).toBe(true);
  });

  test('more than 2,000 entities changed: not complete, no list, and the position past them', async () => {
    const since = await position();
    await api.db.query(
      `insert into system_config (config_name, value_en, value_zh)
       select 'feedLimit' || g, 'a', 'a' from generate_series(1, 2001) g`,
    );
    const answer = await api.post('/system/changes', { since });
    expect(answer.body.data).toMatchObject({ complete: false, changes: [] });
    expect(answer.body.data.until).toBeGreaterThan(since);
    // Exactly at the limit the list is whole.
    const before = answer.body.data.until;
    await api.db.query("delete from system_config where config_name like 'feedLimit%' and config_name <> 'feedLimit1'");
    const atLimit = await api.post('/system/changes', { since: before });
    expect(atLimit.body.data.complete).toBe(true);
    expect(atLimit.body.data.changes).toHaveLength(2000);
    await api.db.query("delete from system_config where config_name = 'feedLimit1'");
  });

  test('a negative, fractional or missing position is refused with 400 in the language asked for', async () => {
    const en = await api.post('/system/changes', { language: 'en', since: -1 });
    expect(en.status).toBe(400);
    expect(en.body).toMatchObject({ code: 400, msg: 'Invalid value for "since": must be at least 0' });
    const zh = await api.post('/system/changes', { language: 'zh', since: -1 });
    expect(zh.status).toBe(400);
    expect(zh.body).toMatchObject({ code: 400, msg: '字段“since”的值无效：不能小于 0' });
    for (const body of [{ since: 1.5 }, {}, { since: '3' }]) {
      expect((await api.post('/system/changes', body)).status).toBe(400);
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
