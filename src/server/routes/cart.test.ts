import { expect, test } from 'vitest';
import { shipDate } from '#lib/ship-date.ts';
import { idSlug } from '#lib/slug.ts';
import { type ApiClient, describeApi, loggedInCustomer } from '#tests/support/testing.ts';

const hasChinese = (text: string) => /[\u4e00-\u9fff]/.test(text);

async function products(api: ApiClient) {
  return api.db.query<{
    id: number;
    price: number | string;
    stock: number;
    lead_time_days: number;
    part_number: string;
    name_en: string;
    slug: string;
  }>(
    'select id, price, stock, lead_time_days, part_number, name_en, slug from product where published order by id limit 5',
  );
}

describeApi('cart', (api) => {
  test('adds a product as a line priced from the product, in the request language', async () => {
    const { headers } = await loggedInCustomer(api);
    const [product] = await products(api);
    if (!product) throw new Error('no products');
    const en = await api.post('/shop/cart/save', { productId: product.id, quantity: 2 }, headers);
    expect(en.body.code).toBe(200);
    expect(en.body.data).toMatchObject({
      productId: product.id,
      partNumber: product.part_number,
      quantity: 2,
      unitPrice: Number(product.price),
      total: Math.round(Number(product.price) * 200) / 100,
      currency: 'USD',
      shipDate: shipDate(product.stock, product.lead_time_days, 2),
    });
    // The line's product is what a cart shows of it: id, name, link and small image.
    expect(en.body.data.product).toEqual({
      id: product.id,
      name: product.name_en,
      slug: idSlug(product.id, product.slug),
      smallImage: { src: expect.stringMatching(/^\/images\//), src2x: expect.any(String), alt: product.name_en },
    });
    const zh = await api.post('/shop/cart/page', { language: 'zh' }, headers);
    expect(hasChinese(zh.body.data.records[0].product.name)).toBe(true);
  });

  test('adds to the quantity of a product already in the cart and keeps one line', async () => {
    const { headers, customer } = await loggedInCustomer(api);
    const [product] = await products(api);
    if (!product) throw new Error('no products');
    await api.post('/shop/cart/save', { productId: product.id }, headers);
    const again = await api.post('/shop/cart/save', { productId: product.id, quantity: 3 }, headers);
    expect(again.body.data.quantity).toBe(4);
    const page = await api.post('/shop/cart/page', { pageNum: 1, pageSize: 999 }, headers);
    expect(page.body.data).toMatchObject({ total: 1, size: 999, current: 1, pages: 1 });
    const rows = await api.db.query('select * from cart_item where customer_id = $1', [customer.id]);
    expect(rows).toHaveLength(1);
    const capped = await api.post('/shop/cart/save', { productId: product.id, quantity: 999 }, headers);
    expect(capped.body.data.quantity).toBe(999);
  });

  test('ships from stock when it covers the quantity, after the lead time when not', async () => {
    const { headers } = await loggedInCustomer(api);
    const [product] = await api.db.query<{ id: number; stock: number; lead_time_days: number }>(
      'select id, stock, lead_time_days from product where published and stock between 1 and 998 and lead_time_days > 2 limit 1',
    );
    if (!product) throw new Error('no product with a small stock');
    const few = await api.post('/shop/cart/save', { productId: product.id, quantity: product.stock }, headers);
    expect(few.body.data.shipDate).toBe(shipDate(product.stock, product.lead_time_days, product.stock));
    const many = await api.post('/shop/cart/update', { productId: product.id, quantity: product.stock + 1 }, headers);
    expect(many.body.data.shipDate).toBe(shipDate(0, product.lead_time_days));
    expect(many.body.data.shipDate > few.body.data.shipDate).toBe(true);
  });

  test('sets and removes lines, newest first, and pages them', async () => {
    const { headers } = await loggedInCustomer(api);
    const list = await products(api);
    for (const product of list.slice(0, 3)) await api.post('/shop/cart/save', { productId: product.id }, headers);
    const page = await api.post('/shop/cart/page', { pageNum: 1, pageSize: 2 }, headers);
    expect(page.body.data).toMatchObject({ total: 3, size: 2, current: 1, pages: 2 });
    expect(page.body.data.records.map((l: { productId: number }) => l.productId)).toEqual([list[2]?.id, list[1]?.id]);
    const beyond = await api.post('/shop/cart/page', { pageNum: 5, pageSize: 2 }, headers);
    expect(beyond.body.data).toMatchObject({ records: [], total: 3, pages: 2 });

    const set = await api.post('/shop/cart/update', { productId: list[0]?.id, quantity: 7 }, headers);
    expect(set.body.data.quantity).toBe(7);
    expect((await api.post('/shop/cart/delete', { productId: list[1]?.id }, headers)).body).toMatchObject({
      code: 200,
      data: null,
    });
    const after = await api.post('/shop/cart/page', { pageSize: 999 }, headers);
    expect(
      after.body.data.records.map((l: { productId: number; quantity: number }) => [l.productId, l.quantity]),
    ).toEqual([
      [list[2]?.id, 1],
      [list[0]?.id, 7],
    ]);
    const gone = await api.post('/shop/cart/update', { productId: list[1]?.id, quantity: 2 }, headers);
    expect(gone.body).toEqual({ code: 404, msg: 'This product is not in your cart.', data: null });
  });

  test('refuses an unknown or unpublished product with 404', async () => {
    const { headers } = await loggedInCustomer(api);
    const unknown = await api.post('/shop/cart/save', { productId: 999999 }, headers);
    expect(unknown.status).toBe(404);
    expect(unknown.body.msg).toBe('Not found: no product with id 999999.');
    const [product] = await products(api);
    await api.db.query('update product set published = false where id = $1', [product?.id]);
    try {
      const hidden = await api.post('/shop/cart/save', { language: 'zh', productId: product?.id }, headers);
      expect(hidden.body).toEqual({ code: 404, msg: `未找到：不存在 id 为 ${product?.id} 的产品。`, data: null });
    } finally {
      await api.db.query('update product set published = true where id = $1', [product?.id]);
    }
  });

  test('shows each customer only their own cart', async () => {
    const alice = await loggedInCustomer(api);
    const bob = await loggedInCustomer(api);
    const [product] = await products(api);
    await api.post('/shop/cart/save', { productId: product?.id }, alice.headers);
    expect((await api.post('/shop/cart/page', {}, bob.headers)).body.data.total).toBe(0);
    await api.post('/shop/cart/delete', { productId: product?.id }, bob.headers);
    expect((await api.post('/shop/cart/page', {}, alice.headers)).body.data.total).toBe(1);
  });

  test('answers 401 to every cart call once the session is over, and changes nothing', async () => {
    const [product] = await products(api);
    const calls: [string, object][] = [
      ['/shop/cart/page', {}],
      ['/shop/cart/save', { productId: product?.id, quantity: 1 }],
      ['/shop/cart/update', { productId: product?.id, quantity: 5 }],
      ['/shop/cart/delete', { productId: product?.id }],
    ];
    const logins = [await loggedInCustomer(api), await loggedInCustomer(api), await loggedInCustomer(api)];
    const [loggedOut, expired, revokedByReset] = logins;
    for (const login of logins)
      await api.post('/shop/cart/save', { productId: product?.id, quantity: 2 }, login.headers);
    await api.get('/client/logout', loggedOut?.headers);
    await api.db.query("update session set expires_at = now() - interval '1 second' where customer_id = $1", [
      expired?.customer.id,
    ]);
    await api.db.query('update session set revoked_at = now() where customer_id = $1', [revokedByReset?.customer.id]);
    const unknown = { Satoken: 'not-a-token-anyone-was-given' };
    for (const headers of [loggedOut?.headers, expired?.headers, revokedByReset?.headers, unknown]) {
      for (const [path, body] of calls) {
        const response = await api.post(path, { language: 'zh', ...body }, headers);
        expect(response.status, path).toBe(401);
        expect(response.body, path).toEqual({ code: 401, msg: expect.stringMatching(/登录/), data: null });
        // Bad input does not hide a bad session.
        expect((await api.post(path, { productId: 'x', pageNum: -1 }, headers)).status, path).toBe(401);
      }
    }
    const left = await api.db.query<{ quantity: number }>(
      'select quantity from cart_item where customer_id = any($1::int[])',
      [logins.map((login) => login.customer.id)],
    );
    expect(left.map((line) => line.quantity)).toEqual([2, 2, 2]);
  });

  test('answers 400 to bad input with a live session', async () => {
    const { headers } = await loggedInCustomer(api);
    const bad = await api.post('/shop/cart/save', { productId: 'twelve' }, headers);
    expect(bad.status).toBe(400);
    expect(bad.body.msg).toMatch(/productId/);
  });
  test('cart calls made at the same time (run in batches) each get their own answer', async () => {
    const [first, second] = await products(api);
    if (!first || !second) throw new Error('no products');
    const customers = await Promise.all(Array.from({ length: 6 }, () => loggedInCustomer(api)));
    const dead = { Satoken: 'not-a-token-anyone-was-given' };
    // Every customer adds `first` twice at once (one line, summed), the odd ones also `second`; a dead
    // token and an unknown product ride in the same batch.
    const adds = customers.flatMap(({ headers }, i) => [
      api.post('/shop/cart/save', { productId: first.id, quantity: i + 1 }, headers),
      api.post('/shop/cart/save', { language: 'zh', productId: first.id, quantity: 1 }, headers),
      ...(i % 2 ? [api.post('/shop/cart/save', { productId: second.id, quantity: 2 }, headers)] : []),
    ]);
    const refused = [
      api.post('/shop/cart/save', { productId: first.id, quantity: 1 }, dead),
      api.post('/shop/cart/save', { productId: 999999, quantity: 1 }, customers[0]?.headers),
    ];
    const answers = await Promise.all([...adds, ...refused]);
    expect(answers.slice(0, adds.length).map((answer) => answer.body.code)).toEqual(adds.map(() => 200));
    expect(answers.slice(adds.length).map((answer) => answer.status)).toEqual([401, 404]);
    const pages = await Promise.all(
      [...customers.map(({ headers }) => headers), dead].map((headers) =>
        api.post('/shop/cart/page', { pageNum: 1, pageSize: 999 }, headers),
      ),
    );
    customers.forEach((_, i) => {
      const lines = (pages[i]?.body.data.records ?? []) as { productId: number; quantity: number }[];
      const quantities = Object.fromEntries(lines.map((line) => [line.productId, line.quantity]));
      expect(quantities).toEqual({ [first.id]: i + 2, ...(i % 2 ? { [second.id]: 2 } : {}) });
    });
    expect(pages.at(-1)?.status).toBe(401);
  });
});

// Found by the model fuzz on PostgreSQL (npm run fuzz:model, seed 39): a page past the end has no row to
// carry the total, and the total was then counted by a second statement, which saw a line added in between
// (page 2 of 2 lines answered total 3 with no record). The test adds the line right after the page's own
// statement, through the real database, and expects an answer that agrees with itself.
describeApi('a page past the end, with a line added at that moment', (api) => {
  async function pageWithAnAddBetween(
    path: string,
    save: string,
    headers: Record<string, string>,
    productId: number,
  ): Promise<{ total: number; size: number; pages: number; records: unknown[] }> {
    const query = api.db.query;
    let armed = true;
    api.db.query = (async (sql: string, params?: unknown[]) => {
      const rows = await query.call(api.db, sql, params);
      if (armed && /\blimit\b/.test(sql) && /offset/.test(sql)) {
        armed = false;
        expect((await api.post(save, { productId }, headers)).body.code).toBe(200);
      }
      return rows;
    }) as typeof query;
    try {
      return (await api.post(path, { pageNum: 2, pageSize: 2 }, headers)).body.data;
    } finally {
      api.db.query = query;
    }
  }

  test('the cart and the favourites answer a total their page agrees with', async () => {
    const list = await products(api);
    for (const [path, save] of [
      ['/shop/cart/page', '/shop/cart/save'],
      ['/favorite/page', '/favorite/save'],
    ] as const) {
      const { headers } = await loggedInCustomer(api);
      for (const product of list.slice(0, 2)) await api.post(save, { productId: product.id }, headers);
      const page = await pageWithAnAddBetween(path, save, headers, list[2]?.id ?? 0);
      // The page saw two lines: page 2 of 2 a page is empty and there is one page.
      expect(page, path).toMatchObject({ total: 2, size: 2, pages: 1, records: [] });
      const after = (await api.post(path, { pageNum: 2, pageSize: 2 }, headers)).body.data;
      expect(after, path).toMatchObject({ total: 3, pages: 2 });
      expect(after.records, path).toHaveLength(1);
    }
  });
});
