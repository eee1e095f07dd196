import { expect, test } from 'vitest';
import { asEditor, both, laser } from '#tests/support/editing.ts';
import { describeApi } from '#tests/support/testing.ts';
import { languageText } from '../db/editing/translations.ts';

// Issue 39, item 2: the workspace's product list: every product, published or not, found as the site finds
// it (part numbers too), with a translation that is missing or stale, what changed since the last publish,
// pages of at most 50 and the counts of each filter.

describeApi('the workspace’s product list', (api) => {
  const { as } = asEditor(api);
  const list = async (body: Record<string, unknown>) => {
    const answer = await as('/editor/product/list', body);
    expect(answer.body.code, JSON.stringify(answer.body)).toBe(200);
    return answer.body.data;
  };
  const row = async (partNumber: string) =>
    (await list({ keyword: partNumber, sort: 'relevance' })).page.records.find(
      (record: { partNumber: string }) => record.partNumber === partNumber,
    );

  test('a Chinese text older than its English is stale until the Chinese is saved; an empty Chinese text is missing', async () => {
    const [top] = await api.db.query<{ key: string }>('select key from category where parent_id is null limit 1');
    await as('/editor/category/save', {
      key: 'zephyr-sources',
      parent: top?.key,
      name: both('Zephyr Sources', '泽菲尔光源'),
      description: both('', ''),
    });
    expect((await as('/editor/product/save', laser('ZL-100', 'Zephyr 100'))).body.code).toBe(200);
    expect(await row('ZL-100')).toMatchObject({ translation: 'complete', missing: [], published: true });

    // The English name changes alone: the Chinese is now older than it.
    await as(
      '/editor/product/save',
      laser('ZL-100', 'Zephyr 100', { name: both('Zephyr 100 Mk2', 'Zephyr 100 激光器') }),
    );
    expect((await row('ZL-100')).translation).toBe('stale');
    const stale = await list({ translation: 'stale', category: 'zephyr-sources' });
    expect(stale.page.records.map((record: { partNumber: string }) => record.partNumber)).toEqual(['ZL-100']);
    // A price changes nothing of either language: still stale.
    await as(
      '/editor/product/save',
      laser('ZL-100', 'Zephyr 100', { name: both('Zephyr 100 Mk2', 'Zephyr 100 激光器'), price: 1300 }),
    );
    expect((await row('ZL-100')).translation).toBe('stale');
    // The Chinese follows: complete.
    await as(
      '/editor/product/save',
      laser('ZL-100', 'Zephyr 100', { name: both('Zephyr 100 Mk2', 'Zephyr 100 Mk2 激光器'), price: 1300 }),
    );
    expect((await row('ZL-100')).translation).toBe('complete');
    // A specification's English changes alone: stale again.
    await as(
      '/editor/product/save',
      laser('ZL-100', 'Zephyr 100', {
        name: both('Zephyr 100 Mk2', 'Zephyr 100 Mk2 激光器'),
        price: 1300,
        attributes: [{ label: both('Wavelength (nominal)', '波长'), value: '532', unit: 'nm' }],
      }),
    );
    expect((await row('ZL-100')).translation).toBe('stale');

    // An English summary with no Chinese: missing, named.
    await as('/editor/product/save', laser('ZL-200', 'Zephyr 200', { summary: both('Green.', ''), published: false }));
    expect(await row('ZL-200')).toMatchObject({ translation: 'missing', missing: ['summary'], published: false });
    const counts = (await list({ category: 'zephyr-sources' })).counts;
    expect(counts).toMatchObject({ all: 2, published: 1, unpublished: 1, missing: 1, stale: 1 });
    const incomplete = await list({ category: 'zephyr-sources', translation: 'incomplete', sort: 'partNumber' });
    expect(incomplete.page.records.map((record: { partNumber: string }) => record.partNumber)).toEqual([
      'ZL-100',
      'ZL-200',
    ]);
  });

  test('finds by part number as the site does (case and dashes aside), unpublished products too', async () => {
    const [product] = await api.db.query<{ id: number; part_number: string }>(
      'select id, part_number from product where published order by id limit 1',
    );
    if (!product) throw new Error('no product');
    await as('/editor/product/publish', { id: product.id, published: false });
    const typed = product.part_number.toLowerCase().replace(/-/g, '');
    const found = await list({ keyword: typed, sort: 'relevance' });
    expect(found.page.records[0]).toMatchObject({ id: product.id, published: false });
    await as('/editor/product/publish', { id: product.id, published: true });
  });

  test('lists what changed since the last published build', async () => {
    await api.db.query(
      "insert into site_build (id, status, requested_by, finished_at) values ('list-test', 'published', 'test', now())",
    );
    const before = await list({ changed: true });
    expect(before.counts.changed).toBe(0);
    await as('/editor/product/save', laser('ZL-300', 'Zephyr 300'));
    const after = await list({ changed: true });
    expect(after.page.records.map((record: { partNumber: string }) => record.partNumber)).toEqual(['ZL-300']);
    expect(after.counts.changed).toBe(1);
    await api.db.query("delete from site_build where id = 'list-test'");
  });

  test('pages of at most 50, a page past the end with its total, and bad input in the editor’s language', async () => {
    const first = await list({ pageSize: 50 });
    expect(first.page.records).toHaveLength(Math.min(50, first.counts.all));
    expect(first.page.total).toBe(first.counts.all);
    const beyond = await list({ pageNum: 1000 });
    expect(beyond.page).toMatchObject({ records: [], total: first.counts.all });
    const tooMany = await as('/editor/product/list', { pageSize: 51, language: 'zh' });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.msg).toMatch(/50/);
    const odd = await as('/editor/product/list', { translation: 'some', language: 'en' });
    expect(odd.status).toBe(400);
  });
});

describeApi('the workspace’s lists of categories, solutions and articles', (api) => {
  const { as } = asEditor(api);

  test('an article whose English body changed alone is stale; one with an English summary and no Chinese is missing it; found by title in either language', async () => {
    const [article] = await api.db.query<{ id: number }>('select id from article order by id limit 1');
    if (!article) throw new Error('no article');
    const [before] = await api.db.query<{ record: Record<string, unknown> }>(
      `select jsonb_build_object('id', a.id, 'kind', a.kind, 'contentType', a.content_type, 'productSeries', c.key,
         'author', jsonb_build_object('en', a.author_en, 'zh', a.author_zh),
         'publishedAt', to_char(a.published_at, 'YYYY-MM-DD'),
         'title', jsonb_build_object('en', a.title_en, 'zh', a.title_zh),
         'summary', jsonb_build_object('en', a.summary_en, 'zh', a.summary_zh),
         'body', jsonb_build_object('en', a.body_en, 'zh', a.body_zh)) as record
       from article a join category c on c.id = a.product_series_id where a.id = $1`,
      [article.id],
    );
    const saved = before?.record as Record<string, { en: string; zh: string }> & { id: number };
    const edited = { ...saved, body: { en: `${saved.body.en}<p>One more line.</p>`, zh: saved.body.zh } };
    expect((await as('/editor/article/save', edited)).body.code).toBe(200);
    const title = saved.title.zh.slice(0, 4);
    const found = await as('/editor/article/list', { keyword: title, translation: 'stale' });
    expect(found.body.data.page.records.map((row: { id: number }) => row.id)).toContain(article.id);
    expect(found.body.data.page.records.find((row: { id: number }) => row.id === article.id)).toMatchObject({
      key: String(article.id),
      translation: 'stale',
    });
    const missing = { ...edited, summary: { en: 'A summary in English only.', zh: '' } };
    expect((await as('/editor/article/save', missing)).body.code).toBe(200);
    const listed = await as('/editor/article/list', { translation: 'missing' });
    expect(listed.body.data.page.records).toEqual([
      expect.objectContaining({ id: article.id, translation: 'missing', missing: ['summary'] }),
    ]);
    expect(listed.body.data.counts.missing).toBe(1);
  });

  test('categories by key or name, solutions by title, with their counts', async () => {
    const [category] = await api.db.query<{ key: string; name_zh: string }>(
      'select key, name_zh from category order by id limit 1',
    );
    if (!category) throw new Error('no category');
    const byKey = await as('/editor/category/list', { keyword: category.key });
    expect(byKey.body.data.page.records[0]).toMatchObject({ key: category.key, translation: 'complete' });
    const byName = await as('/editor/category/list', { keyword: category.name_zh, language: 'zh', sort: 'title' });
    expect(byName.body.data.page.records.map((row: { key: string }) => row.key)).toContain(category.key);
    const solutions = await as('/editor/solution/list', {});
    expect(solutions.body.data.counts.all).toBeGreaterThan(0);
    expect(solutions.body.data.page.total).toBe(solutions.body.data.counts.all);
    const odd = await as('/editor/solution/list', { sort: 'partNumber' });
    expect(odd.status).toBe(400);
  });
});

test('only bilingual text counts as a language: a specification value alike in both is either', () => {
  const record = {
    partNumber: 'X-1',
    price: 10,
    name: { en: 'Laser', zh: '激光器' },
    attributes: [{ label: { en: 'Power', zh: '功率' }, value: '5 mW', unit: 'mW' }],
  };
  expect(languageText(record, 'en')).toEqual(['.attributes.0.label=Power', '.attributes.0.value=5 mW', '.name=Laser']);
  expect(languageText(record, 'zh')).toEqual(['.attributes.0.label=功率', '.attributes.0.value=5 mW', '.name=激光器']);
});

describeApi('the workspace’s lists of page meta and settings', (api) => {
  const { as } = asEditor(api);
  const admin = asEditor(api, 'admin');

  test('page meta with a tag lacking its Chinese is listed as missing it; settings are for admins, searched by name or value', async () => {
    const saved = await as('/editor/meta/save', {
      page: 'workspace-test',
      meta: [
        { name: 'title', content: both('Workspace test', '工作台测试') },
        { name: 'description', content: both('Only in English.', '') },
      ],
    });
    expect(saved.body.code).toBe(200);
    const missing = await as('/editor/meta/list', { translation: 'missing' });
    expect(missing.body.data.records).toEqual([
      expect.objectContaining({ page: 'workspace-test', missing: ['description'] }),
    ]);
    expect(missing.body.data.counts.missing).toBe(1);
    const found = await as('/editor/meta/list', { keyword: '工作台' });
    expect(found.body.data.records.map((row: { page: string }) => row.page)).toEqual(['workspace-test']);

    expect((await as('/editor/config/list', {})).status).toBe(403);
    const settings = await admin.as('/editor/config/list', { keyword: 'salesemail' });
    expect(settings.body.data.records).toEqual([expect.objectContaining({ configName: 'salesEmail', missing: false })]);
    const all = await admin.as('/editor/config/list', {});
    expect(all.body.data.counts.all).toBeGreaterThan(3);
  });
});
