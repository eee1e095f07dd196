import { expect, test } from 'vitest';
import { marked, type ProductHit, partNumbers, products, results, suggestions } from '#tests/support/search.ts';
import { describeApi } from '#tests/support/testing.ts';
import { indexSearch } from '../search/index.ts';
import { catalogue } from '../seed/data/index.ts';

/** The demo products whose text in one language holds a string, by part number. */
const demoHolding = (text: string, field: (p: (typeof catalogue.products)[number]) => string) =>
  catalogue.products.filter((p) => field(p).includes(text)).map((p) => p.partNumber);

describeApi('search on the demo catalogue', (api) => {
  test('光谱仪 suggests the products, categories and family whose Chinese names hold it, marked', async () => {
    const list = await suggestions(api, '光谱仪', 'zh');
    expect(list.length).toBe(10);
    for (const item of list) expect(item.name).toContain('光谱仪');
    for (const item of list) expect(marked(item.name, item.nameHighlight)).toContain('光谱仪');
    expect(list.some((s) => s.kind === 'category' && s.name === '拉曼光谱仪')).toBe(true);
    expect(list.some((s) => s.kind === 'family' && s.key === 'spectrometer')).toBe(true);
  });

  test('光谱仪 on the search page finds every product whose Chinese name holds it, names first', async () => {
    const data = await results(api, '光谱仪', { language: 'zh' });
    const found = data.productDTOS.records.map((p: ProductHit) => p.partNumber);
    const named = demoHolding('光谱仪', (p) => p.name.zh);
    expect(named.length).toBeGreaterThan(5);
    expect(found.slice(0, named.length).sort()).toEqual([...named].sort());
    expect(data.counts.keyword).toBe(found.length);
  });

  test('拉曼 finds products by their Chinese names and by their Chinese descriptions alone', async () => {
    const data = await results(api, '拉曼', { language: 'zh' });
    const found: string[] = data.productDTOS.records.map((p: ProductHit) => p.partNumber);
    const named = demoHolding('拉曼', (p) => p.name.zh);
    const describedOnly = demoHolding('拉曼', (p) => p.description.zh).filter((p) => !named.includes(p));
    expect(named).toContain('RS-785-H');
    expect(describedOnly.length).toBeGreaterThan(0);
    for (const part of [...named, ...describedOnly]) expect(found).toContain(part);
    expect(found.slice(0, named.length).sort()).toEqual([...named].sort());
  });

  test('拉曼 in an English request answers English names of the same products', async () => {
    const zh = partNumbers(await suggestions(api, '拉曼', 'zh'));
    const en = await suggestions(api, '拉曼', 'en');
    expect(partNumbers(en)).toEqual(zh);
    expect(products(en)[0]?.name).toMatch(/Raman/);
  });

  test('guangpuyi and gpy find the products whose Chinese names hold 光谱仪, in both languages', async () => {
    const byWord = partNumbers(await suggestions(api, '光谱仪', 'zh'));
    for (const keyWord of ['guangpuyi', 'gpy', 'GuangPuYi']) {
      const zh = await suggestions(api, keyWord, 'zh');
      expect(partNumbers(zh)).toEqual(byWord);
      expect(marked(products(zh)[0]?.name ?? '', products(zh)[0]?.nameHighlight ?? [])).toEqual(['光谱仪']);
      expect(partNumbers(await suggestions(api, keyWord, 'en'))).toEqual(byWord);
    }
  });

  test('laman finds the Raman products by the pinyin of their Chinese names', async () => {
    const list = products(await suggestions(api, 'laman', 'zh'));
    expect(list.length).toBeGreaterThan(3);
    for (const item of list.slice(0, 3)) expect(item.name).toContain('拉曼');
  });

  test('a part number is found blind to case, dashes, slashes and spaces, its prefix marked', async () => {
    for (const keyWord of ['spuvvis25', 'SP-UV-VIS-25', 'sp uv vis 25', 'Sp/Uv/Vis/25', 'ＳＰ－ＵＶ－ＶＩＳ－２５']) {
      for (const language of ['en', 'zh']) {
        const [first] = await suggestions(api, keyWord, language);
        expect(first?.partNumber, keyWord).toBe('SP-UV-VIS-25');
        expect(first?.partNumberHighlight).toEqual([{ start: 0, end: 12 }]);
      }
    }
    const [slashed] = await suggestions(api, 'ac254100a');
    expect(slashed?.partNumber).toBe('AC-254-100-A');
  });

  test('a part number prefix finds every product it starts, with the prefix marked', async () => {
    const list = products(await suggestions(api, 'rs785'));
    expect(
      list
        .slice(0, 2)
        .map((s) => s.partNumber)
        .sort(),
    ).toEqual(['RS-785-B', 'RS-785-H']);
    expect(marked(list[0]?.partNumber ?? '', list[0]?.partNumberHighlight ?? [])).toEqual(['RS-785']);
    const sp = await results(api, 'SP-', { language: 'zh' });
    const parts = sp.productDTOS.records.map((p: ProductHit) => p.partNumber);
    const expected = catalogue.products.filter((p) => p.partNumber.startsWith('SP-')).map((p) => p.partNumber);
    expect(parts.slice(0, expected.length).sort()).toEqual(expected.sort());
  });

  test('a part number one character wrong, missing or extra still finds it', async () => {
    for (const keyWord of ['SP-UV-VIZ-25', 'spuvis25', 'SP-UV-VIS-255', 'ls523100']) {
      const list = partNumbers(await suggestions(api, keyWord, 'zh'));
      expect(list[0], keyWord).toBe(keyWord === 'ls523100' ? 'LS-532-100' : 'SP-UV-VIS-25');
    }
  });

  test('English plurals and stems find the same products: lasers, laser; measuring, measure', async () => {
    const lasers = await results(api, 'lasers');
    const laser = await results(api, 'laser');
    expect(lasers.counts).toEqual(laser.counts);
    expect(lasers.productDTOS.records[0].name).toMatch(/Laser\b/);
    const measuring = products(await suggestions(api, 'measuring'));
    expect(measuring[0]?.name).toMatch(/Measure/);
    expect(marked(measuring[0]?.name ?? '', measuring[0]?.nameHighlight ?? [])).toEqual(['Measure']);
    const microscopes = await suggestions(api, 'microscopes');
    expect(microscopes.some((s) => s.kind === 'family' && s.key === 'microscope')).toBe(true);
  });

  test('one typo in a word of five letters or more still matches, not in a shorter word', async () => {
    const right = partNumbers(await suggestions(api, 'spectrometer'));
    for (const typo of ['spectromter', 'spectrometre', 'spectrpmeter', 'sepctrometer']) {
      expect(partNumbers(await suggestions(api, typo)), typo).toEqual(right);
    }
    const raman = products(await suggestions(api, 'ramman'));
    expect(raman[0]?.name).toMatch(/Raman/);
    expect(marked(raman[0]?.name ?? '', raman[0]?.nameHighlight ?? [])).toEqual(['Raman']);
    // Four letters: "lasr" is no laser, and two typos are not one.
    expect(await suggestions(api, 'lasr')).toEqual([]);
    expect(await suggestions(api, 'spectrmetr')).toEqual([]);
  });

  test('ranks part number, then name, then category and family, then description', async () => {
    // "fl" starts the part numbers of the fluorescence spectrometers and words of other names.
    const fl = (await results(api, 'fl')).productDTOS.records.map((p: ProductHit) => p.partNumber);
    const flParts = catalogue.products.filter((p) => p.partNumber.startsWith('FL-')).map((p) => p.partNumber);
    expect(fl.slice(0, flParts.length).sort()).toEqual(flParts.sort());
    expect(fl.length).toBeGreaterThan(flParts.length);

    const data = await results(api, 'raman');
    const byPart = new Map(catalogue.products.map((p) => [p.partNumber, p]));
    const tier = (part: string) => {
      const p = byPart.get(part);
      if (!p) throw new Error(part);
      if (/raman/i.test(p.name.en) || p.name.zh.includes('拉曼')) return 0;
      if (p.category === 'raman-spectrometers') return 1;
      return 2;
    };
    const tiers = data.productDTOS.records.map((p: ProductHit) => tier(p.partNumber));
    expect(tiers).toEqual([...tiers].sort((a, b) => a - b));
    expect(new Set(tiers)).toEqual(new Set([0, 2]));
  });

  test('ties rank featured products first, then new ones', async () => {
    const data = await results(api, 'spectrometer');
    const named = data.productDTOS.records.filter((p: ProductHit) => /spectrometer/i.test(p.name));
    const keys = named.map((p: ProductHit) => (p.isFeatured ? 0 : p.isNew ? 1 : 2));
    expect(keys).toEqual([...keys].sort((a: number, b: number) => a - b));
    expect(new Set(keys).size).toBeGreaterThan(1);
  });

  test('pages each result kind without gaps or repeats, with the counts of all three kinds', async () => {
    const all = await results(api, 'spectrometer', { language: 'zh' });
    expect(all.counts.keyword).toBe(all.productDTOS.records.length);
    expect(all.counts.category).toBeGreaterThanOrEqual(2);
    expect(all.counts.family).toBe(1);
    expect(all.categoryDTOS).toBeNull();
    const ids: number[] = [];
    for (let pageNum = 1; pageNum <= Math.ceil(all.counts.keyword / 4); pageNum++) {
      const page = await results(api, 'spectrometer', { language: 'zh', pageNum, pageSize: 4 });
      expect(page.productDTOS).toMatchObject({ total: all.counts.keyword, size: 4, current: pageNum });
      expect(page.productDTOS.pages).toBe(Math.ceil(all.counts.keyword / 4));
      ids.push(...page.productDTOS.records.map((p: ProductHit) => p.id));
    }
    expect(ids).toEqual(all.productDTOS.records.map((p: ProductHit) => p.id));

    const categories = await results(api, 'spectrometer', { language: 'zh', selectType: 'category', pageSize: 1 });
    expect(categories.productDTOS).toBeNull();
    expect(categories.categoryDTOS).toMatchObject({ total: all.counts.category, size: 1, current: 1 });
    expect(categories.categoryDTOS.records[0].name).toContain('光谱仪');
    expect(categories.categoryDTOS.records[0].productCount).toBeGreaterThan(0);
    const families = await results(api, '光谱仪', { language: 'en', selectType: 'family' });
    expect(families.familyDTOS.records).toEqual([
      expect.objectContaining({ key: 'spectrometer', name: 'Spectrometers', productCount: 12 }),
    ]);
  });

  test('empty, blank, symbol-only and pattern-looking keywords answer an empty list, never an error', async () => {
    for (const keyWord of ['', '   ', '!!!', '.*', '%', '_', '\\', '%_%', "'", '"', ';--', '()[]{}', '<>']) {
      for (const language of ['en', 'zh']) {
        expect(await suggestions(api, keyWord, language), keyWord).toEqual([]);
        const data = await results(api, keyWord, { language });
        expect(data.counts).toEqual({ keyword: 0, category: 0, family: 0 });
        expect(data.productDTOS).toMatchObject({ records: [], total: 0 });
      }
    }
    const none = await api.post('/product/select/keyword', {});
    expect(none.body.data).toEqual([]);
  });

  test('SQL-looking keywords are read as words, never as SQL', async () => {
    for (const keyWord of ["' or 1=1 --", "laser'; drop table product; --", 'laser\\', 'las%er', 'l_ser']) {
      const list = await suggestions(api, keyWord);
      expect(Array.isArray(list)).toBe(true);
    }
    expect(products(await suggestions(api, "laser'; drop table product; --"))).toEqual([]);
    expect(partNumbers(await suggestions(api, "laser' --"))[0]).toMatch(/^LS-/);
    const still = await api.post('/product/page', { pageSize: 1 });
    expect(still.body.data.total).toBe(catalogue.products.length);
  });

  test('a keyword over 200 characters answers 400 with a message in the request language', async () => {
    const long = 'spectrometer '.repeat(77).slice(0, 1000);
    const en = await api.post('/product/select/keyword', { language: 'en', keyWord: long });
    expect(en.status).toBe(400);
    expect(en.body).toMatchObject({ code: 400, msg: 'A search is at most 200 characters.', data: null });
    const zh = await api.post('/product/select/product', { language: 'zh', keyWord: long });
    expect(zh.status).toBe(400);
    expect(zh.body.msg).toBe('搜索内容最多 200 个字符。');
    const many = await suggestions(api, 'a b c d e f g h i j k l m n o p q r s t u v w x y z '.repeat(3).slice(0, 200));
    expect(Array.isArray(many)).toBe(true);
  });

  test('a keyword that grows under normalisation answers 200 in both calls, never 500', async () => {
    // U+FDFA is 18 characters in NFKC (four Arabic words), U+FB03 three letters, U+3392 "MHz": 200 of
    // them once made a 6.6 KB lexeme PostgreSQL refused.
    const growing = ['\uFDFA'.repeat(200), '\uFB03'.repeat(200), '\u3392'.repeat(200), '\uFDFA \uFB03 '.repeat(50)];
    for (const keyWord of growing) {
      for (const language of ['en', 'zh']) {
        expect(Array.isArray(await suggestions(api, keyWord, language))).toBe(true);
        for (const selectType of ['keyword', 'category', 'family'])
          expect((await results(api, keyWord, { language, selectType })).selectType).toBe(selectType);
      }
    }
  });

  test('the index follows a content write made in the same transaction', async () => {
    const [row] = await api.db.query<{ id: number }>(`select id from product where part_number = 'FT-200'`);
    const id = row?.id as number;
    const rename = (en: string, zh: string) =>
      api.db.transaction(async (tx) => {
        await tx.query('update product set name_en = $2, name_zh = $3 where id = $1', [id, en, zh]);
        await indexSearch(tx, { products: [id] });
      });
    expect(await suggestions(api, 'zyxquark')).toEqual([]);
    try {
      await rename('Benchtop Zyxquark Spectrometer', '台式奇夸克光谱仪');
      const [en] = await suggestions(api, 'zyxquark');
      expect(en).toMatchObject({ partNumber: 'FT-200', name: 'Benchtop Zyxquark Spectrometer' });
      expect(marked(en?.name ?? '', en?.nameHighlight ?? [])).toEqual(['Zyxquark']);
      expect(partNumbers(await suggestions(api, '奇夸克', 'zh'))).toEqual(['FT-200']);
    } finally {
      await rename('Benchtop FTIR Spectrometer', '台式傅里叶变换红外光谱仪');
    }
    expect(await suggestions(api, 'zyxquark')).toEqual([]);
    expect(await suggestions(api, '奇夸克', 'zh')).toEqual([]);
  });

  test('a content write that skips the index still ends the suggestions kept for it', async () => {
    expect(partNumbers(await suggestions(api, 'ls405'))).toEqual(['LS-405-50']);
    try {
      await api.db.query(`update product set published = false where part_number = 'LS-405-50'`);
      expect(await suggestions(api, 'ls405')).toEqual([]);
    } finally {
      await api.db.query(`update product set published = true where part_number = 'LS-405-50'`);
    }
    expect(partNumbers(await suggestions(api, 'ls405'))).toEqual(['LS-405-50']);
  });

  test('the OpenAPI document describes both search calls and the highlight offsets', async () => {
    const doc = await api.get('/openapi.json');
    const keyword = doc.body.paths['/product/select/keyword'].post;
    const product = doc.body.paths['/product/select/product'].post;
    expect(keyword.tags).toEqual(['search']);
    expect(keyword.requestBody.content['application/json'].schema.properties.keyWord.maxLength).toBe(200);
    expect(product.requestBody.content['application/json'].schema.properties.selectType.enum).toEqual([
      'keyword',
      'category',
      'family',
    ]);
    // The answer names its shared schemas (components/schemas): the suggestion and the highlight.
    const { Suggestion, Highlight } = doc.body.components.schemas;
    const answer = JSON.stringify([keyword.responses['200'], Suggestion, Highlight]);
    expect(answer).toContain('#/components/schemas/Suggestion');
    for (const field of ['nameHighlight', 'partNumberHighlight', 'start', 'end']) expect(answer).toContain(field);
  });

  test('every product, category and family of the seed is in the index', async () => {
    const [row] = await api.db.query<{ products: number; categories: number; families: number }>(
      `select (select count(*)::int from product_search) - (select count(*)::int from product) as products,
              (select count(*)::int from category_search) - (select count(*)::int from category) as categories,
              (select count(*)::int from family_search) as families`,
    );
    expect(row).toEqual({ products: 0, categories: 0, families: 12 });
  });
});
