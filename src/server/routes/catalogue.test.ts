import { expect, test } from 'vitest';
import { describeApi } from '#tests/support/testing.ts';

const hasChinese = (text: string) => /[\u4e00-\u9fff]/.test(text);

describeApi('catalogue API', (api) => {
  test('answers the category tree in English and in Chinese', async () => {
    const en = await api.post('/category/list', { language: 'en' });
    const zh = await api.post('/category/list', { language: 'zh' });
    expect(en.status).toBe(200);
    expect(en.body.code).toBe(200);
    expect(en.body.data).toHaveLength(4);
    expect(en.body.data[0].name).toBe('Photonics');
    expect(en.body.data[0].children.length).toBeGreaterThanOrEqual(3);
    expect(hasChinese(zh.body.data[0].name)).toBe(true);
    expect(zh.body.data[0].slug).toBe(en.body.data[0].slug);
  });

  test('answers English when no language is given', async () => {
    const response = await api.post('/category/list', {});
    expect(response.body.data[0].name).toBe('Photonics');
  });

  test('pages top categories and children by parentId', async () => {
    const tops = await api.post('/category/page', { language: 'en', parentId: 0, pageSize: 2 });
    expect(tops.body.data).toMatchObject({ total: 4, size: 2, current: 1, pages: 2 });
    expect(tops.body.data.records).toHaveLength(2);
    const parent = tops.body.data.records[0].id;
    const children = await api.post('/category/page', { language: 'en', parentId: parent, pageSize: 999 });
    expect(children.body.data.records.length).toBeGreaterThanOrEqual(3);
    for (const child of children.body.data.records) expect(child.parentId).toBe(parent);
  });

  test('answers one category with breadcrumbs, children and products of its subtree', async () => {
    const tree = await api.post('/category/list', { language: 'zh' });
    const top = tree.body.data[1];
    const item = await api.post('/category/item', { language: 'zh', id: top.id, pageSize: 999 });
    expect(item.body.code).toBe(200);
    expect(item.body.data.breadcrumbs).toEqual([{ id: top.id, name: top.name, slug: top.slug }]);
    expect(item.body.data.children).toHaveLength(top.children.length);
    expect(item.body.data.products.total).toBe(top.productCount);
    expect(item.body.data.products.total).toBeGreaterThan(0);
  });

  test('lists every category flat with its level', async () => {
    const all = await api.post('/category/elect/all', { language: 'en' });
    const levels = new Set(all.body.data.map((c: { level: number }) => c.level));
    expect(levels).toEqual(new Set([0, 1]));
    expect(all.body.data.filter((c: { level: number }) => c.level === 0)).toHaveLength(4);
  });

  test('answers a product with specifications, options, relations and resources in both languages', async () => {
    const page = await api.post('/product/page', { language: 'en', pageSize: 999 });
    expect(page.body.data.total).toBeGreaterThanOrEqual(40);
    const withEverything = page.body.data.records.find(
      (p: { options: unknown[]; related: unknown[]; resources: unknown[] }) =>
        p.options.length > 0 && p.related.length > 0 && p.resources.length > 0,
    );
    expect(withEverything).toBeDefined();
    const en = await api.post('/product/item', { language: 'en', id: withEverything.id });
    const zh = await api.post('/product/item', { language: 'zh', id: withEverything.id });
    expect(en.body.data.partNumber).toBe(zh.body.data.partNumber);
    expect(en.body.data.attributes.length).toBeGreaterThanOrEqual(6);
    expect(en.body.data.attributes.some((a: { unit: string }) => a.unit !== '')).toBe(true);
    expect(hasChinese(zh.body.data.name)).toBe(true);
    expect(hasChinese(zh.body.data.attributes[0].label)).toBe(true);
    expect(en.body.data.shipDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(en.body.data.breadcrumbs).toHaveLength(2);
    expect(en.body.data.slug).toMatch(new RegExp(`^${withEverything.id}-[a-z0-9-]+$`));
  });

  test('filters products by category, new and featured', async () => {
    const featured = await api.post('/product/page', { isFeatured: true, pageSize: 999 });
    expect(featured.body.data.total).toBeGreaterThan(0);
    for (const p of featured.body.data.records) expect(p.isFeatured).toBe(true);
    const fresh = await api.post('/product/page', { isNew: true, pageSize: 999 });
    for (const p of fresh.body.data.records) expect(p.isNew).toBe(true);
    const tree = await api.post('/category/list', {});
    const leaf = tree.body.data[0].children[0];
    const inLeaf = await api.post('/product/page', { categoryId: leaf.id, pageSize: 999 });
    expect(inLeaf.body.data.total).toBe(leaf.productCount);
    for (const p of inLeaf.body.data.records) expect(p.categoryId).toBe(leaf.id);
  });

  test('pages products without gaps or repeats', async () => {
    const all = await api.post('/product/page', { pageSize: 999 });
    const ids: number[] = [];
    for (let pageNum = 1; pageNum <= Math.ceil(all.body.data.total / 7); pageNum++) {
      const page = await api.post('/product/page', { pageNum, pageSize: 7 });
      ids.push(...page.body.data.records.map((p: { id: number }) => p.id));
    }
    expect(ids).toEqual(all.body.data.records.map((p: { id: number }) => p.id));
  });

  test('answers the three solution groups and their solutions', async () => {
    const groups = await api.post('/solutions/groups', { language: 'zh' });
    expect(groups.body.data.map((g: { key: string }) => g.key)).toEqual([
      'microscopy-techniques',
      'spectroscopy-instruments',
      'semiconductor-microelectronics',
    ]);
    const page = await api.post('/solutions/page', { language: 'en', pageNum: 1, pageSize: 999 });
    for (const type of [0, 1, 2]) {
      expect(page.body.data.records.filter((s: { type: number }) => s.type === type).length).toBeGreaterThanOrEqual(2);
    }
    const first = page.body.data.records[0];
    const item = await api.post('/solutions/item', { language: 'zh', id: first.id });
    expect(item.body.data.group.type).toBe(first.type);
    expect(item.body.data.products.length).toBeGreaterThan(0);
    expect(hasChinese(item.body.data.title)).toBe(true);
  });

  test('answers articles newest first, filtered by kind, with bodies', async () => {
    const page = await api.post('/news/page', { language: 'en', pageSize: 999 });
    expect(page.body.data.total).toBeGreaterThanOrEqual(10);
    const dates = page.body.data.records.map((a: { publishedAt: string }) => a.publishedAt);
    expect([...dates].sort().reverse()).toEqual(dates);
    const news = await api.post('/news/page', { kind: 'news', pageSize: 999 });
    expect(news.body.data.total).toBeGreaterThan(0);
    for (const a of news.body.data.records) expect(a.kind).toBe('news');
    const item = await api.post('/news/item', { language: 'zh', id: page.body.data.records[0].id });
    expect(item.body.data.body).toContain('<p>');
    expect(hasChinese(item.body.data.author + item.body.data.title)).toBe(true);
  });

  test('answers the system config with the sales contact and postal code', async () => {
    const list = await api.post('/system/config/list', { language: 'en' });
    const config = Object.fromEntries(
      list.body.data.map((i: { configName: string; configValue: string }) => [i.configName, i.configValue]),
    );
    expect(config.postalCode).toBe('119276');
    expect(config.salesEmail).toMatch(/@/);
    expect(config.phone).toBeTruthy();
    expect(config.whatsapp).toBeTruthy();
    expect(config.wechat).toBeTruthy();
  });

  test('answers page meta as a metaJson list, falling back to the home page', async () => {
    const home = await api.post('/system/config/meta', { language: 'zh', pageHome: 'home' });
    const items = JSON.parse(home.body.data.metaJson);
    expect(items.some((i: { name: string }) => i.name === 'og:title')).toBe(true);
    const unknown = await api.post('/system/config/meta', { language: 'zh', pageHome: 'no-such-page' });
    expect(unknown.body.data.metaJson).toBe(home.body.data.metaJson);
  });
});
