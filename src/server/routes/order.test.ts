import { expect, test, vi } from 'vitest';
import { ORDER_STATUSES } from '#api/shop.ts';
import { type ApiClient, describeApi, loggedInCustomer } from '#tests/support/testing.ts';

const address = {
  name: 'Ada Lovelace',
  contactNumber: '+65 6123 4567',
  address: '12 Science Park Drive',
  postalCode: '119276',
  country: 'Singapore',
};

/** A logged-in customer with an address and two products in the cart. */
async function customerWithCart(api: ApiClient) {
  const login = await loggedInCustomer(api);
  const saved = await api.post('/client/addresses/save', address, login.headers);
  const products = await api.db.query<{ id: number; price: number | string; part_number: string }>(
    'select id, price, part_number from product where published order by id limit 2',
  );
  await api.post('/shop/cart/save', { productId: products[0]?.id, quantity: 2 }, login.headers);
  await api.post('/shop/cart/save', { productId: products[1]?.id, quantity: 1 }, login.headers);
  return { ...login, addressId: saved.body.data.id as number, products };
}

describeApi('orders', (api) => {
  test('copies the cart into an order with today’s prices, empties the cart and emails sales', async () => {
    const { headers, addressId, products, email, customer } = await customerWithCart(api);
    const [first, second] = products;
    if (!first || !second) throw new Error('no products');
    // The price changes after the product went into the cart: the order takes the price at submit time.
    await api.db.query('update product set price = price + 10 where id = $1', [first.id]);
    const newPrice = Number(first.price) + 10;

    const submitted = await api.post('/order/submit', { addressId, remark: 'Please quote with calibration.' }, headers);
    expect(submitted.body.code).toBe(200);
    const order = submitted.body.data;
    expect(order).toMatchObject({
      orderNo: expect.stringMatching(/^SO\d{8}-\d{6}$/),
      status: 'submitted',
      remark: 'Please quote with calibration.',
      address,
      currency: 'USD',
      total: Math.round((newPrice * 2 + Number(second.price)) * 100) / 100,
    });
    expect(order.lines).toEqual([
      expect.objectContaining({ productId: first.id, partNumber: first.part_number, quantity: 2, unitPrice: newPrice }),
      expect.objectContaining({ productId: second.id, quantity: 1, unitPrice: Number(second.price) }),
    ]);

    expect((await api.post('/shop/cart/page', {}, headers)).body.data.total).toBe(0);
    const outbox = await api.db.query<{ to_address: string }>(
      'select to_address from mail_outbox where subject like $1 order by id',
      [`%${order.orderNo}%`],
    );
    expect(outbox.map((row) => row.to_address)).toEqual(['sales@lumenlab-instruments.example', email]);

    const sales = await api.mail.waitFor('sales@lumenlab-instruments.example', (m) =>
      m.subject.includes(order.orderNo),
    );
    expect(sales.subject).toBe(`New order request ${order.orderNo} from ${customer.name}`);
    expect(sales.text).toContain(first.part_number);
    expect(sales.text).toContain(second.part_number);
    expect(sales.text).toContain('Please quote with calibration.');
    const confirmation = await api.mail.waitFor(email);
    expect(confirmation.subject).toBe(`We received your order request ${order.orderNo}`);
    await api.outbox.idle();
    const unsent = await api.db.query('select id from mail_outbox where sent_at is null');
    expect(unsent).toEqual([]);
  });

  test('keeps the address as it was at submit time, and answers lines in the request language', async () => {
    const { headers, addressId, email } = await customerWithCart(api);
    const submitted = await api.post('/order/submit', { language: 'zh', addressId }, headers);
    expect(submitted.body.data.lines[0].name).toMatch(/[\u4e00-\u9fff]/);
    await api.post('/client/addresses/save', { ...address, id: addressId, address: 'Moved away' }, headers);
    await api.post('/client/addresses/remove', { id: addressId }, headers);
    const page = await api.post('/order/page', { language: 'en', pageSize: 999 }, headers);
    expect(page.body.data).toMatchObject({ total: 1, records: [{ id: submitted.body.data.id, address }] });
    expect(page.body.data.records[0].lines[0].name).not.toMatch(/[\u4e00-\u9fff]/);
    const confirmation = await api.mail.waitFor(email);
    expect(confirmation.subject).toBe(`我们已收到您的订单申请 ${submitted.body.data.orderNo}`);
  });

  test('refuses an empty cart, in the request language', async () => {
    const { headers } = await loggedInCustomer(api);
    const saved = await api.post('/client/addresses/save', address, headers);
    const en = await api.post('/order/submit', { addressId: saved.body.data.id }, headers);
    expect(en.status).toBe(400);
    expect(en.body).toEqual({ code: 400, msg: 'Your cart is empty.', data: null });
    const zh = await api.post('/order/submit', { language: 'zh', addressId: saved.body.data.id }, headers);
    expect(zh.body.msg).toBe('购物车是空的。');
  });

  test('writes all of an order or none of it', async () => {
    const { headers, addressId, customer } = await customerWithCart(api);
    await api.db.exec(`
      create function refuse_mail() returns trigger language plpgsql as $$
      begin raise exception 'the outbox is broken'; end; $$;
      create trigger refuse_mail before insert on mail_outbox for each row execute function refuse_mail();`);
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      const failed = await api.post('/order/submit', { addressId }, headers);
      expect(failed.status).toBe(500);
      expect(logged).toHaveBeenCalledWith('POST /api/order/submit failed:', expect.anything());
    } finally {
      logged.mockRestore();
      await api.db.exec('drop trigger refuse_mail on mail_outbox; drop function refuse_mail();');
    }
    expect(await api.db.query('select id from customer_order where customer_id = $1', [customer.id])).toEqual([]);
    expect((await api.post('/shop/cart/page', {}, headers)).body.data.total).toBe(2);
    expect((await api.post('/order/submit', { addressId }, headers)).body.code).toBe(200);
  });

  test('knows the six order statuses and no others', async () => {
    const { headers, addressId } = await customerWithCart(api);
    const { id } = (await api.post('/order/submit', { addressId }, headers)).body.data;
    for (const status of ORDER_STATUSES) {
      await api.db.query('update customer_order set status = $2 where id = $1', [id, status]);
      const page = await api.post('/order/page', {}, headers);
      expect(page.body.data.records[0].status).toBe(status);
    }
    await expect(api.db.query("update customer_order set status = 'lost' where id = $1", [id])).rejects.toThrow();
  });

  test('lists only the customer’s own orders, newest first', async () => {
    const { headers, addressId, products } = await customerWithCart(api);
    const older = (await api.post('/order/submit', { addressId }, headers)).body.data;
    await api.post('/shop/cart/save', { productId: products[0]?.id }, headers);
    const newer = (await api.post('/order/submit', { addressId }, headers)).body.data;
    const page = await api.post('/order/page', { pageSize: 999 }, headers);
    expect(page.body.data.records.map((o: { id: number }) => o.id)).toEqual([newer.id, older.id]);
    const stranger = await loggedInCustomer(api);
    expect((await api.post('/order/page', {}, stranger.headers)).body.data).toMatchObject({ total: 0, records: [] });
  });
});
