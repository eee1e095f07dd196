import type { CategoryNode, CategoryRecord, CategoryRef } from '#api/category.ts';
import type { Image, Language, Page } from '#api/common.ts';
import type { ArticleDetail, ArticleRecord } from '#api/news.ts';
import type { SitePage, SlugChange } from '#api/pages.ts';
import type { ProductDetail, ProductSummary } from '#api/product.ts';
import type { SolutionDetail, SolutionGroup, SolutionRecord } from '#api/solutions.ts';
import type { ConfigItem } from '#api/system.ts';
import { sanitizeBody } from '#lib/sanitize.server.ts';
import { shipDate } from '#lib/ship-date.ts';
import { idSlug } from '#lib/slug.ts';
import type { Queryable } from './index.ts';

// Column suffixes are interpolated only from the validated Language type, never from raw input.
const col = (name: string, lang: Language) => `${name}_${lang}`;

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
const isoDate = (value: unknown) =>
  value instanceof Date ? value.toISOString().slice(0, 10) : String(value).slice(0, 10);

// ---- categories ----

export interface CategoryRow {
  id: number;
  parent_id: number | null;
  name: string;
  slug: string;
  image: string;
  description: string;
  product_count: number;
  updated_at: string;
}

export const categorySelect = (lang: Language) => `
  select c.id, c.parent_id, c.${col('name', lang)} as name, c.slug, c.image,
         c.${col('description', lang)} as description, c.updated_at,
         (select count(*)::int from product p
           where p.published and p.category_id in (
             select id from category d where d.id = c.id or d.parent_id = c.id)) as product_count
  from (select * from category where published) c`;

export function toCategoryRecord(row: CategoryRow): CategoryRecord {
  return {
    id: row.id,
    parentId: row.parent_id,
    name: row.name,
    slug: idSlug(row.id, row.slug),
    image: row.image,
    description: row.description,
    productCount: row.product_count,
    updatedAt: iso(row.updated_at),
  };
}

/** Every published category, parents before children, in menu order. */
export async function listCategories(db: Queryable, lang: Language): Promise<CategoryRecord[]> {
  const rows = await db.query<CategoryRow>(`${categorySelect(lang)} order by c.parent_id nulls first, c.sort, c.id`);
  return rows.map(toCategoryRecord);
}

/** The category tree. */
export async function categoryTree(db: Queryable, lang: Language): Promise<CategoryNode[]> {
  const records = await listCategories(db, lang);
  const nodes = new Map<number, CategoryNode>();
  for (const { updatedAt: _updatedAt, ...record } of records) nodes.set(record.id, { ...record, children: [] });
  const roots: CategoryNode[] = [];
  for (const node of nodes.values()) {
    const parent = node.parentId === null ? undefined : nodes.get(node.parentId);
    (parent ? parent.children : roots).push(node);
  }
  return roots;
}

export async function pageCategories(
  db: Queryable,
  lang: Language,
  { pageNum, pageSize, parentId }: { pageNum: number; pageSize: number; parentId?: number | undefined },
): Promise<Page<CategoryRecord>> {
  const where = parentId === undefined ? '' : parentId === 0 ? 'where c.parent_id is null' : 'where c.parent_id = $3';
  const published = where ? `${where} and c.published` : 'where c.published';
  const params: unknown[] = [pageSize, (pageNum - 1) * pageSize];
  if (parentId) params.push(parentId);
  const rows = await db.query<CategoryRow>(
    `${categorySelect(lang)} ${where} order by c.parent_id nulls first, c.sort, c.id limit $1 offset $2`,
    params,
  );
  const [count] = await db.query<{ n: number }>(
    `select count(*)::int as n from category c ${published.replace('$3', '$1')}`,
    parentId ? [parentId] : [],
  );
  return toPage(rows.map(toCategoryRecord), count?.n ?? 0, pageNum, pageSize);
}

/** The chain of categories from the top down to the given one. */
export async function categoryBreadcrumbs(db: Queryable, lang: Language, id: number): Promise<CategoryRef[]> {
  const rows = await db.query<{ id: number; name: string; slug: string }>(
    `with recursive chain as (
       select id, parent_id, ${col('name', lang)} as name, slug, 0 as depth from category where id = $1
       union all
       select c.id, c.parent_id, c.${col('name', lang)}, c.slug, chain.depth + 1
       from category c join chain on c.id = chain.parent_id
     ) select id, name, slug from chain order by depth desc`,
    [id],
  );
  return rows.map((row) => ({ id: row.id, name: row.name, slug: idSlug(row.id, row.slug) }));
}

export async function getCategory(
  db: Queryable,
  lang: Language,
  id: number,
  { pageNum, pageSize }: { pageNum: number; pageSize: number },
) {
  const [row] = await db.query<CategoryRow>(`${categorySelect(lang)} where c.id = $1`, [id]);
  if (!row) return undefined;
  const children = await db.query<CategoryRow>(`${categorySelect(lang)} where c.parent_id = $1 order by c.sort, c.id`, [
    id,
  ]);
  const inCategory = 'p.category_id in (select id from category where id = $1 or parent_id = $1)';
  return {
    ...toCategoryRecord(row),
    breadcrumbs: await categoryBreadcrumbs(db, lang, id),
    children: children.map(toCategoryRecord),
    products: await pageProductSummaries(db, lang, inCategory, [id], pageNum, pageSize),
  };
}

export async function electCategories(db: Queryable, lang: Language) {
  const records = await listCategories(db, lang);
  const levels = new Map<number, number>();
  return records.map((record) => {
    const level = record.parentId === null ? 0 : (levels.get(record.parentId) ?? 0) + 1;
    levels.set(record.id, level);
    return { id: record.id, parentId: record.parentId, name: record.name, level };
  });
}

// ---- products ----

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

/** Full product records for the given rows, with everything fetched in a handful of queries. */
async function productDetails(db: Queryable, lang: Language, rows: ProductRow[]): Promise<ProductDetail[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.id);
  const [attributes, options, values, relations, resources] = await Promise.all([
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

  return rows.map((row) => {
    const summary = toSummary(row);
    const cards = relationsOf.get(row.id) ?? [];
    return {
      ...summary,
      description: row.description,
      images: [summary.smallImage],
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

// ---- solutions ----

interface GroupRow {
  type: 0 | 1 | 2;
  key: string;
  title: string;
  desc: string;
  value: string;
  intro: string;
  img: string;
}

const groupSelect = (lang: Language) => `
  select type, key, ${col('title', lang)} as title, ${col('desc', lang)} as desc, ${col('value', lang)} as value,
         ${col('intro', lang)} as intro, img from solution_group`;

const toGroup = (row: GroupRow): SolutionGroup => ({ ...row, img: familyImage(row.img, row.title) });

export async function listSolutionGroups(db: Queryable, lang: Language): Promise<SolutionGroup[]> {
  return (await db.query<GroupRow>(`${groupSelect(lang)} order by type`)).map(toGroup);
}

interface SolutionRow {
  id: number;
  type: 0 | 1 | 2;
  title: string;
  slug: string;
  summary: string;
  image: string;
  body: string;
  updated_at: string;
}

const solutionSelect = (lang: Language) => `
  select id, type, ${col('title', lang)} as title, slug, ${col('summary', lang)} as summary, image,
         ${col('body', lang)} as body, updated_at from (select * from solution where published) solution`;

function toSolution(row: SolutionRow): SolutionRecord {
  const slug = idSlug(row.id, row.slug);
  return {
    id: row.id,
    type: row.type,
    title: row.title,
    name: slug,
    slug,
    summary: row.summary,
    image: familyImage(row.image, row.title),
    updatedAt: iso(row.updated_at),
  };
}

/** Full solution records for the given rows: group and products fetched once for all. */
async function solutionDetails(db: Queryable, lang: Language, rows: SolutionRow[]): Promise<SolutionDetail[]> {
  if (rows.length === 0) return [];
  const groups = new Map((await listSolutionGroups(db, lang)).map((group) => [group.type, group]));
  const products = await db.query<ProductRow & { solution_id: number }>(
    `select sp.solution_id, q.* from solution_product sp
     join lateral (${productSelect(lang)} where p.id = sp.product_id and p.published) q on true
     where sp.solution_id = any($1::int[]) order by sp.solution_id, sp.sort`,
    [rows.map((row) => row.id)],
  );
  return rows.flatMap((row) => {
    const group = groups.get(row.type);
    if (!group) return [];
    return [
      {
        ...toSolution(row),
        body: sanitizeBody(row.body),
        group,
        products: products.filter((p) => p.solution_id === row.id).map(toSummary),
      },
    ];
  });
}

export async function pageSolutions(
  db: Queryable,
  lang: Language,
  { pageNum, pageSize, type }: { pageNum: number; pageSize: number; type?: number | undefined },
): Promise<Page<SolutionDetail>> {
  const where = type === undefined ? '' : 'where type = $3';
  const rows = await db.query<SolutionRow>(
    `${solutionSelect(lang)} ${where} order by type, sort, id limit $1 offset $2`,
    type === undefined ? [pageSize, (pageNum - 1) * pageSize] : [pageSize, (pageNum - 1) * pageSize, type],
  );
  const [count] = await db.query<{ n: number }>(
    `select count(*)::int as n from solution where published ${where.replace('where', 'and').replace('$3', '$1')}`,
    type === undefined ? [] : [type],
  );
  return toPage(await solutionDetails(db, lang, rows), count?.n ?? 0, pageNum, pageSize);
}

export async function getSolution(db: Queryable, lang: Language, id: number): Promise<SolutionDetail | undefined> {
  const rows = await db.query<SolutionRow>(`${solutionSelect(lang)} where id = $1`, [id]);
  return (await solutionDetails(db, lang, rows))[0];
}

// ---- articles ----

/** A row of articleSelect. */
export interface ArticleRow {
  id: number;
  kind: 'knowledge' | 'news';
  content_type: ArticleRecord['contentType'];
  title: string;
  slug: string;
  summary: string;
  author: string;
  series_id: number;
  series_name: string;
  series_slug: string;
  published_at: string | Date;
  updated_at: string;
  body: string;
}

/** The columns of an article record without its body (article alias a, its series alias c). */
export const articleRecordColumns = (lang: Language) =>
  `a.id, a.kind, a.content_type, a.${col('title', lang)} as title, a.slug, a.${col('summary', lang)} as summary,
   a.${col('author', lang)} as author, c.id as series_id, c.${col('name', lang)} as series_name,
   c.slug as series_slug, a.published_at, a.updated_at`;

/** Selects published article rows (alias a) with their product series, texts in one language. */
export const articleSelect = (lang: Language) => `
  select ${articleRecordColumns(lang)}, a.${col('body', lang)} as body
  from (select * from article where published) a join category c on c.id = a.product_series_id`;

export function toArticle(row: Omit<ArticleRow, 'body'>): ArticleRecord {
  return {
    id: row.id,
    kind: row.kind,
    contentType: row.content_type,
    title: row.title,
    slug: idSlug(row.id, row.slug),
    summary: row.summary,
    author: row.author,
    productSeries: { id: row.series_id, name: row.series_name, slug: idSlug(row.series_id, row.series_slug) },
    publishedAt: isoDate(row.published_at),
    updatedAt: iso(row.updated_at),
  };
}

export async function pageArticles(
  db: Queryable,
  lang: Language,
  filter: { pageNum: number; pageSize: number; kind?: string | undefined; contentType?: string | undefined },
): Promise<Page<ArticleDetail>> {
  const conditions: string[] = ['a.published'];
  const params: unknown[] = [];
  if (filter.kind) {
    params.push(filter.kind);
    conditions.push(`a.kind = $${params.length}`);
  }
  if (filter.contentType) {
    params.push(filter.contentType);
    conditions.push(`a.content_type = $${params.length}`);
  }
  const where = `where ${conditions.join(' and ')}`;
  const n = params.length;
  const rows = await db.query<ArticleRow>(
    `${articleSelect(lang)} ${where} order by a.published_at desc, a.id desc limit $${n + 1} offset $${n + 2}`,
    [...params, filter.pageSize, (filter.pageNum - 1) * filter.pageSize],
  );
  const [count] = await db.query<{ n: number }>(`select count(*)::int as n from article a ${where}`, params);
  const records = rows.map((row) => ({ ...toArticle(row), body: sanitizeBody(row.body) }));
  return toPage(records, count?.n ?? 0, filter.pageNum, filter.pageSize);
}

export async function getArticle(db: Queryable, lang: Language, id: number): Promise<ArticleDetail | undefined> {
  const [row] = await db.query<ArticleRow>(`${articleSelect(lang)} where a.id = $1`, [id]);
  return row ? { ...toArticle(row), body: sanitizeBody(row.body) } : undefined;
}

// ---- system ----

export async function listConfig(db: Queryable, lang: Language): Promise<ConfigItem[]> {
  return db.query<ConfigItem>(
    `select config_name as "configName", ${col('value', lang)} as "configValue" from system_config order by config_name`,
  );
}

/** A page's meta as the metaJson string; the home page's meta when the page has none of its own. */
export async function getMeta(db: Queryable, lang: Language, pageHome: string) {
  const rows = await db.query<{ page_key: string; meta: unknown }>(
    `select page_key, ${col('meta', lang)} as meta from page_meta where page_key in ($1, 'home')
     order by (page_key = $1) desc limit 1`,
    [pageHome],
  );
  const meta = rows[0]?.meta ?? [];
  return { pageHome, metaJson: typeof meta === 'string' ? meta : JSON.stringify(meta) };
}

// ---- site pages and slugs ----

export async function listSitePages(db: Queryable, lang: Language): Promise<SitePage[]> {
  const rows = await db.query<{
    key: SitePage['key'];
    title: string;
    summary: string;
    sections: { id: string; title: Record<Language, string>; body: Record<Language, string> }[] | string;
    updated_at: string;
  }>(
    `select key, ${col('title', lang)} as title, ${col('summary', lang)} as summary, sections, updated_at
     from site_page order by key`,
  );
  return rows.map((row) => {
    const sections = typeof row.sections === 'string' ? JSON.parse(row.sections) : row.sections;
    return {
      key: row.key,
      title: row.title,
      summary: row.summary,
      sections: (sections as { id: string; title: Record<Language, string>; body: Record<Language, string> }[]).map(
        (section) => ({ id: section.id, title: section.title[lang], body: sanitizeBody(section.body[lang]) }),
      ),
      updatedAt: iso(row.updated_at),
    };
  });
}

const slugTables = { product: 'product', category: 'category', solution: 'solution', article: 'article' } as const;

export async function listSlugHistory(db: Queryable): Promise<SlugChange[]> {
  const parts = Object.entries(slugTables).map(
    ([kind, table]) =>
      `select h.kind, h.entity_id as id, h.slug as old_slug, t.slug from slug_history h
       join ${table} t on t.id = h.entity_id and t.published where h.kind = '${kind}'`,
  );
  const rows = await db.query<{ kind: SlugChange['kind']; id: number; old_slug: string; slug: string }>(
    `${parts.join(' union all ')} order by 1, 2, 3`,
  );
  return rows.map((row) => ({
    kind: row.kind,
    id: row.id,
    oldSlug: idSlug(row.id, row.old_slug),
    slug: idSlug(row.id, row.slug),
  }));
}
