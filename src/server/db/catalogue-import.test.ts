import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { CatalogueFile } from '#api/catalogue-file.ts';
import { pngBytes } from '#tests/support/images.ts';
import { describeApi } from '#tests/support/testing.ts';
import { shellActor } from '../auth/actor.ts';
import { prepareDb } from '../server.ts';
import { storeUpload } from '../uploads/store.ts';
import { describeIssue } from '../validate.ts';
import { importCatalogue } from './catalogue-import.ts';
import { changesSince } from './changes.ts';

// `npm run catalogue:import`: the write function on a file's content through the API's reads, and the
// script itself on a database of its own.

const both = (en: string, zh: string) => ({ en, zh });

const product = (partNumber: string, name: string, related: string[]) => ({
  partNumber,
  category: 'quill-detectors',
  family: 'detector',
  name: both(name, `${name} 探测器`),
  summary: both('Imported.', '导入的。'),
  description: both('Imported detector.', '导入的探测器。'),
  price: 480,
  leadTimeDays: 7,
  stock: 12,
  attributes: [{ label: both('Range', '范围'), value: '200-1100', unit: 'nm' }],
  related,
});

const file = {
  categories: [
    {
      key: 'quill',
      name: both('Quill Instruments', '羽笔仪器'),
      description: both('Imported top category.', '导入的顶级分类。'),
      children: [{ key: 'quill-detectors', name: both('Quill Detectors', '羽笔探测器'), description: both('', '') }],
    },
  ],
  products: [product('QD-1', 'Quill One', ['QD-2']), product('QD-2', 'Quill Two', ['QD-1'])],
  solutions: [
    {
      type: 2,
      title: both('Quill Wafer Check', '羽笔晶圆检测'),
      summary: both('Imported.', '导入的。'),
      body: both('<p>Check.</p>', '<p>检测。</p>'),
      products: ['QD-1'],
    },
  ],
  articles: [
    {
      kind: 'news',
      contentType: 'product-news',
      productSeries: 'quill-detectors',
      author: both('Ada', '艾达'),
      publishedAt: '2026-04-01',
      title: both('Quill detectors arrive', '羽笔探测器上市'),
      summary: both('News.', '新闻。'),
      body: both('<p>Now shipping.</p>', '<p>现已发货。</p>'),
    },
  ],
  config: [{ configName: 'quillLine', configValue: both('+65 2', '+65 2') }],
  meta: [{ page: 'quill', meta: [{ name: 'title', content: both('Quill', '羽笔') }] }],
};

const parse = (value: unknown) => v.parse(CatalogueFile, value);
const importer = shellActor('npm run catalogue:import');

describeApi('catalogue import', (api) => {
  test('loads a file in the seed’s shape: each part appears in the public reads, in both languages', async () => {
    const since = (await changesSince(api.db, Number.MAX_SAFE_INTEGER)).until;
    const counts = await importCatalogue(api.db, parse(file), importer);
    expect(counts).toMatchObject({
      categories: { created: 2, updated: 0 },
      products: { created: 2, updated: 0 },
      solutions: { created: 1, updated: 0 },
      articles: { created: 1, updated: 0 },
      config: { created: 1, updated: 0 },
      meta: { created: 1, updated: 0 },
    });
    const [one] = await api.db.query<{ id: number }>("select id from product where part_number = 'QD-1'");
    const item = await api.post('/product/item', { id: one?.id, language: 'zh' });
    expect(item.body.data).toMatchObject({
      name: 'Quill One 探测器',
      related: [{ partNumber: 'QD-2' }],
      breadcrumbs: [{ name: '羽笔仪器' }, { name: '羽笔探测器' }],
    });
    const search = await api.post('/product/select/product', { keyWord: 'Quill Detectors', selectType: 'category' });
    expect(search.body.data.categoryDTOS.records.map((c: { name: string }) => c.name)).toContain('Quill Detectors');
    const news = await api.post('/news/page', { pageSize: 999, language: 'zh' });
    expect(news.body.data.records.map((a: { title: string }) => a.title)).toContain('羽笔探测器上市');
    const changes = (await changesSince(api.db, since)).changes;
    expect(changes.filter((change) => change.kind === 'insert').map((change) => change.entity)).toEqual(
      expect.arrayContaining(['category', 'product', 'solution', 'article', 'system_config', 'page_meta']),
    );

    // Again, renamed and with the article's id: updates, and the old slug is kept.
    const [article] = await api.db.query<{ id: number }>(
      "select id from article where title_en = 'Quill detectors arrive'",
    );
    const again = await importCatalogue(
      api.db,
      parse({
        ...file,
        solutions: [],
        products: [product('QD-1', 'Quill One Plus', []), file.products[1]],
        articles: [{ ...file.articles[0], id: article?.id, published: false }],
      }),
      importer,
    );
    expect(again).toMatchObject({
      categories: { created: 0, updated: 2 },
      products: { created: 0, updated: 2 },
      articles: { created: 0, updated: 1 },
    });
    expect((await api.post('/product/item', { id: one?.id })).body.data).toMatchObject({
      name: 'Quill One Plus',
      related: [],
    });
    expect((await api.post('/news/item', { id: article?.id })).status).toBe(404);
    const history = await api.post('/system/slug/history', {});
    expect(history.body.data).toContainEqual(
      expect.objectContaining({ kind: 'product', id: one?.id, oldSlug: `${one?.id}-quill-one` }),
    );
  });

  test('a file’s products carry their pictures, an upload’s with its size; one naming an upload not stored imports nothing', async () => {
    const front = await storeUpload(api.db, importer, {
      name: 'quill.png',
      type: 'image/png',
      bytes: pngBytes(30, 10),
    });
    const pictured = {
      ...product('QP-1', 'Quill Pictured', []),
      images: [
        { url: front.url, alt: both('Quill, front', '羽笔正面') },
        { url: 'https://cdn.example.com/quill.jpg', alt: both('Quill, side', '') },
      ],
    };
    await importCatalogue(api.db, parse({ products: [pictured] }), importer);
    const [row] = await api.db.query<{ id: number }>("select id from product where part_number = 'QP-1'");
    const zh = (await api.post('/product/item', { id: row?.id, language: 'zh' })).body.data;
    expect(zh.images).toEqual([
      { src: front.url, src2x: front.url, alt: '羽笔正面', width: 30, height: 10 },
      { src: pictured.images[1]?.url, src2x: pictured.images[1]?.url, alt: 'Quill, side' },
    ]);

    const gone = { ...pictured, images: [{ url: `/files/uploads/${'b'.repeat(64)}/gone.png`, alt: both('', '') }] };
    await expect(importCatalogue(api.db, parse({ products: [gone] }), importer)).rejects.toMatchObject({
      code: 400,
      key: 'api.uploadUnknown',
      params: { field: 'products.0.images.0.url' },
    });
    expect((await api.post('/product/item', { id: row?.id })).body.data.images).toHaveLength(2);
  });

  test('a file’s products carry their curves; one breaking a curve’s limits is refused, naming the path, in either language', async () => {
    const curve = {
      kind: 'responsivity',
      title: both('Spectral responsivity', '光谱响应度'),
      xAxis: { name: both('Wavelength', '波长'), unit: 'nm' },
      yAxis: { name: both('Responsivity', '响应度'), unit: 'A/W' },
      series: [{ name: both('', ''), x: [400, 600, 800, 1000], y: [0.2, 0.38, 0.55, 0.3] }],
    };
    await importCatalogue(
      api.db,
      parse({ products: [{ ...product('QC-1', 'Quill Curve', []), curves: [curve] }] }),
      importer,
    );
    const [row] = await api.db.query<{ id: number }>("select id from product where part_number = 'QC-1'");
    const zh = (await api.post('/product/item', { id: row?.id, language: 'zh' })).body.data;
    expect(zh.curves).toEqual([
      {
        kind: 'responsivity',
        title: '光谱响应度',
        xAxis: { name: '波长', unit: 'nm' },
        yAxis: { name: '响应度', unit: 'A/W' },
        series: [{ name: '', x: [400, 600, 800, 1000], y: [0.2, 0.38, 0.55, 0.3] }],
      },
    ]);

    const backwards = { ...curve, series: [{ ...curve.series[0], x: [400, 600, 590, 1000] }] };
    const checked = v.safeParse(CatalogueFile, {
      products: [{ ...product('QC-1', 'Quill Curve', []), curves: [backwards] }],
    });
    expect(checked.success).toBe(false);
    const issue = checked.issues?.[0] as v.BaseIssue<unknown>;
    expect(describeIssue(issue, 'en')).toBe(
      'Invalid value for "products.0.curves.0.series.0.x.2": The x values of a series increase from each point to the next: this one is not greater than the one before it.',
    );
    expect(describeIssue(issue, 'zh-CN')).toBe(
      '字段“products.0.curves.0.series.0.x.2”的值无效：数据系列的 x 值须逐点递增：此值不大于前一个值。',
    );
  });

  test('a file naming an unknown part number imports nothing and names the path', async () => {
    const bad = parse({
      categories: [{ key: 'never', name: both('Never', '从未'), description: both('', '') }],
      products: [product('QX-1', 'Quill X', []), product('QX-2', 'Quill Y', ['NO-SUCH'])],
    });
    await expect(importCatalogue(api.db, bad, importer)).rejects.toMatchObject({
      code: 400,
      key: 'api.unknownPartNumber',
      params: { field: 'products.1.related.0', partNumber: 'NO-SUCH' },
    });
    expect(await api.db.query("select 1 from category where key = 'never'")).toEqual([]);
    expect(await api.db.query("select 1 from product where part_number like 'QX-%'")).toEqual([]);
  });
});

const root = resolve(import.meta.dirname, '../../..');
const run = promisify(execFile);

describe('npm run catalogue:import', () => {
  let dir: string;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'catalogue-import-'));
    await (await prepareDb({ dataDir: join(dir, 'pglite'), seed: false })).close();
  }, 60_000);
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  const cli = async (content: unknown) => {
    const path = join(dir, 'file.json');
    writeFileSync(path, typeof content === 'string' ? content : JSON.stringify(content));
    try {
      const { stdout, stderr } = await run(process.execPath, [join(root, 'scripts/catalogue-import.ts'), path], {
        env: { ...process.env, DATA_DIR: dir, DATABASE_URL: '' },
        cwd: dir,
      });
      return { code: 0, stdout, stderr };
    } catch (error) {
      const { code, stdout, stderr } = error as { code: number; stdout: string; stderr: string };
      return { code, stdout, stderr };
    }
  };

  test('refuses a bad file with exit code 2 and the path of the bad field; imports a good one', async () => {
    const bad = await cli({ products: [{ ...product('QD-9', 'Quill Nine', []), price: 'cheap' }] });
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/file\.json: Invalid value for "products\.0\.price": expected number, got "cheap"/);
    expect(bad.stderr).toContain('Nothing was imported.');
    const typo = await cli({ product: [] });
    expect(typo.code).toBe(2);
    expect(typo.stderr).toContain('product');
    const notJson = await cli('{');
    expect(notJson.code).toBe(2);
    expect(notJson.stderr).toContain('cannot read it as JSON');
    const tooLong = await cli({
      products: [
        {
          ...product('QD-9', 'Quill Nine', []),
          curves: [
            {
              kind: 'transmission',
              title: both('Transmission', '透射率'),
              xAxis: { name: both('Wavelength', '波长'), unit: 'nm' },
              yAxis: { name: both('Transmission', '透射率'), unit: '%' },
              series: [{ name: both('', ''), x: Array.from({ length: 2001 }, (_, i) => i), y: [1, 2] }],
            },
          ],
        },
      ],
    });
    expect(tooLong.code).toBe(2);
    expect(tooLong.stderr).toContain(
      'file.json: Invalid value for "products.0.curves.0.series.0.x": A series has from 2 to 2,000 points',
    );
    const unknown = await cli({ products: [product('QD-9', 'Quill Nine', [])] });
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain('Invalid value for "products.0.category": there is no category with the key');

    const good = await cli({ categories: file.categories, config: file.config });
    expect(good.code).toBe(0);
    expect(good.stdout).toBe(
      `Imported ${join(dir, 'file.json')}:\n  categories: 2 created, 0 updated\n  config: 1 created, 0 updated\n`,
    );
  }, 60_000);
});
