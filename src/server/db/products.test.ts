import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { databaseKinds, freshDb } from '#tests/support/testing.ts';
import type { Db } from './index.ts';
import { getProduct, pageProducts } from './products.ts';

// Product records are read from the database as JSON (jsonRows in products.ts): what the rows hold must
// come out exactly, in the rows' order, as the rows themselves would give it.
describe.each(databaseKinds)('product records read as JSON (%s)', (kind) => {
  let handle: Awaited<ReturnType<typeof freshDb>>;
  let db: Db;
  let id: number;
  beforeAll(async () => {
    handle = await freshDb(kind);
    db = handle.db;
    const [product] = await db.query<{ id: number }>(
      `select p.id from product p where p.published
         and exists (select 1 from product_option o join product_option_value v on v.option_id = o.id where o.product_id = p.id)
         and (select count(*) from product_relation r where r.product_id = p.id and r.kind = 'related') >= 2
         and (select count(*) from product_attribute a where a.product_id = p.id) >= 3
       order by p.id limit 1`,
    );
    if (!product) throw new Error('the demo catalogue has no product with options, relations and attributes');
    id = product.id;
    // Cents, a time finer than a millisecond, text that JSON escapes, and orders that differ from insertion.
    await db.query(
      `update product set price = 1234.50, updated_at = '2026-03-04 05:06:07.891234+00',
         name_en = 'Quote "this" \\ back\\slash, tab\t and 光谱 😀' where id = $1`,
      [id],
    );
    await db.query('update product_attribute set sort = 1000 - sort where product_id = $1', [id]);
    await db.query(
      `update product_option_value set price_delta = 0.05 where id = (select min(v.id) from product_option_value v
         join product_option o on o.id = v.option_id where o.product_id = $1)`,
      [id],
    );
    await db.query(`update product_relation set sort = 100 - sort where product_id = $1 and kind = 'related'`, [id]);
  }, 60_000);
  afterAll(() => handle?.drop());

  test('gives prices, times, texts and every list as the rows hold them, in their order', async () => {
    const product = await getProduct(db, 'en', id);
    expect(product?.price).toBe(1234.5);
    expect(product?.updatedAt).toBe('2026-03-04T05:06:07.891Z');
    expect(product?.name).toBe('Quote "this" \\ back\\slash, tab\t and 光谱 😀');
    const attributes = await db.query<{ label: string; value: string; unit: string }>(
      'select label_en as label, value_en as value, unit from product_attribute where product_id = $1 order by sort',
      [id],
    );
    expect(product?.attributes).toEqual(attributes);
    const values = await db.query<{ id: number; price_delta: string }>(
      `select v.id, v.price_delta::text from product_option_value v join product_option o on o.id = v.option_id
       where o.product_id = $1 order by o.sort, o.id, v.sort, v.id`,
      [id],
    );
    const given = product?.options.flatMap((option) => option.values) ?? [];
    expect(given.map((value) => value.id)).toEqual(values.map((value) => value.id));
    expect(given.map((value) => value.priceDelta)).toEqual(values.map((value) => Number(value.price_delta)));
    expect(given.some((value) => value.priceDelta === 0.05)).toBe(true);
    const related = await db.query<{ id: number }>(
      `select r.related_id as id from product_relation r join product p on p.id = r.related_id and p.published
       where r.product_id = $1 and r.kind = 'related' order by r.sort`,
      [id],
    );
    expect(product?.related.map((card) => card.id)).toEqual(related.map((card) => card.id));
  });

  test('gives the same record in a page as alone, and pages in the order of sort and id', async () => {
    const page = await pageProducts(db, 'en', { pageNum: 1, pageSize: 999 });
    expect(page.records.find((record) => record.id === id)).toEqual(await getProduct(db, 'en', id));
    const order = await db.query<{ id: number }>('select id from product where published order by sort, id');
    expect(page.records.map((record) => record.id)).toEqual(order.map((row) => row.id));
  });
});
