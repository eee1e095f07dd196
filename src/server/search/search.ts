import type { Language } from '#api/common.ts';
import type { CategoryHit, FamilyHit, ProductHit, SearchResults, SelectType, Suggestion } from '#api/search.ts';
import { idSlug } from '#lib/slug.ts';
import { type CategoryRow, categorySelect, toCategoryRecord } from '../db/categories.ts';
import type { Queryable } from '../db/index.ts';
import { type ProductSummaryRow, productSummaryColumns, toSummary } from '../db/products.ts';
import { col, familyImage, toPage } from '../db/rows.ts';
import { highlight, highlightPart, isEmpty, parseQuery, type Query, tsquery } from './query.ts';

/** Suggestions of the header box: this many in all, of which at most this many categories and families each. */
const SUGGESTIONS = 10;
const GROUP_SUGGESTIONS = 2;

/**
 * The parameters every search statement takes, from $1: the part-number form, the end of its
 * prefix range, its one-character variants, and the tsquery over all weights, the name (A), and
 * the name, category and family (AB). The keyword itself never reaches the SQL text.
 */
function parameters(query: Query): unknown[] {
  return [
    query.part,
    // Part keys are lower-case letters and digits under collation C: '{' sorts after them all.
    query.part === null ? null : `${query.part}{`,
    query.partVariants,
    tsquery(query, ''),
    tsquery(query, 'A'),
    tsquery(query, 'AB'),
  ];
}

/**
 * The published products that match, with their rank: 0 part number, 1 its prefix, 2 one character
 * off, 3 name, 4 category or family, 5 description; and what breaks ties (featured, new, menu order).
 */
const matches = (which: 'published' | 'all') => `
  select s.product_id, s.featured, s.fresh, s.sort,
    case when s.part_key = $1 then 0
         when s.part_key >= $1 and s.part_key < $2 then 1
         when s.part_key = any($3::text[]) or s.part_variants && $3::text[] then 2
         when s.head @@ $5::tsquery then 3
         when s.head @@ $6::tsquery then 4
         else 5 end as tier
  from product_search s
  where ${which === 'published' ? 's.published and ' : ''}((s.part_key >= $1 and s.part_key < $2)
     or s.part_key = any($3::text[]) or s.part_variants && $3::text[]
     or s.terms @@ $4::tsquery)`;
const productMatches = matches('published');

/**
 * The products a keyword finds as the site's search finds them (part numbers, words, pinyin), unpublished
 * ones too, best first, at most `limit`: what the editors' workspace lists for a keyword.
 */
export async function matchingProductIds(db: Queryable, keyword: string, limit = 2000): Promise<number[]> {
  const query = await parseQuery(db, keyword);
  if (isEmpty(query)) return [];
  const rows = await db.query<{ product_id: number }>(
    `${matches('all')} order by tier, featured desc, fresh desc, sort, product_id limit ${Math.trunc(limit)}`,
    parameters(query),
  );
  return rows.map((row) => row.product_id);
}

/** A page of productMatches, ranked, joined to the products only for the rows it shows. */
const rankedProducts = (columns: string, limit: number, offset: number) => `
  select ${columns} from (${productMatches} order by tier, featured desc, fresh desc, sort, product_id
    limit ${limit} offset ${offset}) h
  join product p on p.id = h.product_id
  order by h.tier, h.featured desc, h.fresh desc, h.sort, h.product_id`;

// Categories and families take two parameters: the tsquery over all weights and over the name.
const groupParameters = (query: Query) => [tsquery(query, ''), tsquery(query, 'A')];
const groupTier = 'case when s.terms @@ $2::tsquery then 0 else 1 end';

interface SuggestionRow {
  kind: 'product' | 'category' | 'family';
  id: number | null;
  key: string | null;
  name: string;
  slug: string | null;
  part_number: string | null;
}

/** Up to ten suggestions for a keyword, in one language: products, then categories, then families. */
export async function suggest(db: Queryable, lang: Language, keyword: string): Promise<Suggestion[]> {
  const query = await parseQuery(db, keyword);
  if (isEmpty(query)) return [];
  const rows = await db.query<SuggestionRow>(
    `(${rankedProducts(`'product' as kind, p.id, null as key, p.${col('name', lang)} as name, p.slug, p.part_number`, SUGGESTIONS, 0)})
     union all
     (select 'category', c.id, null, c.${col('name', lang)}, c.slug, null
      from category_search s join category c on c.id = s.category_id
      where s.terms @@ $5::tsquery order by c.parent_id nulls first, c.sort, c.id limit ${GROUP_SUGGESTIONS})
     union all
     (select 'family', null, f.key, f.${col('name', lang)}, null, null
      from family_search s join product_family f on f.key = s.family_key
      where s.terms @@ $5::tsquery order by f.sort limit ${GROUP_SUGGESTIONS})`,
    parameters(query),
  );
  const groups = rows.filter((row) => row.kind !== 'product');
  const products = rows.filter((row) => row.kind === 'product').slice(0, SUGGESTIONS - groups.length);
  return [...products, ...groups].map((row): Suggestion => {
    const nameHighlight = highlight(row.name, query);
    if (row.kind === 'family') return { kind: 'family', key: row.key ?? '', name: row.name, nameHighlight };
    const id = row.id ?? 0;
    const slug = idSlug(id, row.slug ?? '');
    if (row.kind === 'category') return { kind: 'category', id, slug, name: row.name, nameHighlight };
    const partNumber = row.part_number ?? '';
    return {
      kind: 'product',
      id,
      slug,
      name: row.name,
      partNumber,
      nameHighlight,
      partNumberHighlight: highlightPart(partNumber, query),
    };
  });
}

export interface SearchRequest {
  keyWord: string;
  selectType: SelectType;
  pageNum: number;
  pageSize: number;
}

/** One page of one result kind of the search page, with how many of each kind match. */
export async function search(db: Queryable, lang: Language, request: SearchRequest): Promise<SearchResults> {
  const { selectType, pageNum, pageSize } = request;
  const query = await parseQuery(db, request.keyWord);
  const results: SearchResults = {
    selectType,
    counts: { keyword: 0, category: 0, family: 0 },
    productDTOS: null,
    categoryDTOS: null,
    familyDTOS: null,
  };
  const empty = <T>() => toPage<T>([], 0, pageNum, pageSize);
  if (isEmpty(query)) {
    if (selectType === 'keyword') results.productDTOS = empty();
    if (selectType === 'category') results.categoryDTOS = empty();
    if (selectType === 'family') results.familyDTOS = empty();
    return results;
  }
  const params = parameters(query);
  const [counts] = await db.query<SearchResults['counts']>(
    `select (select count(*)::int from (${productMatches}) h) as keyword,
            (select count(*)::int from category_search s where s.terms @@ $4::tsquery) as category,
            (select count(*)::int from family_search s where s.terms @@ $4::tsquery) as family`,
    params,
  );
  if (counts) results.counts = counts;
  const offset = (pageNum - 1) * pageSize;
  const paging = `limit ${pageSize} offset ${offset}`;
  if (selectType === 'keyword') {
    const rows = await db.query<ProductSummaryRow>(
      rankedProducts(productSummaryColumns(lang), pageSize, offset),
      params,
    );
    const records = rows.map(
      (row): ProductHit => ({
        ...toSummary(row),
        nameHighlight: highlight(row.name, query),
        partNumberHighlight: highlightPart(row.part_number, query),
      }),
    );
    results.productDTOS = toPage(records, results.counts.keyword, pageNum, pageSize);
  } else if (selectType === 'category') {
    const rows = await db.query<CategoryRow>(
      `${categorySelect(lang)} join category_search s on s.category_id = c.id
       where s.terms @@ $1::tsquery order by ${groupTier}, c.parent_id nulls first, c.sort, c.id ${paging}`,
      groupParameters(query),
    );
    const records = rows.map(
      (row): CategoryHit => ({ ...toCategoryRecord(row), nameHighlight: highlight(row.name, query) }),
    );
    results.categoryDTOS = toPage(records, results.counts.category, pageNum, pageSize);
  } else {
    const rows = await db.query<{ key: string; name: string; product_count: number }>(
      `select f.key, f.${col('name', lang)} as name,
              (select count(*)::int from product p where p.published and p.family = f.key) as product_count
       from family_search s join product_family f on f.key = s.family_key
       where s.terms @@ $1::tsquery order by ${groupTier}, f.sort ${paging}`,
      groupParameters(query),
    );
    const records = rows.map(
      (row): FamilyHit => ({
        key: row.key,
        name: row.name,
        image: familyImage(row.key, row.name),
        productCount: row.product_count,
        nameHighlight: highlight(row.name, query),
      }),
    );
    results.familyDTOS = toPage(records, results.counts.family, pageNum, pageSize);
  }
  return results;
}
