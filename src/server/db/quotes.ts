import type { Language } from '#api/common.ts';
import { QUOTE_VALID_DAYS, type Quote } from '#api/quote.ts';
import { shipDate } from '#lib/ship-date.ts';
import { ApiError } from '../errors.ts';
import type { Queryable } from './index.ts';
import { cents, col, iso, type Paging, pageOf } from './rows.ts';

// Quotes (decision 0081): the cart copied, with its prices and ship dates, under a number that a sequence
// hands out (so two quotes made at once, on two processes too, never share one) and valid 30 days.

interface QuoteRow {
  id: number;
  quote_no: string;
  language: Language;
  customer_name: string;
  customer_email: string;
  customer_contact_number: string;
  total: number | string;
  currency: string;
  created_at: string;
  valid_until: string;
}

interface QuoteLineRow {
  quote_id: number;
  product_id: number;
  part_number: string;
  name: string;
  quantity: number;
  unit_price: number | string;
  total: number | string;
  ship_date: string;
}

const quoteColumns = `id, quote_no, language, customer_name, customer_email, customer_contact_number, total, currency,
  created_at, to_char(valid_until, 'YYYY-MM-DD') as valid_until`;

/** The quotes of the rows with their lines, the names in `lang` (the language asked in, or the quote's own). */
async function withLines(db: Queryable, lang: Language | 'own', rows: QuoteRow[]): Promise<Quote[]> {
  if (rows.length === 0) return [];
  const lines = await db.query<QuoteLineRow>(
    `select l.quote_id, l.product_id, l.part_number, l.quantity, l.unit_price, l.total,
       to_char(l.ship_date, 'YYYY-MM-DD') as ship_date,
       ${lang === 'own' ? "case when q.language = 'zh' then l.name_zh else l.name_en end" : `l.${col('name', lang)}`} as name
     from quote_line l join quote q on q.id = l.quote_id
     where l.quote_id = any($1::int[]) order by l.quote_id, l.line_no`,
    [rows.map((row) => row.id)],
  );
  return rows.map((row) => ({
    id: row.id,
    quoteNo: row.quote_no,
    language: row.language,
    customer: { name: row.customer_name, email: row.customer_email, contactNumber: row.customer_contact_number },
    lines: lines
      .filter((line) => line.quote_id === row.id)
      .map((line) => ({
        productId: line.product_id,
        partNumber: line.part_number,
        name: line.name,
        quantity: line.quantity,
        unitPrice: Number(line.unit_price),
        total: Number(line.total),
        shipDate: line.ship_date,
      })),
    total: Number(row.total),
    currency: row.currency,
    createdAt: iso(row.created_at),
    validUntil: row.valid_until,
  }));
}

export async function pageQuotes(db: Queryable, lang: Language, customerId: number, paging: Paging) {
  const page = await pageOf<QuoteRow & { total_count: number }, QuoteRow>(
    db,
    `select ${quoteColumns}, count(*) over ()::int as total_count from quote
     where customer_id = $1 order by created_at desc, id desc`,
    'select count(*)::int as n from quote where customer_id = $1',
    customerId,
    paging,
    (row) => row,
  );
  return { ...page, records: await withLines(db, lang, page.records) };
}

/** One quote of a customer (any customer's when `customerId` is null: sales' command), its names in its own language. */
export async function getQuote(db: Queryable, id: number, customerId: number | null): Promise<Quote | undefined> {
  const rows = await db.query<QuoteRow>(
    `select ${quoteColumns} from quote where id = $1 and ($2::int is null or customer_id = $2)`,
    [id, customerId],
  );
  return (await withLines(db, 'own', rows))[0];
}

/** Every quote, newest first, at most `limit`, optionally only those made since a time: for sales' command. */
export async function listQuotes(db: Queryable, { since, limit }: { since?: string; limit: number }): Promise<Quote[]> {
  const rows = await db.query<QuoteRow>(
    `select ${quoteColumns} from quote where ($1::timestamptz is null or created_at >= $1)
     order by created_at desc, id desc limit $2`,
    [since ?? null, limit],
  );
  return withLines(db, 'own', rows);
}

/** A quote by its id or its number, for sales' command. */
export async function findQuote(db: Queryable, key: number | string): Promise<Quote | undefined> {
  const [row] = await db.query<{ id: number }>(
    typeof key === 'number' ? 'select id from quote where id = $1' : 'select id from quote where quote_no = $1',
    [key],
  );
  return row ? getQuote(db, row.id, null) : undefined;
}

/**
 * Makes a quote of the customer's cart inside the caller's transaction: each line's product, quantity,
 * today's price and ship date copied, the customer as they are now. The cart stays as it is.
 */
export async function createQuoteFromCart(tx: Queryable, lang: Language, customerId: number): Promise<Quote> {
  const cart = await tx.query<{
    product_id: number;
    quantity: number;
    part_number: string;
    name_en: string;
    name_zh: string;
    price: number | string;
    currency: string;
    stock: number;
    lead_time_days: number;
  }>(
    `select x.product_id, x.quantity, p.part_number, p.name_en, p.name_zh, p.price, p.currency, p.stock, p.lead_time_days
     from cart_item x join product p on p.id = x.product_id and p.published and not p.discontinued
     where x.customer_id = $1 order by x.created_at, x.product_id`,
    [customerId],
  );
  if (cart.length === 0) throw new ApiError(400, 'api.cartEmpty');
  if (new Set(cart.map((line) => line.currency)).size > 1) throw new ApiError(400, 'api.mixedCurrencies');
  const lines = cart.map((line, index) => ({
    line_no: index + 1,
    product_id: line.product_id,
    part_number: line.part_number,
    name_en: line.name_en,
    name_zh: line.name_zh,
    quantity: line.quantity,
    unit_price: cents(line.price) / 100,
    total: (cents(line.price) * line.quantity) / 100,
    ship_date: shipDate(line.stock, line.lead_time_days, line.quantity),
  }));
  const total = lines.reduce((sum, line) => sum + cents(line.unit_price) * line.quantity, 0) / 100;
  // The number: Q, the UTC date, and the sequence's next value, which no other transaction ever gets.
  const [quote] = await tx.query<QuoteRow>(
    `insert into quote (quote_no, customer_id, language, customer_name, customer_email, customer_contact_number,
       total, currency, valid_until)
     select 'Q' || to_char(now() at time zone 'UTC', 'YYYYMMDD') || '-' || lpad(nextval('quote_no_seq')::text, 6, '0'),
       c.id, $2, c.name, c.email, c.contact_number, $3, $4,
       (now() at time zone 'UTC')::date + ${QUOTE_VALID_DAYS}
     from customer c where c.id = $1
     returning ${quoteColumns}`,
    [customerId, lang, total, cart[0]?.currency],
  );
  if (!quote) throw new Error('insert into quote answered no row');
  await tx.query(
    `insert into quote_line (quote_id, line_no, product_id, part_number, name_en, name_zh, quantity, unit_price, total,
       ship_date)
     select $1, line_no, product_id, part_number, name_en, name_zh, quantity, unit_price, total, ship_date
     from jsonb_to_recordset($2::jsonb) as x(line_no int, product_id int, part_number text, name_en text,
       name_zh text, quantity int, unit_price numeric, total numeric, ship_date date)`,
    [quote.id, JSON.stringify(lines)],
  );
  const [answer] = await withLines(tx, lang, [quote]);
  if (!answer) throw new Error('the new quote has no answer');
  return answer;
}
