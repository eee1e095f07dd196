import type { Image, Language, Page } from '#api/common.ts';
import type { Queryable } from './index.ts';

// What the reads of every resource share: columns of one language, pages, timestamps, money and the
// illustrations of product families.

/**
 * A column of one language (`name_en`). Column suffixes are interpolated only from the validated
 * Language type, never from raw input.
 */
export const col = (name: string, lang: Language) => `${name}_${lang}`;

/** The illustration of a product family, in both densities. */
export function familyImage(family: string, alt: string): Image {
  return { src: `/images/families/${family}.svg`, src2x: `/images/families/${family}.svg`, alt };
}

/** A page of results in the contract's shape. */
export function toPage<T>(records: T[], total: number, pageNum: number, pageSize: number): Page<T> {
  return { records, total, size: pageSize, current: pageNum, pages: Math.ceil(total / pageSize) };
}

/** A timestamp column as ISO 8601. */
export const iso = (value: unknown) => new Date(value as string).toISOString();

/**
 * A timestamp column made ISO 8601 by the database, in the form iso() gives (UTC, milliseconds): for
 * the hot cart statements, whose rows then need no date parsing here.
 */
export const isoSql = (column: string) => `to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** Money in integer cents, so totals add up exactly. */
export const cents = (amount: number | string) => Math.round(Number(amount) * 100);

export interface Paging {
  pageNum: number;
  pageSize: number;
}

/**
 * One page of a customer's list in one statement: the rows carry the total (count(*) over ()). A page past
 * the end has no row to carry it, so the statement then counts with `countSql`, in the same snapshot: a
 * second statement could count a line added in between and answer a total that the page contradicts.
 * (PostgreSQL evaluates coalesce's arguments only as needed, so the count runs only for such a page.)
 */
export async function pageOf<Row extends { total_count: number }, T>(
  db: Queryable,
  sql: string,
  countSql: string,
  customerId: number,
  { pageNum, pageSize }: Paging,
  map: (row: Row) => T,
): Promise<Page<T>> {
  const rows = await db.query<Row & { page_total: number }>(
    `select l.*, coalesce(l.total_count, (${countSql}))::int as page_total
     from (select 1) one left join lateral (${sql} limit $2 offset $3) l on true`,
    [customerId, pageSize, (pageNum - 1) * pageSize],
  );
  const total = rows[0]?.page_total ?? 0;
  const records = rows.filter((row) => row.total_count !== null);
  return toPage(records.map(map), Number(total), pageNum, pageSize);
}
