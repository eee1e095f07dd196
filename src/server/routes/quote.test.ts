import { expect, test } from 'vitest';
import { pdfText } from '#tests/support/pdf-text.ts';
import { type ApiClient, describeApi, loggedInCustomer } from '#tests/support/testing.ts';

/** A logged-in customer with two products in the cart: LS-405-50 × 2 and RS-785-H × 1. */
async function customerWithCart(api: ApiClient, fields: { username?: string } = {}) {
  const login = await loggedInCustomer(api, fields);
  const products = await api.db.query<{ id: number; price: string; part_number: string }>(
    "select id, price, part_number from product where part_number in ('LS-405-50', 'RS-785-H') order by part_number",
  );
  const [laser, raman] = products.sort((a, b) => a.part_number.localeCompare(b.part_number));
  await api.post('/shop/cart/save', { productId: laser?.id, quantity: 2 }, login.headers);
  await api.post('/shop/cart/save', { productId: raman?.id, quantity: 1 }, login.headers);
  return { ...login, laser: laser as (typeof products)[0], raman: raman as (typeof products)[0] };
}

const decode = (base64: string) => new Uint8Array(Buffer.from(base64, 'base64'));

describeApi('quotes', (api) => {
  test('freezes the cart into a numbered quote valid 30 days, keeps the cart, and mails both with the PDF', async () => {
    const { headers, laser, raman, email, customer } = await customerWithCart(api);
    const made = await api.post('/quote/create', {}, headers);
    expect(made.status).toBe(200);
    const quote = made.body.data;
    const total = Math.round((Number(laser.price) * 2 + Number(raman.price)) * 100) / 100;
    expect(quote).toMatchObject({
      quoteNo: expect.stringMatching(/^Q\d{8}-\d{6}$/),
      language: 'en',
      customer: { name: customer.name, email },
      total,
      currency: 'USD',
    });
    const days = (Date.parse(quote.validUntil) - Date.parse(quote.createdAt.slice(0, 10))) / 864e5;
    expect(days).toBe(30);
    expect(quote.lines.map((l: { partNumber: string; quantity: number }) => [l.partNumber, l.quantity])).toEqual([
      ['LS-405-50', 2],
      ['RS-785-H', 1],
    ]);
    expect(quote.lines[0].shipDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect((await api.post('/shop/cart/page', {}, headers)).body.data.total).toBe(2);

    const sales = await api.mail.waitFor('sales@lumenlab-instruments.example', (m) =>
      m.subject.includes(quote.quoteNo),
    );
    expect(sales.subject).toBe(`New quote ${quote.quoteNo} for ${customer.name}`);
    const mine = await api.mail.waitFor(email, (m) => m.subject.includes(quote.quoteNo));
    expect(mine.subject).toBe(`Your quote ${quote.quoteNo}`);
    expect(mine.attachments.map((a) => a.filename)).toEqual([`${quote.quoteNo}.pdf`]);
    const attached = pdfText(mine.attachments[0]?.content as Uint8Array);
    expect(attached).toContain(quote.quoteNo);
  });

  test('keeps its prices when the catalogue changes', async () => {
    const { headers, laser } = await customerWithCart(api);
    const quote = (await api.post('/quote/create', {}, headers)).body.data;
    await api.db.query('update product set price = price * 2, name_en = $2 where id = $1', [laser.id, 'Renamed']);
    const page = await api.post('/quote/page', { pageSize: 10 }, headers);
    const kept = page.body.data.records.find((q: { id: number }) => q.id === quote.id);
    expect(kept.lines).toEqual(quote.lines);
    expect(kept.total).toBe(quote.total);
    await api.db.query('update product set price = price / 2, name_en = $2 where id = $1', [
      laser.id,
      quote.lines[0].name,
    ]);
  });

  test('gives each of many quotes made at once its own number', async () => {
    const customers = await Promise.all(Array.from({ length: 6 }, () => customerWithCart(api)));
    const made = await Promise.all(
      customers.flatMap(({ headers }) => Array.from({ length: 4 }, () => api.post('/quote/create', {}, headers))),
    );
    expect(made.map((answer) => answer.status)).toEqual(made.map(() => 200));
    const numbers = made.map((answer) => answer.body.data.quoteNo);
    expect(new Set(numbers).size).toBe(24);
    const stored = await api.db.query<{ n: number; distinct_n: number }>(
      'select count(*)::int as n, count(distinct quote_no)::int as distinct_n from quote',
    );
    expect(stored[0]?.n).toBe(stored[0]?.distinct_n);
  });

  test('answers the PDF in the language the quote was made in, with number, lines, total and terms', async () => {
    const { headers } = await customerWithCart(api);
    const zh = (await api.post('/quote/create', { language: 'zh' }, headers)).body.data;
    expect(zh.lines[0].name).toMatch(/[\u4e00-\u9fff]/);
    const pdf = await api.post('/quote/pdf', { id: zh.id, language: 'en' }, headers);
    expect(pdf.body.data.fileName).toBe(`${zh.quoteNo}.pdf`);
    const text = pdfText(decode(pdf.body.data.base64));
    expect(text).toContain(zh.quoteNo);
    expect(text).toContain('报价单号');
    expect(text).toContain('LS-405-50');
    expect(text).toContain(zh.lines[0].name);
    expect(text.replace(/\s/g, '')).toContain(`US$${zh.total.toLocaleString('en-US', { minimumFractionDigits: 2 })}`);
    expect(text).toContain('流明实验仪器');
  });

  test('shows a customer only their own quotes', async () => {
    const a = await customerWithCart(api);
    const b = await loggedInCustomer(api);
    const quote = (await api.post('/quote/create', {}, a.headers)).body.data;
    const other = await api.post('/quote/pdf', { id: quote.id }, b.headers);
    expect(other).toMatchObject({ status: 404, body: { msg: `Not found: no quote with id ${quote.id}.` } });
    expect((await api.post('/quote/page', {}, b.headers)).body.data.total).toBe(0);
    expect((await api.post('/quote/create', {}, b.headers)).status).toBe(400);
    expect((await api.post('/quote/create', {})).status).toBe(401);
  });

  test('prints a name that looks like PDF syntax or markup as text', async () => {
    const hostile = 'Eve (\\) /Type /Page <script>x</script> ) Tj';
    const { headers, customer } = await customerWithCart(api);
    await api.db.query('update customer set name = $2 where id = $1', [customer.id, hostile]);
    const quote = (await api.post('/quote/create', {}, headers)).body.data;
    const pdf = await api.post('/quote/pdf', { id: quote.id }, headers);
    expect(pdfText(decode(pdf.body.data.base64))).toContain(hostile);
  });
});

describeApi('reorder', (api) => {
  test('shows what changed since a quote: a price, a discontinued product, one gone; then adds the rest', async () => {
    const { headers, laser, raman } = await customerWithCart(api);
    const [extra] = await api.db.query<{ id: number }>("select id from product where part_number = 'PD-SI-150'");
    await api.post('/shop/cart/save', { productId: extra?.id, quantity: 4 }, headers);
    const quote = (await api.post('/quote/create', {}, headers)).body.data;
    await api.db.query('update product set price = price + 100 where id = $1', [laser.id]);
    await api.db.query('update product set discontinued = true where id = $1', [raman.id]);
    await api.db.query('update product set published = false where id = $1', [extra?.id]);
    try {
      const preview = await api.post('/shop/reorder/preview', { source: 'quote', id: quote.id }, headers);
      expect(preview.status).toBe(200);
      const byPart = Object.fromEntries(
        preview.body.data.lines.map((l: { partNumber: string; status: string }) => [l.partNumber, l]),
      );
      expect(byPart['LS-405-50']).toMatchObject({
        status: 'priceChanged',
        quantity: 2,
        before: { unitPrice: Number(laser.price), shipDate: quote.lines[0].shipDate },
        today: { unitPrice: Number(laser.price) + 100 },
      });
      expect(byPart['RS-785-H'].status).toBe('discontinued');
      expect(byPart['PD-SI-150']).toMatchObject({ status: 'unavailable', today: null });
    } finally {
      await api.db.query('update product set price = price - 100 where id = $1', [laser.id]);
      await api.db.query('update product set discontinued = false where id = $1', [raman.id]);
      await api.db.query('update product set published = true where id = $1', [extra?.id]);
    }
  });

  test('previews an order request, and only the customer’s own', async () => {
    const { headers } = await customerWithCart(api);
    const address = await api.post(
      '/client/addresses/save',
      { name: 'Ada', contactNumber: '+65 6123 4567', address: '1 Lab Road', country: 'Singapore' },
      headers,
    );
    const order = (await api.post('/order/submit', { addressId: address.body.data.id }, headers)).body.data;
    const preview = await api.post('/shop/reorder/preview', { source: 'order', id: order.id, language: 'zh' }, headers);
    expect(preview.body.data.lines.map((l: { status: string }) => l.status)).toEqual(['same', 'same']);
    expect(preview.body.data.lines[0].before.shipDate).toBeNull();
    expect(preview.body.data.lines[0].name).toMatch(/[\u4e00-\u9fff]/);
    const other = await loggedInCustomer(api);
    const refused = await api.post('/shop/reorder/preview', { source: 'order', id: order.id }, other.headers);
    expect(refused).toMatchObject({ status: 404, body: { msg: `Not found: no order request with id ${order.id}.` } });
    const bad = await api.post('/shop/reorder/preview', { source: 'invoice', id: 1 }, headers);
    expect(bad.status).toBe(400);
  });

  test("prints a Chinese name on an English quote, not '?' (set in the embedded font)", async () => {
    const { headers, customer } = await customerWithCart(api);
    await api.db.query('update customer set name = $2 where id = $1', [customer.id, '王小明']);
    const quote = (await api.post('/quote/create', { language: 'en' }, headers)).body.data;
    const text = pdfText(decode((await api.post('/quote/pdf', { id: quote.id }, headers)).body.data.base64));
    expect(text).toContain('王小明');
    expect(text).toContain('LS-405-50');
    expect(text).toContain(quote.quoteNo);
  });
});
