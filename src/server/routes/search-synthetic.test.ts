import { expect, test } from 'vitest';
import { type ProductHit, partNumbers, products, results, suggestions } from '#tests/support/search.ts';
import { describeApi } from '#tests/support/testing.ts';
import { indexSearch } from '../search/index.ts';
import { catalogue } from '../seed/data/index.ts';
import { syntheticCatalogue } from '../seed/synthetic.ts';

// The search calls on a catalogue of 600 generated products (seed/synthetic.ts); the demo catalogue's
// search tests are in search.test.ts.

const synthetic = syntheticCatalogue(catalogue, 600);

describeApi(
  'search on a synthetic catalogue of 600 products',
  (api) => {
    test('a synthetic part number is found exactly, by prefix and one character off', async () => {
      const target = synthetic.products[400]?.partNumber as string;
      const key = target.toLowerCase().replace(/[^a-z0-9]/g, '');
      expect(partNumbers(await suggestions(api, key))[0]).toBe(target);
      expect(partNumbers(await suggestions(api, key.slice(0, -1) + (key.endsWith('9') ? '8' : '9'), 'zh'))).toContain(
        target,
      );
      const model = target.replace(/-S\d+$/, '');
      const variants = synthetic.products.filter((p) => p.partNumber.startsWith(`${model}-`)).length;
      const page = await results(api, model, { pageSize: 5 });
      expect(page.productDTOS.records[0].partNumber).toBe(model);
      expect(page.counts.keyword).toBeGreaterThanOrEqual(variants + 1);
    });

    test('Chinese words, pinyin and English stems page through every matching product', async () => {
      const named = synthetic.products.filter((p) => p.name.zh.includes('光谱仪')).length;
      for (const keyWord of ['光谱仪', 'guangpuyi', 'gpy']) {
        const data = await results(api, keyWord, { language: 'zh', pageSize: 50 });
        expect(data.counts.keyword, keyWord).toBeGreaterThanOrEqual(named);
        expect(data.productDTOS.pages).toBe(Math.ceil(data.counts.keyword / 50));
        for (const p of data.productDTOS.records) expect(p.name).toContain('光谱仪');
      }
      const stems = await results(api, 'spectrometers');
      expect(stems.counts).toEqual((await results(api, 'spectrometer')).counts);
      expect(stems.counts.keyword).toBeGreaterThan(100);
    });

    test('suggestions stay ten, with featured and new products first among equals', async () => {
      const list = await suggestions(api, 'laser');
      expect(list).toHaveLength(10);
      const data = await results(api, 'laser', { pageSize: 999 });
      const named = data.productDTOS.records.filter((p: ProductHit) => /\blaser\b/i.test(p.name));
      const keys = named.map((p: ProductHit) => (p.isFeatured ? 0 : p.isNew ? 1 : 2));
      expect(keys).toEqual([...keys].sort((a: number, b: number) => a - b));
      expect(new Set(keys)).toEqual(new Set([0, 1, 2]));
    });

    test('one typo finds what the right word finds, in both languages; two typos find nothing', async () => {
      for (const language of ['en', 'zh']) {
        const right = await results(api, 'spectrometer', { language });
        expect(right.counts.keyword).toBeGreaterThan(100);
        for (const typo of ['spectromter', 'sepctrometer']) {
          expect((await results(api, typo, { language })).counts, `${typo} ${language}`).toEqual(right.counts);
        }
        expect((await results(api, 'spectrmetr', { language })).counts.keyword).toBe(0);
      }
    });

    test('ranks a part number above names, and names above descriptions', async () => {
      const target = synthetic.products[250];
      if (!target) throw new Error('no product 250');
      const first = (await results(api, target.partNumber, { pageSize: 3 })).productDTOS.records[0];
      expect(first.partNumber).toBe(target.partNumber);
      // 拉曼 in Chinese names first, then the products that hold it only in their descriptions.
      const data = await results(api, '拉曼', { language: 'zh', pageSize: 999 });
      const tiers = data.productDTOS.records.map((p: ProductHit) => (p.name.includes('拉曼') ? 0 : 1));
      expect(tiers).toEqual([...tiers].sort((a: number, b: number) => a - b));
      expect(new Set(tiers)).toEqual(new Set([0, 1]));
    });

    test('bad keywords answer an empty list or a 400 with a message, in both languages', async () => {
      for (const language of ['en', 'zh']) {
        for (const keyWord of ['', '!!!', '.*', '%_%', '\\']) {
          expect(products(await suggestions(api, keyWord, language)), keyWord).toEqual([]);
        }
        // Read as the words "or" and "1", never as SQL: an answer like any other.
        expect(Array.isArray(await suggestions(api, "' or 1=1 --", language))).toBe(true);
        const long = await api.post('/product/select/product', { language, keyWord: 'x'.repeat(1000) });
        expect(long.status).toBe(400);
        expect(long.body.msg).toBe(
          language === 'en' ? 'A search is at most 200 characters.' : '搜索内容最多 200 个字符。',
        );
      }
      const still = await api.post('/product/page', { pageSize: 1 });
      expect(still.body.data.total).toBe(synthetic.products.length);
    });

    test('the index follows a rename written with it, among 600 products', async () => {
      const target = synthetic.products[321];
      const [row] = await api.db.query<{ id: number }>('select id from product where part_number = $1', [
        target?.partNumber,
      ]);
      await api.db.transaction(async (tx) => {
        await tx.query(
          "update product set name_en = 'Quokka Interferometer', name_zh = '短尾矮袋鼠干涉仪' where id = $1",
          [row?.id],
        );
        await indexSearch(tx, { products: [row?.id as number] });
      });
      expect(partNumbers(await suggestions(api, 'quokka'))).toEqual([target?.partNumber]);
      expect(partNumbers(await suggestions(api, '袋鼠', 'zh'))).toEqual([target?.partNumber]);
    });
  },
  { catalogue: synthetic },
);
