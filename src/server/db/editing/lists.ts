import type { Language, Page } from '#api/common.ts';
import { MAIL_ROUTING_SETTINGS } from '#api/editor-fields.ts';
import type { ProductRow, RecordRow, TranslationState } from '#api/editor-lists.ts';
import { matchingProductIds } from '#server/search/search.ts';
import type { Queryable } from '../index.ts';
import { iso, toPage } from '../rows.ts';
import { readRecords } from './records.ts';

// The editors' workspace's lists (issue 39, item 2): every record, published or not, with its translation
// state and whether it changed since the last published build, in one statement for the page and one for
// the counts of each filter.

export interface ProductListRequest {
  pageNum: number;
  pageSize: number;
  keyword: string;
  category?: string | undefined;
  published: 'all' | 'published' | 'unpublished';
  translation: 'all' | 'missing' | 'stale' | 'incomplete';
  changed: boolean;
  sort: 'updated' | 'name' | 'partNumber' | 'relevance';
}

const missing = (field: string, en: string, zh: string) => `case when ${en} <> '' and ${zh} = '' then '${field}' end`;

/**
 * The products of a search and category, each with what lacks its Chinese, whether its Chinese is older
 * than its English, and whether it changed since the last publish. $1: ids the keyword found, ranked (null
 * for no keyword); $2: a category key (null for any), its subcategories included.
 */
const PRODUCTS = `
  with last_publish as (
    select coalesce(max(finished_at), '-infinity'::timestamptz) as at from site_build where status = 'published'
  ), found as (
    select id, rank from unnest($1::int[]) with ordinality as k(id, rank)
  ), listed as (
    select p.id, p.part_number, p.name_en, p.name_zh, p.published, p.updated_at, c.key as category_key,
      c.name_en as category_en, c.name_zh as category_zh, f.rank,
      array_remove(array[
        ${missing('name', 'p.name_en', 'p.name_zh')},
        ${missing('summary', 'p.summary_en', 'p.summary_zh')},
        ${missing('description', 'p.description_en', 'p.description_zh')},
        case when exists (select 1 from product_attribute a where a.product_id = p.id
          and ((a.label_en <> '' and a.label_zh = '') or (a.value_en <> '' and a.value_zh = ''))) then 'attributes' end,
        case when exists (select 1 from product_option o where o.product_id = p.id and o.name_en <> '' and o.name_zh = '')
          or exists (select 1 from product_option_value v join product_option o on o.id = v.option_id
            where o.product_id = p.id and v.label_en <> '' and v.label_zh = '') then 'options' end,
        case when exists (select 1 from product_resource r where r.product_id = p.id
          and r.title_en <> '' and r.title_zh = '') then 'resources' end,
        case when exists (select 1 from product_image i where i.product_id = p.id
          and i.alt_en <> '' and i.alt_zh = '') then 'images' end,
        case when exists (select 1 from product_curve k where k.product_id = p.id
          and ((k.title_en <> '' and k.title_zh = '')
            or jsonb_path_exists(jsonb_build_array(k.x_axis, k.y_axis), 'strict $[*].* ? (@.en != "" && @.zh == "")')
            or jsonb_path_exists(k.series, 'strict $[*].name ? (@.en != "" && @.zh == "")'))) then 'curves' end
      ], null) as missing,
      p.zh_changed_at < p.en_changed_at as stale,
      p.updated_at > (select at from last_publish) as changed
    from product p join category c on c.id = p.category_id
    left join found f on f.id = p.id
    where ($1::int[] is null or f.id is not null)
      and ($2::text is null or c.key = $2 or c.parent_id = (select id from category where key = $2))
  )`;

type Counts = Record<'all' | 'published' | 'unpublished' | 'missing' | 'stale' | 'changed', number>;

/** The counts of each filter over the rows listed for a search. */
const COUNTS = `select jsonb_build_object('all', count(*), 'published', count(*) filter (where published),
    'unpublished', count(*) filter (where not published),
    'missing', count(*) filter (where cardinality(missing) > 0),
    'stale', count(*) filter (where stale and cardinality(missing) = 0),
    'changed', count(*) filter (where changed)) from listed`;

/** The filters of a list request as a condition on the listed rows. */
function filtersOf(request: Pick<ProductListRequest, 'published' | 'translation' | 'changed'>): string {
  return [
    request.published === 'published' ? 'published' : request.published === 'unpublished' ? 'not published' : 'true',
    request.translation === 'missing'
      ? 'cardinality(missing) > 0'
      : request.translation === 'stale'
        ? 'stale and cardinality(missing) = 0'
        : request.translation === 'incomplete'
          ? '(stale or cardinality(missing) > 0)'
          : 'true',
    request.changed ? 'changed' : 'true',
  ].join(' and ');
}

const translationOf = (row: { missing: string[]; stale: boolean }): TranslationState =>
  row.missing.length > 0 ? 'missing' : row.stale ? 'stale' : 'complete';

/** A page of the workspace's product list, and the counts of each filter for the same search and category. */
export async function listProducts(
  db: Queryable,
  lang: Language,
  request: ProductListRequest,
): Promise<{ page: Page<ProductRow>; counts: ReturnType<typeof emptyCounts> }> {
  const keyword = request.keyword.trim();
  const found = keyword ? await matchingProductIds(db, keyword) : null;
  const params = [found, request.category ?? null];
  const where = filtersOf(request);
  const name = lang === 'zh' ? 'name_zh' : 'name_en';
  const order = {
    updated: 'updated_at desc, id desc',
    name: `${name}, id`,
    partNumber: 'part_number, id',
    relevance: found ? 'rank, id' : 'updated_at desc, id desc',
  }[request.sort];
  const offset = (request.pageNum - 1) * request.pageSize;
  // One statement: the page, its total and the counts of each filter read in one snapshot. A page past
  // the end is one row of counts alone.
  const rows = await db.query<Partial<ListedRow> & { total: number; counts: Counts | string }>(
    `${PRODUCTS}, filtered as (select * from listed where ${where})
     select l.*, (select count(*)::int from filtered) as total,
       (${COUNTS}) as counts
     from (select 1) one left join lateral (
       select * from filtered order by ${order} limit ${request.pageSize} offset ${offset}) l on true`,
    params,
  );
  const first = rows[0];
  const counts: Counts =
    typeof first?.counts === 'string' ? JSON.parse(first.counts) : (first?.counts ?? emptyCounts());
  const total = first?.total ?? 0;
  const records = rows.filter(isRow).map(
    (row): ProductRow => ({
      id: row.id,
      partNumber: row.part_number,
      name: { en: row.name_en, zh: row.name_zh },
      category: { key: row.category_key, name: { en: row.category_en, zh: row.category_zh } },
      published: row.published,
      updatedAt: iso(row.updated_at),
      translation: translationOf(row),
      missing: row.missing,
      changed: row.changed,
    }),
  );
  return { page: toPage(records, total, request.pageNum, request.pageSize), counts };
}

const emptyCounts = () => ({ all: 0, published: 0, unpublished: 0, missing: 0, stale: 0, changed: 0 });

interface ListedRow {
  id: number;
  part_number: string;
  name_en: string;
  name_zh: string;
  published: boolean;
  updated_at: string;
  category_key: string;
  category_en: string;
  category_zh: string;
  missing: string[];
  stale: boolean;
  changed: boolean;
}

const isRow = <T extends Partial<ListedRow>>(row: T): row is T & ListedRow => row.id != null;

export interface RecordListRequest {
  pageNum: number;
  pageSize: number;
  keyword: string;
  published: 'all' | 'published' | 'unpublished';
  translation: 'all' | 'missing' | 'stale' | 'incomplete';
  changed: boolean;
  sort: 'updated' | 'title';
}

/** How each kind of record is listed: its table, what it is known by, its title and its bilingual texts. */
const RECORD_KINDS = {
  category: { table: 'category', key: 'r.key', title: 'name', texts: ['name', 'description'] },
  solution: { table: 'solution', key: 'r.id::text', title: 'title', texts: ['title', 'summary', 'body'] },
  article: { table: 'article', key: 'r.id::text', title: 'title', texts: ['title', 'summary', 'body', 'author'] },
} as const;

/** A page of the workspace's list of categories, solutions or articles, with the counts of each filter. */
export async function listRecords(
  db: Queryable,
  lang: Language,
  kind: keyof typeof RECORD_KINDS,
  request: RecordListRequest,
): Promise<{ page: Page<RecordRow>; counts: ReturnType<typeof emptyCounts> }> {
  const { table, key, title, texts } = RECORD_KINDS[kind];
  const keyword = request.keyword.trim();
  // Words of the title in either language, as typed (a category also by its key).
  const pattern = keyword ? `%${keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
  const where = filtersOf(request);
  const order = request.sort === 'title' ? `title_${lang === 'zh' ? 'zh' : 'en'}, id` : 'updated_at desc, id desc';
  const offset = (request.pageNum - 1) * request.pageSize;
  const rows = await db.query<Partial<RecordListedRow> & { total: number; counts: Counts | string }>(
    `with last_publish as (
       select coalesce(max(finished_at), '-infinity'::timestamptz) as at from site_build where status = 'published'
     ), listed as (
       select r.id, ${key} as key, r.${title}_en as title_en, r.${title}_zh as title_zh, r.published, r.updated_at,
         array_remove(array[${texts.map((text) => missing(text, `r.${text}_en`, `r.${text}_zh`)).join(', ')}], null) as missing,
         r.zh_changed_at < r.en_changed_at as stale,
         r.updated_at > (select at from last_publish) as changed
       from ${table} r
       where $1::text is null or r.${title}_en ilike $1 or r.${title}_zh ilike $1 or ${key} ilike $1
     ), filtered as (select * from listed where ${where})
     select l.*, (select count(*)::int from filtered) as total, (${COUNTS}) as counts
     from (select 1) one left join lateral (
       select * from filtered order by ${order} limit ${request.pageSize} offset ${offset}) l on true`,
    [pattern],
  );
  const first = rows[0];
  const counts: Counts =
    typeof first?.counts === 'string' ? JSON.parse(first.counts) : (first?.counts ?? emptyCounts());
  const records = rows
    .filter((row): row is typeof row & RecordListedRow => row.id != null)
    .map(
      (row): RecordRow => ({
        id: row.id,
        key: row.key,
        title: { en: row.title_en, zh: row.title_zh },
        published: row.published,
        updatedAt: iso(row.updated_at),
        translation: translationOf(row),
        missing: row.missing,
        changed: row.changed,
      }),
    );
  return { page: toPage(records, first?.total ?? 0, request.pageNum, request.pageSize), counts };
}

interface RecordListedRow {
  id: number;
  key: string;
  title_en: string;
  title_zh: string;
  published: boolean;
  updated_at: string;
  missing: string[];
  stale: boolean;
  changed: boolean;
}

/** Every page's own meta tags, with the tags that lack their Chinese, filtered by a keyword (any text). */
export async function listMeta(db: Queryable, request: { keyword: string; translation: 'all' | 'missing' }) {
  const keys = await db.query<{ page_key: string }>('select page_key from page_meta order by page_key');
  const records = [
    ...(
      await readRecords(
        db,
        'meta',
        keys.map((row) => row.page_key),
      )
    ).values(),
  ].map((snapshot) => {
    const record = snapshot.record as { page: string; meta: { name: string; content: { en: string; zh: string } }[] };
    const missing = record.meta.filter((tag) => tag.content.en !== '' && !tag.content.zh).map((tag) => tag.name);
    return { page: record.page, meta: record.meta, missing };
  });
  return smallList(records, request, (record) => [
    record.page,
    ...record.meta.flatMap((tag) => [tag.name, tag.content.en, tag.content.zh]),
  ]);
}

/** Every site setting, with whether it lacks its Chinese, filtered by a keyword (name or value). */
export async function listConfig(db: Queryable, request: { keyword: string; translation: 'all' | 'missing' }) {
  const rows = await db.query<{ config_name: string; value_en: string; value_zh: string }>(
    'select config_name, value_en, value_zh from system_config order by config_name',
  );
  const records = rows.map((row) => ({
    configName: row.config_name,
    value: { en: row.value_en, zh: row.value_zh },
    missing: row.value_en !== '' && row.value_zh === '' && !MAIL_ROUTING_SETTINGS.includes(row.config_name),
  }));
  return smallList(records, request, (record) => [record.configName, record.value.en, record.value.zh]);
}

/** A short list (tens of rows) filtered in memory: by words of its texts, case aside, and by a missing translation. */
function smallList<T extends { missing: boolean | string[] }>(
  records: T[],
  { keyword, translation }: { keyword: string; translation: 'all' | 'missing' },
  texts: (record: T) => string[],
): { records: T[]; counts: { all: number; missing: number } } {
  const wanted = keyword.trim().toLowerCase();
  const found = wanted
    ? records.filter((record) => texts(record).some((text) => text.toLowerCase().includes(wanted)))
    : records;
  const lacking = (record: T) => (Array.isArray(record.missing) ? record.missing.length > 0 : record.missing);
  return {
    records: translation === 'missing' ? found.filter(lacking) : found,
    counts: { all: found.length, missing: found.filter(lacking).length },
  };
}
