import type { CategoryRef } from '#api/category.ts';
import type { Language, Page } from '#api/common.ts';
import type { Curve } from '#api/curves.ts';
import type { ProductDetail, ProductImage, ProductSummary } from '#api/product.ts';
import { shipDate } from '#lib/ship-date.ts';
import { idSlug } from '#lib/slug.ts';
import { categoryBreadcrumbs } from './categories.ts';
import type { Queryable } from './index.ts';
import { col, familyImage, iso, isoSql, type Paging, toPage } from './rows.ts';

/** The columns of productSummaryColumns: what a product card needs. */
export interface ProductSummaryRow {
  id: number;
  name: string;
  slug: string;
  part_number: string;
  summary: string;
  family: string;
  price: number | string;
  currency: string;
  lead_time_days: number;
  stock: number;
  is_new: boolean;
  is_featured: boolean;
  category_id: number;
}

/** A row of productSelect. */
export interface ProductRow extends ProductSummaryRow {
  description: string;
  updated_at: string;
}

/** The columns of a product card (product alias p), texts in one language: for lists that join products. */
export const productSummaryColumns = (lang: Language) =>
  `p.id, p.${col('name', lang)} as name, p.slug, p.part_number, p.${col('summary', lang)} as summary,
   p.family, p.price, p.currency, p.lead_time_days, p.stock, p.is_new, p.is_featured, p.category_id`;

/** Selects product rows (alias p) with their texts in one language; add where/joins after it. */
export const productSelect = (lang: Language) => `
  select ${productSummaryColumns(lang)}, p.${col('description', lang)} as description,
         ${isoSql('p.updated_at')} as updated_at
  from product p`;

/** What a product card shows, from a productSelect or productSummaryColumns row. */
export function toSummary(row: ProductSummaryRow): ProductSummary {
  return {
    id: row.id,
    name: row.name,
    slug: idSlug(row.id, row.slug),
    partNumber: row.part_number,
    summary: row.summary,
    smallImage: familyImage(row.family, row.name),
    price: Number(row.price),
    currency: row.currency,
    leadTimeDays: row.lead_time_days,
    stock: row.stock,
    isNew: row.is_new,
    isFeatured: row.is_featured,
    categoryId: row.category_id,
  };
}

/** Joins the product of a list row `x` with product_id (cart, favourites): only published products show. */
export const withProduct = 'join product p on p.id = x.product_id and p.published';

async function pageProductSummaries(
  db: Queryable,
  lang: Language,
  where: string,
  params: unknown[],
  pageNum: number,
  pageSize: number,
): Promise<Page<ProductSummary>> {
  const n = params.length;
  const rows = await db.query<ProductRow>(
    `${productSelect(lang)} where p.published and ${where} order by p.sort, p.id limit $${n + 1} offset $${n + 2}`,
    [...params, pageSize, (pageNum - 1) * pageSize],
  );
  const [count] = await db.query<{ n: number }>(
    `select count(*)::int as n from product p where p.published and ${where}`,
    params,
  );
  return toPage(rows.map(toSummary), count?.n ?? 0, pageNum, pageSize);
}

/** A page of the cards of a category's published products, its subcategories' included. */
export function pageCategoryProducts(
  db: Queryable,
  lang: Language,
  categoryId: number,
  { pageNum, pageSize }: Paging,
): Promise<Page<ProductSummary>> {
  const inCategory = 'p.category_id in (select id from category where id = $1 or parent_id = $1)';
  return pageProductSummaries(db, lang, inCategory, [categoryId], pageNum, pageSize);
}

/**
 * A select's rows as the database gives them in JSON: one text value, parsed here in one call. For the
 * large reads of product records: PGlite's protocol parser took 110-170 ms for the 999 rows of one page of
 * products and 100-140 ms for their 8,355 attribute rows, 50-60 ms each as JSON; all 20 pages of a
 * 10,000-product catalogue, 7.3 s before and 4.5 s after (decision 0045). Numbers come as JSON numbers,
 * timestamps as JSON's text: select those in iso() form (`isoSql`). The rows keep the order the select
 * gives them: PostgreSQL aggregates a sorted subquery's rows in its order.
 */
async function jsonRows<T>(db: Queryable, sql: string, params?: unknown[]): Promise<T[]> {
  const [row] = await db.query<{ rows: string }>(
    `select coalesce(json_agg(t), '[]')::text as rows from (${sql}) t`,
    params,
  );
  return JSON.parse(row?.rows ?? '[]') as T[];
}

/**
 * A product's pictures: its own (an editor's uploads, or other addresses), each with its alt text (the
 * product's name when it has none) and, when known, its size; the family's drawing when it has none.
 */
function productImages(
  own: { url: string; alt: string; width: number | null; height: number | null }[],
  summary: ProductSummary,
): ProductImage[] {
  if (own.length === 0) return [summary.smallImage];
  return own.map(({ url, alt, width, height }) => ({
    src: url,
    src2x: url,
    alt: alt || summary.name,
    ...(width && height ? { width, height } : {}),
  }));
}

type Text = { en: string; zh: string };

/** A curve's row: its texts in both languages, its axes and series as saved (migration 019). */
interface CurveRow {
  product_id: number;
  kind: Curve['kind'];
  title_en: string;
  title_zh: string;
  x_axis: { name: Text; unit?: string | Text };
  y_axis: { name: Text; unit?: string | Text };
  series: { name: Text; x: number[]; y: number[] }[];
}

/** A product's curve in one language: a Chinese text left empty reads the English, as a picture's alt does. */
function curveIn(lang: Language, row: CurveRow): Curve {
  const text = (pair: Text) => (lang === 'zh' && pair.zh !== '' ? pair.zh : pair.en);
  const unit = (value: string | Text | undefined) =>
    value === undefined || typeof value === 'string' ? (value ?? '') : text(value);
  return {
    kind: row.kind,
    title: text({ en: row.title_en, zh: row.title_zh }),
    xAxis: { name: text(row.x_axis.name), unit: unit(row.x_axis.unit) },
    yAxis: { name: text(row.y_axis.name), unit: unit(row.y_axis.unit) },
    series: row.series.map((series) => ({ name: text(series.name), x: series.x, y: series.y })),
  };
}

/** Full product records for the given rows, with everything fetched in a handful of queries. */
async function productDetails(db: Queryable, lang: Language, rows: ProductRow[]): Promise<ProductDetail[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.id);
  const [attributes, options, values, relations, resources, images, curves] = await Promise.all([
    jsonRows<{ product_id: number; label: string; value: string; unit: string }>(
      db,
      `select product_id, ${col('label', lang)} as label, ${col('value', lang)} as value, unit
       from product_attribute where product_id = any($1::int[]) order by product_id, sort`,
      [ids],
    ),
    jsonRows<{ id: number; product_id: number; name: string }>(
      db,
      `select id, product_id, ${col('name', lang)} as name from product_option
       where product_id = any($1::int[]) order by product_id, sort, id`,
      [ids],
    ),
    jsonRows<{ id: number; option_id: number; label: string; price_delta: number | string }>(
      db,
      `select v.id, v.option_id, v.${col('label', lang)} as label, v.price_delta
       from product_option_value v join product_option o on o.id = v.option_id
       where o.product_id = any($1::int[]) order by v.option_id, v.sort, v.id`,
      [ids],
    ),
    // A card's columns only, by a plain join (a lateral select of each related product's whole row read
    // its description too, which no card shows).
    jsonRows<ProductSummaryRow & { owner_id: number; kind: string }>(
      db,
      `select r.product_id as owner_id, r.kind, ${productSummaryColumns(lang)} from product_relation r
       join product p on p.id = r.related_id and p.published
       where r.product_id = any($1::int[]) order by r.product_id, r.kind, r.sort`,
      [ids],
    ),
    jsonRows<{
      product_id: number;
      kind: ProductDetail['resources'][number]['kind'];
      title: string;
      url: string;
    }>(
      db,
      `select product_id, kind, ${col('title', lang)} as title, url from product_resource
       where product_id = any($1::int[]) order by product_id, sort`,
      [ids],
    ),
    // A Chinese page reads the English alt text where the Chinese is empty.
    jsonRows<{ product_id: number; url: string; alt: string; width: number | null; height: number | null }>(
      db,
      `select product_id, url, ${lang === 'zh' ? "coalesce(nullif(alt_zh, ''), alt_en)" : 'alt_en'} as alt, width, height
       from product_image where product_id = any($1::int[]) order by product_id, sort`,
      [ids],
    ),
    jsonRows<CurveRow>(
      db,
      `select product_id, kind, title_en, title_zh, x_axis, y_axis, series
       from product_curve where product_id = any($1::int[]) order by product_id, sort`,
      [ids],
    ),
  ]);
  const categoryIds = [...new Set(rows.map((row) => row.category_id))];
  const crumbs = new Map<number, CategoryRef[]>();
  for (const id of categoryIds) crumbs.set(id, await categoryBreadcrumbs(db, lang, id));
  // Each product's rows found by its id, not by scanning every row for every product: a page of 999
  // products has about 8,000 attribute rows, and the scans took a quarter of the API's time for such a page.
  const attributesOf = Map.groupBy(attributes, (a) => a.product_id);
  const optionsOf = Map.groupBy(options, (o) => o.product_id);
  const valuesOf = Map.groupBy(values, (v) => v.option_id);
  const relationsOf = Map.groupBy(relations, (r) => r.owner_id);
  const resourcesOf = Map.groupBy(resources, (r) => r.product_id);
  const imagesOf = Map.groupBy(images, (i) => i.product_id);
  const curvesOf = Map.groupBy(curves, (c) => c.product_id);

  return rows.map((row) => {
    const summary = toSummary(row);
    const cards = relationsOf.get(row.id) ?? [];
    return {
      ...summary,
      description: row.description,
      images: productImages(imagesOf.get(row.id) ?? [], summary),
      shipDate: shipDate(row.stock, row.lead_time_days),
      breadcrumbs: crumbs.get(row.category_id) ?? [],
      attributes: (attributesOf.get(row.id) ?? []).map((a) => ({ label: a.label, value: a.value, unit: a.unit })),
      options: (optionsOf.get(row.id) ?? []).map((o) => ({
        id: o.id,
        name: o.name,
        values: (valuesOf.get(o.id) ?? []).map((v) => ({
          id: v.id,
          label: v.label,
          priceDelta: Number(v.price_delta),
        })),
      })),
      alternatives: cards.filter((r) => r.kind === 'alternative').map(toSummary),
      related: cards.filter((r) => r.kind === 'related').map(toSummary),
      resources: (resourcesOf.get(row.id) ?? []).map((r) => ({ kind: r.kind, title: r.title, url: r.url })),
      curves: (curvesOf.get(row.id) ?? []).map((curve) => curveIn(lang, curve)),
      updatedAt: iso(row.updated_at),
    };
  });
}

export async function getProduct(db: Queryable, lang: Language, id: number): Promise<ProductDetail | undefined> {
  const rows = await db.query<ProductRow>(`${productSelect(lang)} where p.id = $1 and p.published`, [id]);
  return (await productDetails(db, lang, rows))[0];
}

export interface ProductFilter {
  pageNum: number;
  pageSize: number;
  categoryId?: number | undefined;
  isNew?: boolean | undefined;
  isFeatured?: boolean | undefined;
  updatedSince?: string | undefined;
  ids?: number[] | undefined;
}

export async function pageProducts(db: Queryable, lang: Language, filter: ProductFilter): Promise<Page<ProductDetail>> {
  const conditions = ['p.published'];
  const params: unknown[] = [];
  const add = (condition: string, value: unknown) => {
    params.push(value);
    conditions.push(condition.replaceAll('?', `$${params.length}`));
  };
  if (filter.categoryId !== undefined)
    add('p.category_id in (select id from category where id = ? or parent_id = ?)', filter.categoryId);
  if (filter.isNew !== undefined) add('p.is_new = ?', filter.isNew);
  if (filter.isFeatured !== undefined) add('p.is_featured = ?', filter.isFeatured);
  if (filter.updatedSince !== undefined) add('p.updated_at >= ?::timestamptz', filter.updatedSince);
  if (filter.ids !== undefined) add('p.id = any(?::int[])', filter.ids);
  const where = conditions.join(' and ');
  const n = params.length;
  const rows = await jsonRows<ProductRow>(
    db,
    `${productSelect(lang)} where ${where} order by p.sort, p.id limit $${n + 1} offset $${n + 2}`,
    [...params, filter.pageSize, (filter.pageNum - 1) * filter.pageSize],
  );
  const [count] = await db.query<{ n: number }>(`select count(*)::int as n from product p where ${where}`, params);
  return toPage(await productDetails(db, lang, rows), count?.n ?? 0, filter.pageNum, filter.pageSize);
}
