import type { Language } from '#api/common.ts';
import type { Order, OrderStatus } from '#api/shop.ts';
import { ApiError } from '../errors.ts';
import type { Queryable } from './index.ts';
import { cents, col, iso, type Paging, pageOf } from './rows.ts';

interface OrderRow {
  id: number;
  order_no: string;
  status: OrderStatus;
  remark: string;
  ship_name: string;
  ship_contact_number: string;
  ship_address: string;
  ship_postal_code: string;
  ship_country: string;
  total: number | string;
  currency: string;
  created_at: string;
}

interface OrderLineRow {
  order_id: number;
  product_id: number;
  part_number: string;
  name: string;
  quantity: number;
  unit_price: number | string;
  total: number | string;
}

const orderColumns = `id, order_no, status, remark, ship_name, ship_contact_number, ship_address, ship_postal_code,
  ship_country, total, currency, created_at`;

async function withLines(db: Queryable, lang: Language, rows: OrderRow[]): Promise<Order[]> {
  if (rows.length === 0) return [];
  const lines = await db.query<OrderLineRow>(
    `select order_id, product_id, part_number, ${col('name', lang)} as name, quantity, unit_price, total
     from order_line where order_id = any($1::int[]) order by order_id, line_no`,
    [rows.map((row) => row.id)],
  );
  return rows.map((row) => ({
    id: row.id,
    orderNo: row.order_no,
    status: row.status,
    remark: row.remark,
    address: {
      name: row.ship_name,
      contactNumber: row.ship_contact_number,
      address: row.ship_address,
      postalCode: row.ship_postal_code,
      country: row.ship_country,
    },
    lines: lines
      .filter((line) => line.order_id === row.id)
      .map((line) => ({
        productId: line.product_id,
        partNumber: line.part_number,
        name: line.name,
        quantity: line.quantity,
        unitPrice: Number(line.unit_price),
        total: Number(line.total),
      })),
    total: Number(row.total),
    currency: row.currency,
    createdAt: iso(row.created_at),
  }));
}

export async function pageOrders(db: Queryable, lang: Language, customerId: number, paging: Paging) {
  const page = await pageOf<OrderRow & { total_count: number }, OrderRow>(
    db,
    `select ${orderColumns}, count(*) over ()::int as total_count from customer_order
     where customer_id = $1 order by created_at desc, id desc`,
    'select count(*)::int as n from customer_order where customer_id = $1',
    customerId,
    paging,
    (row) => row,
  );
  return { ...page, records: await withLines(db, lang, page.records) };
}

/**
 * Turns the customer's cart into an order to one of their addresses, inside the caller's transaction:
 * lines copied with today's prices, the address copied as it is now, the copied lines taken out of
 * the cart. Answers the order in the given language.
 */
export async function createOrderFromCart(
  tx: Queryable,
  lang: Language,
  customerId: number,
  { addressId, remark }: { addressId: number; remark: string },
): Promise<Order> {
  const [address] = await tx.query<{
    name: string;
    contact_number: string;
    address: string;
    postal_code: string;
    country: string;
  }>('select name, contact_number, address, postal_code, country from address where id = $1 and customer_id = $2', [
    addressId,
    customerId,
  ]);
  if (!address) throw new ApiError(404, 'api.addressNotFound');
  // Locks the cart lines, so two submits of one cart cannot both copy them.
  const cart = await tx.query<{
    product_id: number;
    quantity: number;
    part_number: string;
    name_en: string;
    name_zh: string;
    price: number | string;
    currency: string;
  }>(
    `select x.product_id, x.quantity, p.part_number, p.name_en, p.name_zh, p.price, p.currency
     from cart_item x join product p on p.id = x.product_id and p.published
     where x.customer_id = $1 order by x.created_at, x.product_id for update of x`,
    [customerId],
  );
  if (cart.length === 0) throw new ApiError(400, 'api.cartEmpty');
  const currencies = new Set(cart.map((line) => line.currency));
  if (currencies.size > 1) throw new ApiError(400, 'api.mixedCurrencies');
  const lines = cart.map((line, index) => ({
    line_no: index + 1,
    product_id: line.product_id,
    part_number: line.part_number,
    name_en: line.name_en,
    name_zh: line.name_zh,
    quantity: line.quantity,
    unit_price: cents(line.price) / 100,
    total: (cents(line.price) * line.quantity) / 100,
  }));
  const total = lines.reduce((sum, line) => sum + cents(line.unit_price) * line.quantity, 0) / 100;
  const [order] = await tx.query<OrderRow>(
    `insert into customer_order (id, order_no, customer_id, remark, language, ship_name, ship_contact_number,
       ship_address, ship_postal_code, ship_country, total, currency)
     select n, 'SO' || to_char(now() at time zone 'UTC', 'YYYYMMDD') || '-' || lpad(n::text, 6, '0'),
       $1, $2, $3, $4, $5, $6, $7, $8, $9, $10
     from nextval('customer_order_id_seq') as n
     returning ${orderColumns}`,
    [
      customerId,
      remark,
      lang,
      address.name,
      address.contact_number,
      address.address,
      address.postal_code,
      address.country,
      total,
      cart[0]?.currency,
    ],
  );
  if (!order) throw new Error('insert into customer_order answered no row');
  await tx.query(
    `insert into order_line (order_id, line_no, product_id, part_number, name_en, name_zh, quantity, unit_price, total)
     select $1, line_no, product_id, part_number, name_en, name_zh, quantity, unit_price, total
     from jsonb_to_recordset($2::jsonb) as x(line_no int, product_id int, part_number text, name_en text,
       name_zh text, quantity int, unit_price numeric, total numeric)`,
    [order.id, JSON.stringify(lines)],
  );
  await tx.query('delete from cart_item where customer_id = $1 and product_id = any($2::int[])', [
    customerId,
    lines.map((line) => line.product_id),
  ]);
  const [answer] = await withLines(tx, lang, [order]);
  if (!answer) throw new Error('the new order has no answer');
  return answer;
}
