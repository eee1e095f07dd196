import { expect, test } from 'vitest';
import { describeApi, loggedInCustomer } from '#tests/support/testing.ts';

describeApi('favourites', (api) => {
  test('saves a product once, however often it is saved', async () => {
    const { headers, customer } = await loggedInCustomer(api);
    const [product] = await api.db.query<{ id: number }>('select id from product where published order by id limit 1');
    const first = await api.post('/favorite/save', { productId: product?.id }, headers);
    expect(first.body.data).toMatchObject({ productId: product?.id, product: { id: product?.id } });
    const second = await api.post('/favorite/save', { productId: product?.id }, headers);
    expect(second.body.data).toEqual(first.body.data);
    const rows = await api.db.query('select * from favourite where customer_id = $1', [customer.id]);
    expect(rows).toHaveLength(1);
    const page = await api.post('/favorite/page', { pageNum: 1, pageSize: 999 }, headers);
    expect(page.body.data).toMatchObject({ total: 1, records: [first.body.data] });
  });

  test('answers every one of simultaneous saves of a product with the one favourite', async () => {
    const { headers, customer } = await loggedInCustomer(api);
    const [product] = await api.db.query<{ id: number }>('select id from product where published order by id limit 1');
    const saves = await Promise.all(
      Array.from({ length: 12 }, () => api.post('/favorite/save', { productId: product?.id }, headers)),
    );
    expect(saves.map((save) => save.body.code)).toEqual(Array(12).fill(200));
    expect(new Set(saves.map((save) => save.body.data.createdAt)).size).toBe(1);
    expect(await api.db.query('select * from favourite where customer_id = $1', [customer.id])).toHaveLength(1);
  });

  test('answers product summaries in the request language, newest first', async () => {
    const { headers } = await loggedInCustomer(api);
    const ids = (await api.db.query<{ id: number }>('select id from product where published order by id limit 3')).map(
      (row) => row.id,
    );
    for (const productId of ids) await api.post('/favorite/save', { productId }, headers);
    const zh = await api.post('/favorite/page', { language: 'zh', pageSize: 999 }, headers);
    expect(zh.body.data.records.map((f: { productId: number }) => f.productId)).toEqual([...ids].reverse());
    expect(zh.body.data.records[0].product.name).toMatch(/[\u4e00-\u9fff]/);
  });

  test('removes a favourite, and refuses an unknown product with 404', async () => {
    const { headers } = await loggedInCustomer(api);
    const [product] = await api.db.query<{ id: number }>('select id from product where published order by id limit 1');
    await api.post('/favorite/save', { productId: product?.id }, headers);
    expect((await api.post('/favorite/delete', { productId: product?.id }, headers)).body.code).toBe(200);
    expect((await api.post('/favorite/page', {}, headers)).body.data.total).toBe(0);
    const unknown = await api.post('/favorite/save', { productId: 888888 }, headers);
    expect(unknown.body).toEqual({ code: 404, msg: 'Not found: no product with id 888888.', data: null });
  });
});
