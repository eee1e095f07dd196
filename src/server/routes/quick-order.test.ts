import { expect, test } from 'vitest';
import { describeApi, loggedInCustomer } from '#tests/support/testing.ts';
import { indexSearch } from '../search/index.ts';

type Line = { partNumber: string; quantity: number };

describeApi('part-number matching', (api) => {
  const match = async (lines: Line[], language: 'en' | 'zh' = 'en') =>
    api.post('/product/match-parts', { language, lines });
  const one = async (partNumber: string, quantity = 1, language: 'en' | 'zh' = 'en') => {
    const answer = await match([{ partNumber, quantity }], language);
    expect(answer.status).toBe(200);
    return answer.body.data[0];
  };

  test('forgives case, dashes, spaces and full-width forms', async () => {
    for (const typed of ['ls40550', 'LS 405 50', 'ls-405-50', 'ＬＳ－４０５－５０', ' LS/405/50 ']) {
      const line = await one(typed, 2);
      expect(line).toMatchObject({ status: 'ok', quantity: 2, product: { partNumber: 'LS-405-50' } });
    }
  });

  test('reads the letter O typed for a zero, and a zero typed for the letter O', async () => {
    expect((await one('LS-4O5-5O')).product.partNumber).toBe('LS-405-50');
    expect((await one('0BJ-PA-60X0')).product.partNumber).toBe('OBJ-PA-60XO');
  });

  test('reads I and l typed for a one', async () => {
    expect((await one('LS-I064-500')).product.partNumber).toBe('LS-1064-500');
    expect((await one('smu-l-2l0')).product.partNumber).toBe('SMU-1-210');
  });

  test('answers name, price, currency, slug and ship date of the product in the request language', async () => {
    const [product] = await api.db.query<{ id: number; name_zh: string; price: string; lead_time_days: number }>(
      "select id, name_zh, price, lead_time_days from product where part_number = 'SP-NIR-1700'",
    );
    await api.db.query("update product set stock = 0 where part_number = 'SP-NIR-1700'");
    const line = await one('sp-nir-1700', 3, 'zh');
    expect(line.product).toMatchObject({
      id: product?.id,
      name: product?.name_zh,
      unitPrice: Number(product?.price),
      currency: 'USD',
      slug: expect.stringMatching(new RegExp(`^${product?.id}-`)),
    });
    const days = Math.round(
      (Date.parse(line.product.shipDate) - Date.parse(new Date().toISOString().slice(0, 10))) / 864e5,
    );
    expect(days).toBe(product?.lead_time_days);
  });

  test('offers the products a prefix finds as candidates to pick from', async () => {
    const line = await one('RS-785');
    expect(line.status).toBe('ambiguous');
    expect(line.product).toBeNull();
    expect(line.candidates.map((c: { partNumber: string }) => c.partNumber).sort()).toEqual(['RS-785-B', 'RS-785-H']);
  });

  test('offers the product one character off (a typo) as a candidate, not as a match', async () => {
    const line = await one('SP-NIR-1707');
    expect(line.status).toBe('ambiguous');
    expect(line.candidates.map((c: { partNumber: string }) => c.partNumber)).toContain('SP-NIR-1700');
  });

  test('is ambiguous when two products read the same once O/0 and I/1 are forgiven', async () => {
    await api.db.query(
      `insert into product (part_number, slug, name_en, name_zh, summary_en, summary_zh, description_en, description_zh,
         price, currency, lead_time_days, stock, category_id, family, published)
       select 'LS-4O5-5O', slug || '-o', name_en || ' (O)', name_zh, summary_en, summary_zh, description_en,
         description_zh, price, currency, lead_time_days, stock, category_id, family, published
       from product where part_number = 'LS-405-50'`,
    );
    await indexSearch(api.db);
    const line = await one('ls-405-50');
    expect(line.status).toBe('ambiguous');
    expect(line.candidates.map((c: { partNumber: string }) => c.partNumber).sort()).toEqual(['LS-405-50', 'LS-4O5-5O']);
    await api.db.query("delete from product where part_number = 'LS-4O5-5O'");
  });

  test('says unknown when nothing is near, and never offers an unpublished product', async () => {
    expect(await one('ZZ-9999-Q')).toMatchObject({ status: 'unknown', product: null, candidates: [] });
    await api.db.query("update product set published = false where part_number = 'FT-ATR-P'");
    expect((await one('FT-ATR-P')).status).toBe('unknown');
  });

  test('flags a discontinued product', async () => {
    await api.db.query("update product set discontinued = true where part_number = 'FL-1000'");
    const line = await one('fl1000');
    expect(line).toMatchObject({ status: 'discontinued', product: { partNumber: 'FL-1000' } });
  });

  test('flags a quantity over the cart’s limit of 999, and takes 999', async () => {
    expect((await one('LS-532-100', 999)).status).toBe('ok');
    const over = await one('LS-532-100', 1000);
    expect(over).toMatchObject({ status: 'overLimit', quantity: 1000, product: { partNumber: 'LS-532-100' } });
  });

  test('answers 200 lines in one call, in the order sent', async () => {
    const parts = ['LS-405-50', 'ZZ-0000', 'RS-785', 'PD-SI-150'];
    const lines = Array.from({ length: 200 }, (_, i) => ({ partNumber: parts[i % 4] as string, quantity: i + 1 }));
    const answer = await match(lines);
    expect(answer.status).toBe(200);
    expect(answer.body.data).toHaveLength(200);
    expect(answer.body.data.map((l: { status: string }) => l.status).slice(0, 4)).toEqual([
      'ok',
      'unknown',
      'ambiguous',
      'ok',
    ]);
    expect(answer.body.data[199]).toMatchObject({ partNumber: 'PD-SI-150', quantity: 200 });
  });

  test('refuses 201 lines, and no lines, with a clear message in both languages', async () => {
    const lines = Array.from({ length: 201 }, () => ({ partNumber: 'LS-405-50', quantity: 1 }));
    const en = await match(lines);
    expect(en).toMatchObject({
      status: 400,
      body: { code: 400, msg: 'Send from 1 to 200 lines of part number and quantity.' },
    });
    const zh = await match(lines, 'zh');
    expect(zh.body.msg).toBe('请提交 1 至 200 行产品型号和数量。');
    expect((await match([])).status).toBe(400);
  });

  test('refuses a bad quantity or part number with the line named, in both languages', async () => {
    for (const quantity of [0, -1, 1.5, 'ten', null, 1e12]) {
      for (const language of ['en', 'zh'] as const) {
        const answer = await api.post('/product/match-parts', {
          language,
          lines: [{ partNumber: 'LS-405-50', quantity }],
        });
        expect(answer.status).toBe(400);
        expect(answer.body.msg).toContain(
          language === 'en' ? 'Enter a whole number of at least 1 as the quantity.' : '数量请输入不小于 1 的整数。',
        );
      }
    }
    for (const partNumber of ['', '   ', 'x'.repeat(65), 42]) {
      const answer = await api.post('/product/match-parts', { lines: [{ partNumber, quantity: 1 }] });
      expect(answer.status).toBe(400);
      expect(answer.body.msg).toContain('Enter a part number of at most 64 characters.');
    }
  });

  test('answers 400, never 500, for bodies that are not a list of lines', async () => {
    for (const body of [{}, { lines: 'LS-405-50' }, { lines: [null] }, { lines: [{}] }, [], 'lines']) {
      const answer = await api.post('/product/match-parts', body);
      expect(answer.status).toBe(400);
      expect(answer.body.code).toBe(400);
      expect(answer.body.msg).not.toMatch(/\bat\s.+\(.*:\d+:\d+\)/);
    }
    const raw = await api.request('/product/match-parts', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"lines": [',
    });
    expect(raw.status).toBe(400);
  });

  test('takes part numbers of symbols or one character, and answers them unknown', async () => {
    const answer = await match([
      { partNumber: '——', quantity: 1 },
      { partNumber: 'x', quantity: 1 },
      { partNumber: "'; drop table product; --", quantity: 1 },
    ]);
    expect(answer.body.data.map((l: { status: string }) => l.status)).toEqual(['unknown', 'unknown', 'unknown']);
  });
});

describeApi('adding a list to the cart', (api) => {
  const ids = async (...parts: string[]) => {
    const rows = await api.db.query<{ id: number; part_number: string }>(
      'select id, part_number from product where part_number = any($1::text[])',
      [parts],
    );
    return parts.map((part) => rows.find((row) => row.part_number === part)?.id as number);
  };

  test('adds every line in one call, adding to lines already there up to 999', async () => {
    const { headers } = await loggedInCustomer(api);
    const [a, b] = await ids('LS-405-50', 'RS-785-H');
    await api.post('/shop/cart/save', { productId: a, quantity: 990 }, headers);
    const answer = await api.post(
      '/shop/cart/save-lines',
      {
        lines: [
          { productId: a, quantity: 20 },
          { productId: b, quantity: 3 },
        ],
      },
      headers,
    );
    expect(answer.status).toBe(200);
    const quantities = Object.fromEntries(
      answer.body.data.map((line: { partNumber: string; quantity: number }) => [line.partNumber, line.quantity]),
    );
    expect(quantities).toEqual({ 'LS-405-50': 999, 'RS-785-H': 3 });
  });

  test('adds nothing when a product is no longer sold, and says so in both languages', async () => {
    const { headers } = await loggedInCustomer(api);
    const [a, b] = await ids('PD-SI-150', 'FT-NIR-A');
    await api.db.query('update product set discontinued = true where id = $1', [b]);
    const lines = [
      { productId: a, quantity: 1 },
      { productId: b, quantity: 1 },
    ];
    const en = await api.post('/shop/cart/save-lines', { lines }, headers);
    expect(en).toMatchObject({ status: 409, body: { msg: expect.stringContaining('no longer sold') } });
    const zh = await api.post('/shop/cart/save-lines', { language: 'zh', lines }, headers);
    expect(zh.body.msg).toContain('已停售');
    expect((await api.post('/shop/cart/page', {}, headers)).body.data.total).toBe(0);
    await api.db.query('update product set discontinued = false where id = $1', [b]);
  });

  test('needs a login, and refuses a quantity over 999 or no lines', async () => {
    const [a] = await ids('PD-SI-150');
    expect((await api.post('/shop/cart/save-lines', { lines: [{ productId: a, quantity: 1 }] })).status).toBe(401);
    const { headers } = await loggedInCustomer(api);
    const over = await api.post('/shop/cart/save-lines', { lines: [{ productId: a, quantity: 1000 }] }, headers);
    expect(over.status).toBe(400);
    expect((await api.post('/shop/cart/save-lines', { lines: [] }, headers)).status).toBe(400);
  });
});
