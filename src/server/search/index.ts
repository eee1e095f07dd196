import type { Queryable } from '../db/index.ts';
import { deletions, lexeme, partKey, termsOf, typoTolerant, words } from './terms.ts';

/** Where a term comes from, best first: tsvector weights A, B, C. */
type Weight = 'A' | 'B' | 'C';

/** What to reindex: everything, or the rows of some products and categories. */
export interface SearchScope {
  products?: number[];
  categories?: number[];
}

/** Terms of the texts of one row, each kept at its best weight. */
class Vector {
  readonly terms = new Map<string, Weight>();
  readonly cache: Map<string, string[]>;
  constructor(cache: Map<string, string[]>) {
    this.cache = cache;
  }

  add(weight: Weight, text: string, withPinyin = false): void {
    const key = `${withPinyin ? 1 : 0}${text}`;
    let terms = this.cache.get(key);
    if (!terms) {
      terms = [...new Set(termsOf(words(text), withPinyin).map((t) => t.term))];
      this.cache.set(key, terms);
    }
    for (const term of terms) {
      const known = this.terms.get(term);
      if (!known || known > weight) this.terms.set(term, weight);
    }
  }

  /** Every term as a tsvector without positions: for finding rows. */
  all(): string {
    return [...this.terms.keys()].map(lexeme).join(' ');
  }

  /** The terms of the given weights, each with one position that carries its weight: for ranking. */
  weighted(weights = 'ABC'): string {
    return [...this.terms]
      .filter(([, weight]) => weights.includes(weight))
      .map(([term, weight]) => `${lexeme(term)}:1${weight}`)
      .join(' ');
  }
}

async function writeRows(tx: Queryable, sql: string, rows: Record<string, unknown>[]): Promise<void> {
  for (let i = 0; i < rows.length; i += 2000) {
    await tx.query(sql, [JSON.stringify(rows.slice(i, i + 2000))]);
  }
}

/**
 * Brings the search index in step with the content, in the caller's transaction: every writer of
 * products, categories or families calls it after its writes (the seed, the synthetic generator
 * and the editor calls, src/server/db/editing/edit.ts). Without a scope it rebuilds everything. A product
 * is indexed with its category's and family's names, so renaming a category reindexes its products
 * too. An unpublished category gets no row, so a scope naming it takes it out of the index.
 */
export async function indexSearch(tx: Queryable, scope?: SearchScope): Promise<void> {
  const cache = new Map<string, string[]>();
  const vocabulary = new Set<string>();
  const collect = (vector: Vector) => {
    for (const term of vector.terms.keys()) if (typoTolerant(term)) vocabulary.add(term);
  };

  const categoryIds = scope ? (scope.categories ?? []) : null;
  const categories = await tx.query<{
    id: number;
    name_en: string;
    name_zh: string;
    description_en: string;
    description_zh: string;
  }>(
    `select id, name_en, name_zh, description_en, description_zh from category
     where published and ($1::int[] is null or id = any($1::int[]))`,
    [categoryIds],
  );
  const categoryRows = categories.map((c) => {
    const vector = new Vector(cache);
    vector.add('A', c.name_en);
    vector.add('A', c.name_zh, true);
    vector.add('C', c.description_en);
    vector.add('C', c.description_zh);
    collect(vector);
    return { category_id: c.id, terms: vector.weighted() };
  });
  if (categoryIds) await tx.query('delete from category_search where category_id = any($1::int[])', [categoryIds]);
  else await tx.query('delete from category_search');
  await writeRows(
    tx,
    `insert into category_search (category_id, terms)
     select category_id, terms::tsvector from jsonb_to_recordset($1::jsonb) as x(category_id int, terms text)`,
    categoryRows,
  );

  if (!scope) {
    const families = await tx.query<{ key: string; name_en: string; name_zh: string }>(
      'select key, name_en, name_zh from product_family',
    );
    const familyRows = families.map((f) => {
      const vector = new Vector(cache);
      vector.add('A', f.name_en);
      vector.add('A', f.name_zh, true);
      collect(vector);
      return { family_key: f.key, terms: vector.weighted() };
    });
    await tx.query('delete from family_search');
    await writeRows(
      tx,
      `insert into family_search (family_key, terms)
       select family_key, terms::tsvector from jsonb_to_recordset($1::jsonb) as x(family_key text, terms text)`,
      familyRows,
    );
  }

  const productIds = scope ? (scope.products ?? []) : null;
  const products = await tx.query<{
    id: number;
    part_number: string;
    name_en: string;
    name_zh: string;
    summary_en: string;
    summary_zh: string;
    description_en: string;
    description_zh: string;
    groups: string;
    published: boolean;
    is_featured: boolean;
    is_new: boolean;
    sort: number;
  }>(
    `select p.id, p.part_number, p.published, p.is_featured, p.is_new, p.sort, p.name_en, p.name_zh, p.summary_en, p.summary_zh, p.description_en, p.description_zh,
            concat_ws(' ', c.name_en, c.name_zh, parent.name_en, parent.name_zh, f.name_en, f.name_zh) as groups
     from product p
     join category c on c.id = p.category_id
     left join category parent on parent.id = c.parent_id
     join product_family f on f.key = p.family
     where $1::int[] is null or p.id = any($1::int[]) or p.category_id = any($2::int[]) or c.parent_id = any($2::int[])`,
    [productIds, categoryIds],
  );
  const productRows = products.map((p) => {
    const vector = new Vector(cache);
    vector.add('A', p.part_number);
    vector.add('A', p.name_en);
    vector.add('A', p.name_zh, true);
    vector.add('B', p.groups, true);
    vector.add('C', `${p.summary_en}\n${p.description_en}`);
    vector.add('C', `${p.summary_zh}\n${p.description_zh}`);
    collect(vector);
    const key = partKey(p.part_number);
    return {
      product_id: p.id,
      part_key: key,
      part_variants: deletions(key),
      terms: vector.all(),
      head: vector.weighted('AB'),
      published: p.published,
      featured: p.is_featured,
      fresh: p.is_new,
      sort: p.sort,
    };
  });
  await tx.query('delete from product_search where product_id = any($1::int[])', [products.map((p) => p.id)]);
  await writeRows(
    tx,
    `insert into product_search (product_id, part_key, part_variants, terms, head, published, featured, fresh, sort)
     select product_id, part_key, array(select jsonb_array_elements_text(part_variants)), terms::tsvector,
            head::tsvector, published, featured, fresh, sort
     from jsonb_to_recordset($1::jsonb)
       as x(product_id int, part_key text, part_variants jsonb, terms text, head text, published boolean,
            featured boolean, fresh boolean, sort int)`,
    productRows,
  );

  const wordRows = [...vocabulary].flatMap((word) => [word, ...deletions(word)].map((variant) => ({ variant, word })));
  await writeRows(
    tx,
    `insert into search_word (variant, word)
     select distinct variant, word from jsonb_to_recordset($1::jsonb) as x(variant text, word text)
     on conflict do nothing`,
    wordRows,
  );
  // A fresh index needs statistics, or the planner scans every row instead of using the indexes.
  if (!scope)
    await tx.exec('analyze product_search; analyze category_search; analyze family_search; analyze search_word');
}

/** Whether the index is missing while the catalogue has content: a database seeded before search existed. */
export async function searchIndexMissing(db: Queryable): Promise<boolean> {
  const [row] = await db.query<{ missing: boolean }>(
    `select exists (select 1 from product) and not exists (select 1 from product_search) as missing`,
  );
  return row?.missing ?? false;
}
