import type { Language, Page } from '#api/common.ts';
import type { CartLine, Favourite, Order, OrderStatus, SavedArticle } from '#api/shop.ts';
import { shipDate } from '#lib/ship-date.ts';
import { idSlug } from '#lib/slug.ts';
import { ApiError } from '../errors.ts';
import { batched, batchersBy, type Outcome } from './batch.ts';
import {
  type ArticleRow,
  articleRecordColumns,
  familyImage,
  iso,
  isoSql,
  type ProductSummaryRow,
  productSummaryColumns,
  toArticle,
  toPage,
  toSummary,
} from './catalogue.ts';
import type { Db, Queryable } from './index.ts';

// Column suffixes are interpolated only from the validated Language type, never from raw input.
const col = (name: string, lang: Language) => `${name}_${lang}`;

/** Money in integer cents, so totals add up exactly. */
const cents = (amount: number | string) => Math.round(Number(amount) * 100);

interface Paging {
  pageNum: number;
  pageSize: number;
}

/**
 * One page of a client's list in one query: the rows carry the total (count(*) over ()). Only a
 * page past the end, which has no rows to carry it, costs a second query for the total.
 */
async function pageOf<Row extends { total_count: number }, T>(
  db: Queryable,
  sql: string,
  countSql: string,
  clientId: number,
  { pageNum, pageSize }: Paging,
  map: (row: Row) => T,
): Promise<Page<T>> {
  const rows = await db.query<Row>(`${sql} limit $2 offset $3`, [clientId, pageSize, (pageNum - 1) * pageSize]);
  let total = rows[0]?.total_count;
  if (total === undefined)
    total = pageNum === 1 ? 0 : ((await db.query<{ n: number }>(countSql, [clientId]))[0]?.n ?? 0);
  return toPage(rows.map(map), Number(total), pageNum, pageSize);
}

// ---- cart ----

/** The columns of a cart line's product (alias p), its name in one language. */
const cartProductColumns = (lang: Language) =>
  `p.id, p.${col('name', lang)} as name, p.slug, p.part_number, p.family, p.price, p.currency, p.lead_time_days, p.stock`;

type CartRow = Pick<
  ProductSummaryRow,
  'id' | 'name' | 'slug' | 'part_number' | 'family' | 'price' | 'currency' | 'lead_time_days' | 'stock'
> & { quantity: number; added_at: string; total_count: number };

// The product of a list row `x` with product_id: only published products show.
const withProduct = 'join product p on p.id = x.product_id and p.published';

/**
 * The cart calls check the session in the statement that does their work, one round trip instead
 * of two (see router.ts, handleInSession): `s` is one row whose client_id is the client of the live
 * session with token hash $1, or null when there is none. Every cart statement answers at least
 * that row, so a missing session can never pass for an empty result.
 */
const withSession = `with s as (
  select (select client_id from session where token_hash = $1 and revoked_at is null and expires_at > now()) as client_id)`;

type InSession<Row> = Partial<Row> & { session_client: number | null };

/** The rows of a statement that checked the session, without the session row; 401 when there was none. */
function sessionRows<Row extends { id: number }>(rows: InSession<Row>[]): Row[] {
  if (rows[0]?.session_client == null) throw new ApiError(401, 'api.sessionInvalid');
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
 * The requests of a batch (batch.ts) with the client of each one's session: `s` has one row per
 * request, `i` its place (from 1), `client_id` as in withSession. The other arrays come after $1.
 */
const sessionsOf = (columns: string, arrays: string) => `with r as (
    select * from unnest($1::text[], ${arrays}) with ordinality as r(token_hash, ${columns}, i)),
  s as (
    select r.*, live.client_id from r left join session live
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

const cartPages = batchersBy((db: Db, lang: Language) =>
  batched<CartPageRequest, CartRow[]>(async (requests) => {
    const rows = await db.query<InSession<CartRow> & { i: number }>(
      `${sessionsOf('page_size, skip', '$2::int[], $3::int[]')}
       select s.i::int as i, s.client_id as session_client, l.* from s left join lateral (
         select x.quantity, ${isoSql('x.created_at')} as added_at, count(*) over ()::int as total_count,
           ${cartProductColumns(lang)}
         from cart_item x ${withProduct} where x.client_id = s.client_id
         order by x.created_at desc, x.product_id desc limit s.page_size offset s.skip) l on true`,
      [
        requests.map((request) => request.session),
        requests.map((request) => request.pageSize),
        requests.map((request) => (request.pageNum - 1) * request.pageSize),
      ],
    );
    return rowsByRequest(rows, requests.length).map((own) => outcomeOf(own, (lines) => lines));
  }, READ_BATCHES),
);

/**
 * One page of the cart of the session with token hash `session`. Cart pages asked for at the same
 * time are read by one statement (batch.ts).
 */
export async function pageCart(db: Db, lang: Language, session: string, paging: Paging): Promise<Page<CartLine>> {
  const { pageNum, pageSize } = paging;
  const rows = await cartPages(db, lang)({ session, pageNum, pageSize });
  let total = rows[0]?.total_count;
  // A page past the end has no row to carry the total.
  if (total === undefined && pageNum > 1) {
    const [count] = await db.query<{ n: number }>(
      `${withSession} select count(*)::int as n from s join cart_item x on x.client_id = s.client_id ${withProduct}`,
      [session],
    );
    total = count?.n;
  }
  return toPage(rows.map(toCartLine), Number(total ?? 0), pageNum, pageSize);
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
           select s.client_id, p.id as product_id, least(sum(s.quantity), 999)::int as quantity
           from s join product p on p.id = s.product_id and p.published
           where s.client_id is not null
           group by s.client_id, p.id),
         x as (
           insert into cart_item (client_id, product_id, quantity)
           select client_id, product_id, quantity from w order by client_id, product_id
           on conflict (client_id, product_id) do update
             set quantity = least(cart_item.quantity + excluded.quantity, 999), updated_at = now()
           returning client_id, product_id, quantity, created_at)
         select s.i::int as i, s.client_id as session_client, l.* from s left join (
           select x.client_id as line_client, x.quantity, ${isoSql('x.created_at')} as added_at, 1 as total_count,
             ${cartProductColumns(lang)}
           from x ${withProduct}
         ) l on l.line_client = s.client_id and l.id = s.product_id`,
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
  select s.client_id as session_client, l.* from s left join (
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
         where c.client_id = s.client_id and c.product_id = $2
         returning c.product_id, c.quantity, c.created_at)
       ${selectWrittenLine(lang)}`,
      [session, productId, quantity],
    ),
  );
  if (!row) throw new ApiError(404, 'api.notInCart');
  return toCartLine(row);
}

export async function removeFromCart(db: Queryable, session: string, productId: number): Promise<void> {
  const rows = await db.query<{ session_client: number | null }>(
    `${withSession},
     x as (delete from cart_item c using s where c.client_id = s.client_id and c.product_id = $2)
     select s.client_id as session_client from s`,
    [session, productId],
  );
  if (rows[0]?.session_client == null) throw new ApiError(401, 'api.sessionInvalid');
}

// ---- favourites ----

type FavouriteRow = ProductSummaryRow & { saved_at: string; total_count: number };

const toFavourite = (row: FavouriteRow): Favourite => ({
  productId: row.id,
  product: toSummary(row),
  createdAt: iso(row.saved_at),
});

export function pageFavourites(db: Queryable, lang: Language, clientId: number, paging: Paging) {
  return pageOf<FavouriteRow, Favourite>(
    db,
    `select x.created_at as saved_at, count(*) over ()::int as total_count, ${productSummaryColumns(lang)}
     from favourite x ${withProduct}
     where x.client_id = $1 order by x.created_at desc, x.product_id desc`,
    `select count(*)::int as n from favourite x join product p on p.id = x.product_id and p.published
     where x.client_id = $1`,
    clientId,
    paging,
    toFavourite,
  );
}

/**
 * Saves a published product as a favourite, once: saving it again answers the first save. The
 * conflict does a no-op update rather than nothing, so the statement always returns the row: with
 * `do nothing` a save racing another save of the same product saw neither its own insert nor the
 * other's (not yet in its snapshot) and answered 404.
 */
export async function addFavourite(db: Queryable, lang: Language, clientId: number, productId: number) {
  const [row] = await db.query<FavouriteRow>(
    `with x as (
       insert into favourite (client_id, product_id) select $1, id from product where id = $2 and published
       on conflict (client_id, product_id) do update set created_at = favourite.created_at
       returning product_id, created_at)
     select x.created_at as saved_at, 1 as total_count, ${productSummaryColumns(lang)} from x ${withProduct}`,
    [clientId, productId],
  );
  if (!row) throw new ApiError(404, 'api.notFound', { thing: 'product', id: productId });
  return toFavourite(row);
}

export async function removeFavourite(db: Queryable, clientId: number, productId: number): Promise<void> {
  await db.query('delete from favourite where client_id = $1 and product_id = $2', [clientId, productId]);
}

// ---- saved articles ----

type SavedRow = Omit<ArticleRow, 'body'> & { saved_at: string; total_count: number };

const toSaved = (row: SavedRow): SavedArticle => ({
  newsId: row.id,
  article: toArticle(row),
  createdAt: iso(row.saved_at),
});

// Only published articles show; an unpublished one stays saved and shows again when published.
const withArticle =
  'join article a on a.id = x.article_id and a.published join category c on c.id = a.product_series_id';

export function pageSavedArticles(db: Queryable, lang: Language, clientId: number, paging: Paging) {
  return pageOf<SavedRow, SavedArticle>(
    db,
    `select x.created_at as saved_at, count(*) over ()::int as total_count, ${articleRecordColumns(lang)}
     from saved_article x ${withArticle}
     where x.client_id = $1 order by x.created_at desc, x.article_id desc`,
    'select count(*)::int as n from saved_article x join article a on a.id = x.article_id and a.published where x.client_id = $1',
    clientId,
    paging,
    toSaved,
  );
}

/**
 * Saves an article, once: saving it again answers the first save; 404 for an unknown article. A
 * no-op update on conflict, as in addFavourite, so simultaneous saves all get the row.
 */
export async function addSavedArticle(db: Queryable, lang: Language, clientId: number, articleId: number) {
  const [row] = await db.query<SavedRow>(
    `with x as (
       insert into saved_article (client_id, article_id) select $1, id from article where id = $2 and published
       on conflict (client_id, article_id) do update set created_at = saved_article.created_at
       returning article_id, created_at)
     select x.created_at as saved_at, 1 as total_count, ${articleRecordColumns(lang)} from x ${withArticle}`,
    [clientId, articleId],
  );
  if (!row) throw new ApiError(404, 'api.notFound', { thing: 'article', id: articleId });
  return toSaved(row);
}

export async function removeSavedArticle(db: Queryable, clientId: number, articleId: number): Promise<void> {
  await db.query('delete from saved_article where client_id = $1 and article_id = $2', [clientId, articleId]);
}

// ---- orders ----

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

export async function pageOrders(db: Queryable, lang: Language, clientId: number, paging: Paging) {
  const page = await pageOf<OrderRow & { total_count: number }, OrderRow>(
    db,
    `select ${orderColumns}, count(*) over ()::int as total_count from customer_order
     where client_id = $1 order by created_at desc, id desc`,
    'select count(*)::int as n from customer_order where client_id = $1',
    clientId,
    paging,
    (row) => row,
  );
  return { ...page, records: await withLines(db, lang, page.records) };
}

/**
 * Turns the client's cart into an order to one of their addresses, inside the caller's transaction:
 * lines copied with today's prices, the address copied as it is now, the copied lines taken out of
 * the cart. Answers the order in the given language.
 */
export async function createOrderFromCart(
  tx: Queryable,
  lang: Language,
  clientId: number,
  { addressId, remark }: { addressId: number; remark: string },
): Promise<Order> {
  const [address] = await tx.query<{
    name: string;
    contact_number: string;
    address: string;
    postal_code: string;
    country: string;
  }>('select name, contact_number, address, postal_code, country from address where id = $1 and client_id = $2', [
    addressId,
    clientId,
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
     where x.client_id = $1 order by x.created_at, x.product_id for update of x`,
    [clientId],
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
    `insert into customer_order (id, order_no, client_id, remark, language, ship_name, ship_contact_number,
       ship_address, ship_postal_code, ship_country, total, currency)
     select n, 'SO' || to_char(now() at time zone 'UTC', 'YYYYMMDD') || '-' || lpad(n::text, 6, '0'),
       $1, $2, $3, $4, $5, $6, $7, $8, $9, $10
     from nextval('customer_order_id_seq') as n
     returning ${orderColumns}`,
    [
      clientId,
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
  await tx.query('delete from cart_item where client_id = $1 and product_id = any($2::int[])', [
    clientId,
    lines.map((line) => line.product_id),
  ]);
  const [answer] = await withLines(tx, lang, [order]);
  if (!answer) throw new Error('the new order has no answer');
  return answer;
}

/** The sales mailbox from the system config. */
export async function salesEmail(db: Queryable): Promise<string | undefined> {
  const [row] = await db.query<{ value: string }>(
    "select value_en as value from system_config where config_name = 'salesEmail'",
  );
  return row?.value || undefined;
}
