import { beforeAll, expect, test } from 'vitest';
import { calls } from '#api/index.ts';
import { describeApi, loggedInCustomer } from '#tests/support/testing.ts';
import { createEditorToken } from '../auth/editors.ts';
import { changesSince } from '../db/changes.ts';

// The editors' content calls (issue 16): each entity made, renamed, unpublished, published and deleted
// through the API, and seen (or not) through the public calls a build reads.

const both = (en: string, zh: string) => ({ en, zh });

const laser = (partNumber: string, name: string, extra: Record<string, unknown> = {}) => ({
  partNumber,
  category: 'zephyr-sources',
  family: 'laser',
  name: both(name, `${name} 激光器`),
  summary: both('A test laser.', '测试激光器。'),
  description: both('For the editor tests.', '用于编辑测试。'),
  price: 1200,
  leadTimeDays: 10,
  stock: 3,
  attributes: [{ label: both('Wavelength', '波长'), value: '532', unit: 'nm' }],
  ...extra,
});

describeApi('editor content calls', (api) => {
  let headers: Record<string, string> = {};
  const as = async (path: string, body: Record<string, unknown>) => api.post(path, body, headers);
  const feedMark = async () => (await changesSince(api.db, Number.MAX_SAFE_INTEGER)).until;
  const feedSince = async (since: number) => (await changesSince(api.db, since)).changes;
  const ids = (answer: { body: { data: { records: { id: number }[] } } }) =>
    answer.body.data.records.map((record) => record.id);

  beforeAll(async () => {
    const { token } = await createEditorToken(api.db, 'content@example.com');
    headers = { authorization: `Bearer ${token}` };
  });

  test('refuses every content call without an editor token, and documents each with the bearer scheme', async () => {
    const editorPaths = calls.map((call) => call.path).filter((path) => path.startsWith('/editor/'));
    expect(editorPaths.length).toBe(18);
    for (const path of editorPaths) {
      const answer = await api.post(path, { id: 1, published: false });
      expect(answer.status, path).toBe(401);
    }
    const doc = (await api.get('/openapi.json')).body;
    for (const path of editorPaths) expect(doc.paths[path].post.security, path).toEqual([{ editorToken: [] }]);
  });

  test('a category: created in both languages, renamed (old slug kept), unpublished, published and deleted', async () => {
    const since = await feedMark();
    const top = await as('/editor/category/save', {
      key: 'zephyr',
      name: both('Zephyr Optics', '泽菲尔光学'),
      description: both('Test top category.', '测试顶级分类。'),
    });
    expect(top.body).toMatchObject({ code: 200, data: { key: 'zephyr', created: true } });
    const child = await as('/editor/category/save', {
      key: 'zephyr-sources',
      parent: 'zephyr',
      name: both('Zephyr Sources', '泽菲尔光源'),
      description: both('', ''),
    });
    const id: number = child.body.data.id;
    for (const [language, name] of [
      ['en', 'Zephyr Sources'],
      ['zh', '泽菲尔光源'],
    ]) {
      const list = await api.post('/category/list', { language });
      const parent = list.body.data.find((node: { id: number }) => node.id === top.body.data.id);
      expect(parent.children.map((node: { name: string }) => node.name)).toEqual([name]);
    }

    const renamed = await as('/editor/category/save', {
      key: 'zephyr-sources',
      parent: 'zephyr',
      name: both('Zephyr Light Sources', '泽菲尔光源'),
      description: both('', ''),
    });
    expect(renamed.body.data).toEqual({ id, key: 'zephyr-sources', created: false });
    const item = await api.post('/category/item', { id });
    expect(item.body.data).toMatchObject({ name: 'Zephyr Light Sources', slug: `${id}-zephyr-light-sources` });
    const history = await api.post('/system/slug/history', {});
    expect(history.body.data).toContainEqual({
      kind: 'category',
      id,
      oldSlug: `${id}-zephyr-sources`,
      slug: `${id}-zephyr-light-sources`,
    });

    // A published product in it: the category cannot be unpublished or deleted.
    const product = await as('/editor/product/save', laser('ZP-100', 'Zephyr 100'));
    expect(product.body.data).toMatchObject({ partNumber: 'ZP-100', created: true });
    const blocked = await as('/editor/category/publish', { id, published: false });
    expect(blocked.status).toBe(409);
    expect(blocked.body.msg).toBe(
      'The category "zephyr-sources" still holds 0 published child categories, 1 published products and 0 published articles: unpublish or move them first.',
    );
    const blockedZh = await as('/editor/category/publish', { id, published: false, language: 'zh' });
    expect(blockedZh.body.msg).toContain('分类“zephyr-sources”下仍有 0 个已发布的子分类、1 个已发布的产品');
    const parentBlocked = await as('/editor/category/publish', { id: top.body.data.id, published: false });
    expect(parentBlocked.status).toBe(409);

    await as('/editor/product/publish', { id: product.body.data.id, published: false });
    const off = await as('/editor/category/publish', { id, published: false });
    expect(off.body).toMatchObject({ code: 200, data: { id, published: false } });
    expect((await api.post('/category/item', { id })).status).toBe(404);
    const list = await api.post('/category/list', {});
    expect(JSON.stringify(list.body.data)).not.toContain('Zephyr Light Sources');
    const found = await api.post('/product/select/product', { keyWord: 'Zephyr Light', selectType: 'category' });
    expect(ids({ body: { data: found.body.data.categoryDTOS } })).not.toContain(id);
    // Nothing published may go into it now.
    const into = await as('/editor/product/publish', { id: product.body.data.id, published: true });
    expect(into.status).toBe(409);
    expect(into.body.msg).toContain('"ZP-100" cannot be published in the unpublished category "zephyr-sources"');

    await as('/editor/category/publish', { id, published: true });
    const again = await api.post('/product/select/product', { keyWord: 'Zephyr Light', selectType: 'category' });
    expect(ids({ body: { data: again.body.data.categoryDTOS } })).toContain(id);
    expect((await api.post('/category/item', { id, language: 'zh' })).body.data.name).toBe('泽菲尔光源');

    const held = await as('/editor/category/delete', { id });
    expect(held.status).toBe(409);
    expect(held.body.msg).toContain('1 products');
    expect((await as('/editor/product/delete', { id: product.body.data.id })).body.data).toEqual({
      id: product.body.data.id,
      deleted: true,
    });
    expect((await as('/editor/category/delete', { id })).body.data).toEqual({ id, deleted: true });
    expect((await api.post('/category/item', { id })).status).toBe(404);
    const gone = await as('/editor/category/delete', { id, language: 'zh' });
    expect(gone.status).toBe(404);
    expect(gone.body.msg).toBe(`未找到：不存在 id 为 ${id} 的分类。`);

    const feed = await feedSince(since);
    expect(feed).toContainEqual({ entity: 'category', id: String(top.body.data.id), kind: 'insert' });
    expect(feed).toContainEqual({ entity: 'category', id: String(id), kind: 'delete' });
    expect(feed).toContainEqual({ entity: 'product', id: String(product.body.data.id), kind: 'delete' });
  });

  test('categories keep two levels, and a save naming an unknown parent is refused naming it', async () => {
    const deep = await as('/editor/category/save', {
      key: 'too-deep',
      parent: 'lasers',
      name: both('Too deep', '太深'),
      description: both('', ''),
    });
    expect(deep.status).toBe(400);
    expect(deep.body.msg).toContain('"too-deep" cannot sit under "lasers"');
    const unknown = await as('/editor/category/save', {
      key: 'orphan',
      parent: 'no-such-key',
      name: both('Orphan', '孤儿'),
      description: both('', ''),
      language: 'zh',
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body.msg).toBe('字段“parent”的值无效：不存在键为“no-such-key”的分类。');
    const bad = await as('/editor/category/save', { key: 'Bad Key', name: both('x', 'x'), description: both('', '') });
    expect(bad.status).toBe(400);
    expect(bad.body.msg).toMatch(/^A category key is lower-case letters/);
    expect((await api.db.query("select 1 from category where key in ('too-deep', 'orphan')")).length).toBe(0);
  });

  test('two editors creating the same new category at once get one category, created once', async () => {
    const save = (en: string) =>
      as('/editor/category/save', { key: 'twin-optics', name: both(en, '双子光学'), description: both('', '') });
    const answers = await Promise.all([save('Twin Optics'), save('Twin Optics II'), save('Twin Optics III')]);
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200]);
    expect(answers.filter((answer) => answer.body.data.created)).toHaveLength(1);
    expect(new Set(answers.map((answer) => answer.body.data.id)).size).toBe(1);
    expect((await api.db.query("select 1 from category where key = 'twin-optics'")).length).toBe(1);
  });

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

  test('a solution: created with its products and a cleaned body, renamed, unpublished, published and deleted', async () => {
    const [product] = await api.db.query<{ id: number; part_number: string }>(
      'select id, part_number from product where published order by id limit 1',
    );
    const solution = {
      type: 1,
      title: both('Zephyr Raman Rig', '泽菲尔拉曼系统'),
      summary: both('A rig.', '一套系统。'),
      body: both('<p>Fast.</p><script>alert(1)</script>', '<p onclick="x()">快。</p>'),
      products: [product?.part_number],
    };
    const since = await feedMark();
    const created = await as('/editor/solution/save', solution);
    expect(created.body).toMatchObject({ code: 200, data: { created: true } });
    const id: number = created.body.data.id;
    const zh = await api.post('/solutions/item', { id, language: 'zh' });
    expect(zh.body.data).toMatchObject({
      title: '泽菲尔拉曼系统',
      body: '<p>快。</p>',
      products: [{ id: product?.id }],
    });
    expect((await api.post('/solutions/item', { id })).body.data.body).toBe('<p>Fast.</p>');
    const renamed = await as('/editor/solution/save', {
      ...solution,
      id,
      title: both('Zephyr Raman Bench', '泽菲尔拉曼台'),
    });
    expect(renamed.body.data).toEqual({ id, created: false });
    expect((await api.post('/system/slug/history', {})).body.data).toContainEqual({
      kind: 'solution',
      id,
      oldSlug: `${id}-zephyr-raman-rig`,
      slug: `${id}-zephyr-raman-bench`,
    });

    await as('/editor/solution/publish', { id, published: false });
    expect((await api.post('/solutions/item', { id })).status).toBe(404);
    const page = await api.post('/solutions/page', { pageSize: 999 });
    expect(ids(page)).not.toContain(id);
    expect(page.body.data.total).toBe(page.body.data.records.length);
    await as('/editor/solution/publish', { id, published: true });
    expect(ids(await api.post('/solutions/page', { pageSize: 999 }))).toContain(id);

    expect((await as('/editor/solution/save', { ...solution, id: 999999 })).status).toBe(404);
    const unknown = await as('/editor/solution/save', { ...solution, products: ['NO-SUCH'] });
    expect(unknown.body.msg).toBe(
      'Invalid value for "products.0": there is no product with the part number "NO-SUCH".',
    );
    expect((await as('/editor/solution/delete', { id })).body.data).toEqual({ id, deleted: true });
    expect((await api.post('/solutions/item', { id })).status).toBe(404);
    expect((await as('/editor/solution/delete', { id })).status).toBe(404);
    const feed = await feedSince(since);
    expect(feed).toEqual([{ entity: 'solution', id: String(id), kind: 'delete' }]);
  });

  test('an article: created, renamed, unpublished (it leaves saved lists), published and deleted', async () => {
    const article = {
      kind: 'knowledge',
      contentType: 'application-note',
      productSeries: 'lasers',
      author: both('Ada', '艾达'),
      publishedAt: '2026-02-03',
      title: both('Zephyr Alignment Notes', '泽菲尔对准笔记'),
      summary: both('How to align.', '如何对准。'),
      body: both('<p>Align <a href="javascript:x()">it</a>.</p>', '<p>对准。</p>'),
    };
    const created = await as('/editor/article/save', article);
    const id: number = created.body.data.id;
    expect(created.body.data).toEqual({ id, created: true });
    const en = await api.post('/news/item', { id });
    expect(en.body.data).toMatchObject({ title: 'Zephyr Alignment Notes', body: '<p>Align <a>it</a>.</p>' });
    expect((await api.post('/news/item', { id, language: 'zh' })).body.data.title).toBe('泽菲尔对准笔记');
    await as('/editor/article/save', { ...article, id, title: both('Zephyr Alignment Guide', '泽菲尔对准指南') });
    expect((await api.post('/system/slug/history', {})).body.data).toContainEqual({
      kind: 'article',
      id,
      oldSlug: `${id}-zephyr-alignment-notes`,
      slug: `${id}-zephyr-alignment-guide`,
    });

    const customer = await loggedInCustomer(api);
    await api.post('/news/collect/save', { newsId: id }, customer.headers);
    const since = await feedMark();
    await as('/editor/article/publish', { id, published: false });
    expect((await api.post('/news/item', { id })).status).toBe(404);
    expect(ids(await api.post('/news/page', { pageSize: 999 }))).not.toContain(id);
    const saved = await api.post('/news/collect/page', {}, customer.headers);
    expect(saved.body.data).toMatchObject({ records: [], total: 0 });
    expect((await api.post('/news/collect/save', { newsId: id }, customer.headers)).status).toBe(404);
    await as('/editor/article/publish', { id, published: true });
    expect((await api.post('/news/collect/page', {}, customer.headers)).body.data.total).toBe(1);
    expect(await feedSince(since)).toEqual([{ entity: 'article', id: String(id), kind: 'update' }]);

    const unknown = await as('/editor/article/save', { ...article, productSeries: 'nowhere' });
    expect(unknown.body.msg).toBe('Invalid value for "productSeries": there is no category with the key "nowhere".');
    const badDate = await as('/editor/article/save', { ...article, publishedAt: '3 May', language: 'zh' });
    expect(badDate.body.msg).toBe('字段“publishedAt”的值无效：应为 YYYY-MM-DD 格式的日期');
    expect((await as('/editor/article/delete', { id })).body.data).toEqual({ id, deleted: true });
    expect((await api.post('/news/item', { id })).status).toBe(404);
    expect((await as('/editor/article/publish', { id, published: true })).status).toBe(404);
  });

  test('page meta and settings: saved in both languages and deleted; unknown ones are 404', async () => {
    const meta = [
      { name: 'title', content: both('Zephyr page', '泽菲尔页面') },
      { name: 'description', content: both('About Zephyr.', '关于泽菲尔。') },
    ];
    const since = await feedMark();
    expect((await as('/editor/meta/save', { page: 'zephyr', meta })).body.data).toEqual({
      page: 'zephyr',
      created: true,
    });
    const zh = await api.post('/system/config/meta', { pageHome: 'zephyr', language: 'zh' });
    expect(JSON.parse(zh.body.data.metaJson)).toEqual([
      { name: 'title', content: '泽菲尔页面' },
      { name: 'description', content: '关于泽菲尔。' },
    ]);
    expect((await as('/editor/meta/delete', { page: 'zephyr' })).body.data).toEqual({ page: 'zephyr', deleted: true });
    const fallback = await api.post('/system/config/meta', { pageHome: 'zephyr' });
    expect(fallback.body.data.metaJson).not.toContain('Zephyr page');
    const missing = await as('/editor/meta/delete', { page: 'zephyr', language: 'zh' });
    expect(missing.status).toBe(404);
    expect(missing.body.msg).toBe('未找到：页面“zephyr”没有自己的元标签。');

    await as('/editor/config/save', { configName: 'zephyrLine', configValue: both('+65 1', '+65 1') });
    expect((await as('/editor/config/delete', { configName: 'zephyrLine' })).body.data).toEqual({
      configName: 'zephyrLine',
      deleted: true,
    });
    const list = await api.post('/system/config/list', {});
    expect(list.body.data.map((item: { configName: string }) => item.configName)).not.toContain('zephyrLine');
    expect((await as('/editor/config/delete', { configName: 'zephyrLine' })).status).toBe(404);
    const badMeta = await as('/editor/meta/save', {
      page: 'zephyr',
      meta: [{ name: 'Bad Name', content: both('', '') }],
    });
    expect(badMeta.body.msg).toBe(
      'Invalid value for "meta.0.name": A meta name is lower-case letters, digits, colons, dots, dashes or underscores, e.g. og:title.',
    );
    expect(await feedSince(since)).toEqual([
      { entity: 'page_meta', id: 'zephyr', kind: 'delete' },
      { entity: 'system_config', id: 'zephyrLine', kind: 'delete' },
    ]);
  });
});
