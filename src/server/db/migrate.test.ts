import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { databaseKinds, emptyDb } from '#tests/support/testing.ts';
import { findSession, getCustomerInfo } from '../auth/session.ts';
import { sha256 } from '../auth/token.ts';
import { catalogue } from '../seed/data/index.ts';
import { seedIfEmpty } from '../seed/index.ts';
import { pageCart } from './cart.ts';
import { insertCustomer, listAddresses } from './customers.ts';
import { pageFavourites } from './favourites.ts';
import type { Db } from './index.ts';
import { migrate } from './migrate.ts';
import { pageOrders } from './orders.ts';
import { pageSavedArticles } from './saved-articles.ts';

// Migration 012 renames `client` to `customer` on a database in use: a customer written by the code of
// migrations 001-011, with everything a customer has, is read whole by the code of 012 afterwards.
describe.each(databaseKinds)('migration 012, client to customer, on a database with customers (%s)', (kind) => {
  let handle: Awaited<ReturnType<typeof emptyDb>>;
  let db: Db;
  const token = 'a token from before migration 012';
  const submission = '00000000-0000-4000-8000-000000000012';
  const paging = { pageNum: 1, pageSize: 10 };
  let customerId: number;
  let product: { id: number; part_number: string };
  let articleId: number;
  let applied: number[];

  beforeAll(async () => {
    handle = await emptyDb(kind);
    db = handle.db;
    expect(await migrate(db, 11)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]);
    // As the code before migration 019 seeded it: products without curves.
    await seedIfEmpty(db, { ...catalogue, products: catalogue.products.map(({ curves: _, ...product }) => product) });
    [product] = (await db.query<{ id: number; part_number: string }>(
      'select id, part_number from product where published order by id limit 1',
    )) as [{ id: number; part_number: string }];
    const [article] = await db.query<{ id: number }>('select id from article where published order by id limit 1');
    articleId = article?.id as number;

    // Written as the code before 012 wrote them, by the old names.
    const [row] = await db.query<{ id: number }>(
      `insert into client (username, email, name, contact_number, password_hash)
       values ('ada', 'ada@example.com', 'Ada Lovelace', '+65 6123 4567', 'scrypt$16384$8$1$c2FsdA$aGFzaA')
       returning id`,
    );
    customerId = row?.id as number;
    await db.query(
      `insert into session (token_hash, client_id, expires_at) values ($1, $2, now() + interval '1 day')`,
      [sha256(token), customerId],
    );
    await db.query(
      `insert into address (client_id, name, contact_number, address, postal_code, country, is_default)
       values ($1, 'Ada Lovelace', '+65 6123 4567', '1 Science Park Road', '117528', 'SG', true)`,
      [customerId],
    );
    await db.query('insert into cart_item (client_id, product_id, quantity) values ($1, $2, 3)', [
      customerId,
      product.id,
    ]);
    await db.query('insert into favourite (client_id, product_id) values ($1, $2)', [customerId, product.id]);
    await db.query('insert into saved_article (client_id, article_id) values ($1, $2)', [customerId, articleId]);
    const [order] = await db.query<{ id: number }>(
      `insert into customer_order (order_no, client_id, language, ship_name, ship_contact_number, ship_address,
         ship_postal_code, ship_country, total, currency)
       values ('SO20260101-000001', $1, 'en', 'Ada Lovelace', '+65 6123 4567', '1 Science Park Road', '117528',
         'SG', 960, 'USD')
       returning id`,
      [customerId],
    );
    await db.query(
      `insert into order_line (order_id, line_no, product_id, part_number, name_en, name_zh, quantity, unit_price, total)
       values ($1, 1, $2, $3, 'Detector', '探测器', 2, 480, 960)`,
      [order?.id, product.id, product.part_number],
    );
    await db.query(
      `insert into inquiry (submission_id, inquiry_type, full_name, email, company, department, country,
         product_model, message, application_industry, agreed_to_terms, language, client_id, address)
       values ($1, 'quote', 'Ada Lovelace', 'ada@example.com', 'Analytical Engines', 'R&D', 'SG', 'QD-1',
         'A quote, please.', 'research', true, 'en', $2, '203.0.113.7')`,
      [submission, customerId],
    );

    applied = await migrate(db, 12);
  }, 60_000);
  afterAll(() => handle?.drop());

  test('applies 012 alone, and leaves nothing named client', async () => {
    expect(applied).toEqual([12]);
    const named = await db.query<{ name: string }>(
      `select relname as name from pg_class
       where relnamespace = to_regnamespace(current_schema()) and relname like '%client%'
       union all
       select conname from pg_constraint
       where connamespace = to_regnamespace(current_schema()) and conname like '%client%'
       union all
       select table_name || '.' || column_name from information_schema.columns
       where table_schema = current_schema() and column_name like '%client%'`,
    );
    expect(named).toEqual([]);
    const indexes = await db.query<{ indexname: string }>(
      `select indexname from pg_indexes where schemaname = current_schema() and indexname in
         ('customer_pkey', 'customer_username', 'customer_email', 'session_customer', 'address_customer',
          'customer_order_customer')
       order by indexname`,
    );
    expect(indexes.map((index) => index.indexname)).toEqual([
      'address_customer',
      'customer_email',
      'customer_order_customer',
      'customer_pkey',
      'customer_username',
      'session_customer',
    ]);
  });

  test('keeps the customer with its session, address, cart, favourites, saved articles, order and inquiry', async () => {
    expect(await findSession(db, token)).toEqual({ id: customerId, tokenHash: sha256(token) });
    expect(await getCustomerInfo(db, customerId)).toMatchObject({
      id: customerId,
      username: 'ada',
      email: 'ada@example.com',
      name: 'Ada Lovelace',
    });
    expect(await listAddresses(db, customerId)).toEqual([
      expect.objectContaining({ address: '1 Science Park Road', isDefault: true }),
    ]);
    const cart = await pageCart(db, 'en', sha256(token), paging);
    expect(cart.records.map((line) => [line.productId, line.quantity])).toEqual([[product.id, 3]]);
    const favourites = await pageFavourites(db, 'en', customerId, paging);
    expect(favourites.records.map((favourite) => favourite.productId)).toEqual([product.id]);
    const saved = await pageSavedArticles(db, 'en', customerId, paging);
    expect(saved.records.map((article) => article.newsId)).toEqual([articleId]);
    const orders = await pageOrders(db, 'en', customerId, paging);
    expect(orders.records).toEqual([
      expect.objectContaining({
        orderNo: 'SO20260101-000001',
        total: 960,
        lines: [expect.objectContaining({ productId: product.id, quantity: 2, total: 960 })],
      }),
    ]);
    const [inquiry] = await db.query<{ customer_id: number }>(
      'select customer_id from inquiry where submission_id = $1',
      [submission],
    );
    expect(inquiry?.customer_id).toBe(customerId);
  });

  test('keeps the keys: ids go on from the renamed sequence, usernames and emails stay unique', async () => {
    const fields = { name: 'Grace Hopper', contactNumber: '+65 6123 4567', passwordHash: 'scrypt$x' };
    const grace = await insertCustomer(db, { ...fields, username: 'grace', email: 'grace@example.com' });
    expect(grace.id).toBeGreaterThan(customerId);
    await expect(insertCustomer(db, { ...fields, username: 'ADA', email: 'other@example.com' })).rejects.toMatchObject({
      code: 409,
      key: 'api.usernameTaken',
    });
    await expect(insertCustomer(db, { ...fields, username: 'ada2', email: 'ADA@example.com' })).rejects.toMatchObject({
      code: 409,
      key: 'api.emailTaken',
    });
    // A customer's orders still hold on to the customer; the rest goes with it.
    await expect(db.query('delete from customer where id = $1', [customerId])).rejects.toThrow();
    await db.query('delete from customer_order where customer_id = $1', [customerId]);
    await db.query('delete from customer where id = $1', [customerId]);
    for (const table of ['session', 'address', 'cart_item', 'favourite', 'saved_article'])
      expect(await db.query(`select 1 from ${table} where customer_id = $1`, [customerId])).toEqual([]);
    const [inquiry] = await db.query<{ customer_id: number | null }>(
      'select customer_id from inquiry where submission_id = $1',
      [submission],
    );
    expect(inquiry?.customer_id).toBeNull();
  });
});
