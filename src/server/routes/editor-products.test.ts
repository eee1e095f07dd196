import { expect, test } from 'vitest';
import { asEditor, both, laser } from '#tests/support/editing.ts';
import { describeApi, loggedInCustomer } from '#tests/support/testing.ts';

// The editors' content calls (issue 16) for products: one made, renamed and deleted through the API, and
// seen (or not) through the public calls a build reads and by a customer's cart and orders.

describeApi('editor content calls: products', (api) => {
  const { as, feedMark, feedSince } = asEditor(api);

  test('a product with specifications, options, relations and resources: saved, renamed, and deleted while an order keeps its line', async () => {
    const [top] = await api.db.query<{ key: string }>('select key from category where parent_id is null limit 1');
    await as('/editor/category/save', {
      key: 'zephyr-sources',
      parent: top?.key,
      name: both('Zephyr Sources', '泽菲尔光源'),
      description: both('', ''),
    });
    const other = await as('/editor/product/save', laser('ZP-200', 'Zephyr 200'));
    const full = laser('ZP-300', 'Zephyr 300', {
      options: [
        {
          name: both('Fiber', '光纤'),
          values: [
            { label: both('None', '无'), priceDelta: 0 },
            { label: both('FC/APC', 'FC/APC'), priceDelta: 150 },
          ],
        },
      ],
      alternatives: ['ZP-200'],
      related: ['ZP-200'],
      resources: [{ kind: 'datasheet', title: both('Datasheet', '数据手册'), url: '/files/datasheets/ZP-300.pdf' }],
      isNew: true,
    });
    const saved = await as('/editor/product/save', full);
    expect(saved.body).toMatchObject({ code: 200, data: { partNumber: 'ZP-300', created: true } });
    const id: number = saved.body.data.id;
    const zh = await api.post('/product/item', { id, language: 'zh' });
    expect(zh.body.data).toMatchObject({
      name: 'Zephyr 300 激光器',
      partNumber: 'ZP-300',
      isNew: true,
      attributes: [{ label: '波长', value: '532', unit: 'nm' }],
      options: [{ name: '光纤', values: [{ label: '无' }, { label: 'FC/APC', priceDelta: 150 }] }],
      alternatives: [{ partNumber: 'ZP-200' }],
      related: [{ partNumber: 'ZP-200' }],
      resources: [{ kind: 'datasheet', title: '数据手册', url: '/files/datasheets/ZP-300.pdf' }],
    });
    const search = await api.post('/product/select/keyword', { keyWord: 'ZP-300' });
    expect(search.body.data.map((s: { id?: number }) => s.id)).toContain(id);

    // Renaming its category reindexes the product: it is found by the category's new name.
    const byCategory = async () => {
      const found = await api.post('/product/select/product', { keyWord: 'Borealis', selectType: 'keyword' });
      return found.body.data.productDTOS.records.map((record: { id: number }) => record.id);
    };
    expect(await byCategory()).not.toContain(id);
    await as('/editor/category/save', {
      key: 'zephyr-sources',
      parent: top?.key,
      name: both('Zephyr Borealis Sources', '泽菲尔光源'),
      description: both('', ''),
    });
    expect(await byCategory()).toContain(id);

    const since = await feedMark();
    const renamed = await as('/editor/product/save', {
      ...full,
      name: both('Zephyr 300 Pro', 'Zephyr 300 Pro 激光器'),
    });
    expect(renamed.body.data).toEqual({ id, partNumber: 'ZP-300', created: false });
    const en = await api.post('/product/item', { id });
    expect(en.body.data).toMatchObject({ name: 'Zephyr 300 Pro', slug: `${id}-zephyr-300-pro` });
    const history = await api.post('/system/slug/history', {});
    expect(history.body.data).toContainEqual({
      kind: 'product',
      id,
      oldSlug: `${id}-zephyr-300`,
      slug: `${id}-zephyr-300-pro`,
    });
    expect(await feedSince(since)).toEqual([{ entity: 'product', id: String(id), kind: 'update' }]);
    const byName = await api.post('/product/select/keyword', { keyWord: 'Zephyr 300 Pro' });
    expect(byName.body.data.map((s: { id?: number }) => s.id)).toContain(id);

    // Unknown references are refused with the field's path, in the caller's language; nothing is written.
    const unknownPart = await as('/editor/product/save', { ...full, related: ['ZP-200', 'NO-SUCH'] });
    expect(unknownPart.status).toBe(400);
    expect(unknownPart.body.msg).toBe(
      'Invalid value for "related.1": there is no product with the part number "NO-SUCH".',
    );
    const unknownCategory = await as('/editor/product/save', { ...full, category: 'nowhere', language: 'zh' });
    expect(unknownCategory.body.msg).toBe('字段“category”的值无效：不存在键为“nowhere”的分类。');
    const badPrice = await as('/editor/product/save', { ...full, price: -1, language: 'zh' });
    expect(badPrice.status).toBe(400);
    expect(badPrice.body.msg).toBe('字段“price”的值无效：不能小于 0');
    const badAttribute = await as('/editor/product/save', {
      ...full,
      attributes: [{ label: both('x'.repeat(201), 'x'), value: '1' }],
    });
    expect(badAttribute.body.msg).toBe('Invalid value for "attributes.0.label.en": This is too long.');
    expect((await api.post('/product/item', { id })).body.data.related).toHaveLength(1);

    // An order of it keeps its line after the product is deleted.
    const customer = await loggedInCustomer(api);
    const address = await api.post(
      '/client/addresses/save',
      { name: 'Ada', contactNumber: '+65 6123 4567', address: '1 Way', postalCode: '119276', country: 'Singapore' },
      customer.headers,
    );
    await api.post('/shop/cart/save', { productId: id, quantity: 1 }, customer.headers);
    await api.post('/favorite/save', { productId: id }, customer.headers);
    const order = await api.post('/order/submit', { addressId: address.body.data.id }, customer.headers);
    expect(order.body.code).toBe(200);
    await api.post('/shop/cart/save', { productId: id, quantity: 1 }, customer.headers);
    const otherSince = await feedMark();
    expect((await as('/editor/product/delete', { id })).body.code).toBe(200);
    expect((await api.post('/product/item', { id })).status).toBe(404);
    expect((await as('/editor/product/delete', { id })).status).toBe(404);
    const orders = await api.post('/order/page', {}, customer.headers);
    expect(orders.body.data.records[0].lines).toMatchObject([{ partNumber: 'ZP-300' }]);
    expect((await api.post('/shop/cart/page', {}, customer.headers)).body.data.records).toEqual([]);
    const after = await api.post('/product/select/keyword', { keyWord: 'ZP-300' });
    expect(after.body.data.map((s: { id?: number }) => s.id)).not.toContain(id);
    expect(await feedSince(otherSince)).toEqual([{ entity: 'product', id: String(id), kind: 'delete' }]);
    await as('/editor/product/delete', { id: other.body.data.id });
  });

  test('a product marked discontinued keeps its page, is read back with the mark, and a list of part numbers flags it', async () => {
    const [leaf] = await api.db.query<{ key: string }>(
      'select c.key from category c where not exists (select 1 from category d where d.parent_id = c.id) limit 1',
    );
    const saved = await as(
      '/editor/product/save',
      laser('ZP-900', 'Zephyr 900', { category: leaf?.key, discontinued: true }),
    );
    expect(saved.body.code).toBe(200);
    const id: number = saved.body.data.id;
    const record = (await as('/editor/record/item', { entity: 'product', key: String(id) })).body.data.record;
    expect(record.discontinued).toBe(true);
    expect((await api.post('/product/item', { id })).status).toBe(200);
    const matched = await api.post('/product/match-parts', { lines: [{ partNumber: 'zp900', quantity: 1 }] });
    expect(matched.body.data[0]).toMatchObject({ status: 'discontinued', product: { id } });
    await as('/editor/product/save', laser('ZP-900', 'Zephyr 900', { category: leaf?.key }));
    const again = await api.post('/product/match-parts', { lines: [{ partNumber: 'zp900', quantity: 1 }] });
    expect(again.body.data[0].status).toBe('ok');
    await as('/editor/product/delete', { id });
  });
});
