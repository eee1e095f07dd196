import { expect, test } from 'vitest';
import { asEditor, both, ids } from '#tests/support/editing.ts';
import { describeApi, loggedInCustomer } from '#tests/support/testing.ts';

// The editors' content calls (issue 16) for solutions and articles: each made, renamed, unpublished,
// published and deleted through the API, and seen (or not) through the public calls a build reads.

describeApi('editor content calls: solutions and articles', (api) => {
  const { as, feedMark, feedSince } = asEditor(api);

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
});
