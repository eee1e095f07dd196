import { expect, test } from 'vitest';
import { asEditor, both, ids, laser } from '#tests/support/editing.ts';
import { describeApi } from '#tests/support/testing.ts';

// The editors' content calls (issue 16) for categories: each made, renamed, unpublished, published and
// deleted through the API, and seen (or not) through the public calls a build reads.

describeApi('editor content calls: categories', (api) => {
  const { as, feedMark, feedSince } = asEditor(api);

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
});
