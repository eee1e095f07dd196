import type { Language, Page } from '#api/common.ts';
import { MAX_QUANTITY } from '#api/fields.ts';
import type { CartLine } from '#api/shop.ts';
import { shipDate } from '#lib/ship-date.ts';
import { idSlug } from '#lib/slug.ts';
import { ApiError } from '../errors.ts';
import { batched, batchersBy, type Outcome } from './batch.ts';
import type { Db, Queryable } from './index.ts';
import { type ProductSummaryRow, withProduct } from './products.ts';
import { cents, col, familyImage, isoSql, type Paging, toPage } from './rows.ts';

/** The columns of a cart line's product (alias p), its name in one language. */
const cartProductColumns = (lang: Language) =>
  `p.id, p.${col('name', lang)} as name, p.slug, p.part_number, p.family, p.price, p.currency, p.lead_time_days, p.stock`;

type CartRow = Pick<
  ProductSummaryRow,
  'id' | 'name' | 'slug' | 'part_number' | 'family' | 'price' | 'currency' | 'lead_time_days' | 'stock'
> & { quantity: number; added_at: string; total_count: number };

/**
 * The cart calls check the session in the statement that does their work, one round trip instead
 * of two (see router.ts, handleInSession): `s` is one row whose customer_id is the customer of the live
 * session with token hash $1, or null when there is none. Every cart statement answers at least
 * that row, so a missing session can never pass for an empty result.
 */
const withSession = `with s as (
  select (select customer_id from session where token_hash = $1 and revoked_at is null and expires_at > now()) as customer_id)`;

type InSession<Row> = Partial<Row> & { session_customer: number | null };

/** The rows of a statement that checked the session, without the session row; 401 when there was none. */
function sessionRows<Row extends { id: number }>(rows: InSession<Row>[]): Row[] {
  if (rows[0]?.session_customer == null) throw new ApiError(401, 'api.sessionInvalid');
  return rows.filter((row): row is InSession<Row> & Row => row.id != null);
}

function toCartLine(row: CartRow): CartLine {
  const price = Number(row.price);
  return {
    productId: row.id,
    partNumber: row.part_number,
    quantity: row.quantity,
    unitPrice: price,
    total: (cents(price) * row.quantity) / 100,
    currency: row.currency,
    shipDate: shipDate(row.stock, row.lead_time_days, row.quantity),
    product: {
      id: row.id,
      name: row.name,
      slug: idSlug(row.id, row.slug),
      smallImage: familyImage(row.family, row.name),
    },
    addedAt: row.added_at,
  };
}

/**
 * The requests of a batch (batch.ts) with the customer of each one's session: `s` has one row per
 * request, `i` its place (from 1), `customer_id` as in withSession. The other arrays come after $1.
 */
const sessionsOf = (columns: string, arrays: string) => `with r as (
    select * from unnest($1::text[], ${arrays}) with ordinality as r(token_hash, ${columns}, i)),
  s as (
    select r.*, live.customer_id from r left join session live
      on live.token_hash = r.token_hash and live.revoked_at is null and live.expires_at > now())`;

/** The rows of request `i` (from 1) of a batch statement whose rows carry `i`. */
function rowsByRequest<Row extends { i: number }>(rows: Row[], count: number): Row[][] {
  const byRequest = Array.from({ length: count }, (): Row[] => []);
  for (const row of rows) byRequest[Number(row.i) - 1]?.push(row);
  return byRequest;
}

/** What one request of a batch gets: its rows without the session row, or 401 / another error. */
function outcomeOf<Row extends { id: number }, Out>(
  rows: InSession<Row>[],
  answer: (rows: Row[]) => Out,
): Outcome<Out> {
  try {
    return { value: answer(sessionRows(rows)) };
  } catch (error) {
    return { error };
  }
}

/**
 * Reads: two batches in flight keep both the database and this process busy; batches of at most 16
 * spread the answers out instead of writing 50 at once (`npm run bench:api` measured both).
 */
const READ_BATCHES = { concurrency: 2, maxSize: 16 };

interface CartPageRequest extends Paging {
  session: string;
}

// A page past the end has no row to carry the total: the statement then counts, in its own snapshot (a
// second statement could count a line added in between, and answer a total the page contradicts).
// PostgreSQL evaluates coalesce's arguments only as needed, so the count runs only for such a page.
const cartPages = batchersBy((db: Db, lang: Language) =>
  batched<CartPageRequest, { lines: CartRow[]; total: number }>(async (requests) => {
    const rows = await db.query<InSession<CartRow> & { i: number; page_total: number }>(
      `${sessionsOf('page_size, skip', '$2::int[], $3::int[]')}
       select s.i::int as i, s.customer_id as session_customer, l.*,
         coalesce(l.total_count, (select count(*) from cart_item x ${withProduct}
           where x.customer_id = s.customer_id))::int as page_total
       from s left join lateral (
         select x.quantity, ${isoSql('x.created_at')} as added_at, count(*) over ()::int as total_count,
           ${cartProductColumns(lang)}
         from cart_item x ${withProduct} where x.customer_id = s.customer_id
         order by x.created_at desc, x.product_id desc limit s.page_size offset s.skip) l on true`,
      [
        requests.map((request) => request.session),
        requests.map((request) => request.pageSize),
        requests.map((request) => (request.pageNum - 1) * request.pageSize),
      ],
    );
    return rowsByRequest(rows, requests.length).map((own) =>
      outcomeOf(own, (lines) => ({ lines, total: own[0]?.page_total ?? 0 })),
    );
  }, READ_BATCHES),
);

/**
 * One page of the cart of the session with token hash `session`. Cart pages asked for at the same
 * time are read by one statement (batch.ts).
 */
export async function pageCart(db: Db, lang: Language, session: string, paging: Paging): Promise<Page<CartLine>> {
  const { pageNum, pageSize } = paging;
  const { lines, total } = await cartPages(db, lang)({ session, pageNum, pageSize });
  return toPage(lines.map(toCartLine), Number(total), pageNum, pageSize);
}

interface CartAddRequest {
  session: string;
  productId: number;
  quantity: number;
}

/**
 * Cart adds asked for at the same time, in one statement. Requests for the same line (one customer's
 * two tabs) are summed into one write, which is what they come to one after the other as the cap
 * applies to the sum; each answers the line as it stands after the statement. Lines are written in
 * key order, so two batches on other processes lock the rows they share in the same order.
 */
const cartAdds = batchersBy((db: Db, lang: Language) =>
  batched<CartAddRequest, CartRow | undefined>(
    async (requests) => {
      const rows = await db.query<InSession<CartRow> & { i: number }>(
        `${sessionsOf('product_id, quantity', '$2::int[], $3::int[]')},
         w as (
           select s.customer_id, p.id as product_id, least(sum(s.quantity), 999)::int as quantity
           from s join product p on p.id = s.product_id and p.published
           where s.customer_id is not null
           group by s.customer_id, p.id),
         x as (
           insert into cart_item (customer_id, product_id, quantity)
           select customer_id, product_id, quantity from w order by customer_id, product_id
           on conflict (customer_id, product_id) do update
             set quantity = least(cart_item.quantity + excluded.quantity, 999), updated_at = now()
           returning customer_id, product_id, quantity, created_at)
         select s.i::int as i, s.customer_id as session_customer, l.* from s left join (
           select x.customer_id as line_customer, x.quantity, ${isoSql('x.created_at')} as added_at, 1 as total_count,
             ${cartProductColumns(lang)}
           from x ${withProduct}
         ) l on l.line_customer = s.customer_id and l.id = s.product_id`,
        [
          requests.map((request) => request.session),
          requests.map((request) => request.productId),
          requests.map((request) => request.quantity),
        ],
      );
      return rowsByRequest(rows, requests.length).map((own) => outcomeOf(own, (lines) => lines[0]));
    },
    // One write batch at a time per process: a second would only wait for the first one's row locks,
    // and fewer, larger batches mean fewer commits.
    { concurrency: 1, maxSize: 64 },
  ),
);

/** Adds a published product to the cart or adds to its quantity (at most 999); 404 for any other product. */
export async function addToCart(
  db: Db,
  lang: Language,
  session: string,
  productId: number,
  quantity: number,
): Promise<CartLine> {
  const row = await cartAdds(db, lang)({ session, productId, quantity });
  if (!row) throw new ApiError(404, 'api.notFound', { thing: 'product', id: productId });
  return toCartLine(row);
}

/** The cart line a cart statement `x` (product_id, quantity, created_at) wrote, with the session row. */
const selectWrittenLine = (lang: Language) => `
  select s.customer_id as session_customer, l.* from s left join (
    select x.quantity, ${isoSql('x.created_at')} as added_at, 1 as total_count, ${cartProductColumns(lang)} from x ${withProduct}
  ) l on true`;

/** Sets the quantity of a product in the cart; 404 when it is not there. */
export async function setCartQuantity(
  db: Queryable,
  lang: Language,
  session: string,
  productId: number,
  quantity: number,
): Promise<CartLine> {
  const [row] = sessionRows(
    await db.query<InSession<CartRow>>(
      `${withSession},
       x as (
         update cart_item c set quantity = $3, updated_at = now() from s
         where c.customer_id = s.customer_id and c.product_id = $2
         returning c.product_id, c.quantity, c.created_at)
       ${selectWrittenLine(lang)}`,
      [session, productId, quantity],
    ),
  );
  if (!row) throw new ApiError(404, 'api.notInCart');
  return toCartLine(row);
}

export async function removeFromCart(db: Queryable, session: string, productId: number): Promise<void> {
  const rows = await db.query<{ session_customer: number | null }>(
    `${withSession},
     x as (delete from cart_item c using s where c.customer_id = s.customer_id and c.product_id = $2)
     select s.customer_id as session_customer from s`,
    [session, productId],
  );
  if (rows[0]?.session_customer == null) throw new ApiError(401, 'api.sessionInvalid');
}

/**
 * Adds several products to the customer's cart at once (a quick order, a reorder), each at most 999 with
 * what is there, inside the caller's transaction; every product must be on sale, or nothing is added
 * (409). Answers the whole cart, newest first.
 */
export async function addLinesToCart(
  tx: Queryable,
  lang: Language,
  customerId: number,
  lines: { productId: number; quantity: number }[],
): Promise<CartLine[]> {
  const added = await tx.query<{ product_id: number }>(
    `insert into cart_item (customer_id, product_id, quantity)
     select $1, p.id, least(sum(l.quantity), ${MAX_QUANTITY})::int
     from jsonb_to_recordset($2::jsonb) as l(product_id int, quantity int)
     join product p on p.id = l.product_id and p.published and not p.discontinued
     group by p.id order by p.id
     on conflict (customer_id, product_id) do update
       set quantity = least(cart_item.quantity + excluded.quantity, ${MAX_QUANTITY}), updated_at = now()
     returning product_id`,
    [customerId, JSON.stringify(lines.map((line) => ({ product_id: line.productId, quantity: line.quantity })))],
  );
  if (added.length !== new Set(lines.map((line) => line.productId)).size)
    throw new ApiError(409, 'api.linesUnavailable');
  const rows = await tx.query<CartRow>(
    `select x.quantity, ${isoSql('x.created_at')} as added_at, 0 as total_count, ${cartProductColumns(lang)}
     from cart_item x ${withProduct} where x.customer_id = $1
     order by x.created_at desc, x.product_id desc`,
    [customerId],
  );
  return rows.map(toCartLine);
}
