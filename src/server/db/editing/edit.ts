import { ApiError } from '#server/errors.ts';
import { indexSearch } from '#server/search/index.ts';
import type { Actor } from '../../auth/actor.ts';
import { type AuditEntry, recordAudit } from '../audit.ts';
import type { Db, Queryable } from '../index.ts';
import { readRecord } from './records.ts';
import { dateTranslations } from './translations.ts';

// The editors' writes (issue 16, decision 0023), for the /editor/ calls and `npm run catalogue:import`.
// Every call or import is one transaction: its writes, the rules below, the search index of what it
// touched, and the audit trail (migration 013): each write notes the record as it was and what was asked.
// The change feed (migration 008) and the slug history (migration 002) follow by trigger.
// Field names in messages are paths of the request (`related.2`) or of the file (`products.3.related.2`).

/** One edit under way: its transaction, who makes it, what it touched (for the search index), and its trail. */
export interface Edit {
  tx: Queryable;
  actor: Actor;
  products: Set<number>;
  categories: Set<number>;
  /** One entry per record written, added to the audit trail before the edit commits. */
  audit: AuditEntry[];
}

/**
 * Runs an edit by `actor` in one transaction, checks the rules, reindexes the products and categories it
 * touched, and adds what it wrote to the audit trail.
 */
export async function editContent<T>(db: Db, actor: Actor, work: (edit: Edit) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    const edit: Edit = { tx, actor, products: new Set(), categories: new Set(), audit: [] };
    const result = await work(edit);
    await checkRules(tx);
    await dateTranslations(tx, edit.audit);
    if (edit.products.size > 0 || edit.categories.size > 0)
      await indexSearch(tx, { products: [...edit.products], categories: [...edit.categories] });
    await recordAudit(tx, actor, edit.audit);
    return result;
  });
}

/** The trail's action for a publish state. */
export const publishAction = (published: boolean) => (published ? 'publish' : 'unpublish');

/**
 * What must hold after every edit, whatever it wrote: categories have two levels, and nothing published
 * sits in an unpublished category (so public reads need only each row's own `published`).
 */
async function checkRules(tx: Queryable): Promise<void> {
  const [deep] = await tx.query<{ key: string; parent: string }>(
    `select c.key, p.key as parent from category c join category p on p.id = c.parent_id
     where p.parent_id is not null order by c.id limit 1`,
  );
  if (deep) throw new ApiError(400, 'api.categoryTooDeep', deep);
  const [orphan] = await tx.query<{ key: string; parent: string }>(
    `select c.key, p.key as parent from category c join category p on p.id = c.parent_id
     where c.published and not p.published order by c.id limit 1`,
  );
  if (orphan) throw new ApiError(409, 'api.categoryParentUnpublished', orphan);
  const [product] = await tx.query<{ partNumber: string; key: string }>(
    `select p.part_number as "partNumber", c.key from category c join product p on p.category_id = c.id
     where not c.published and p.published order by p.id limit 1`,
  );
  if (product) throw new ApiError(409, 'api.productCategoryUnpublished', product);
  const [article] = await tx.query<{ id: number; key: string }>(
    `select a.id, c.key from category c join article a on a.product_series_id = c.id
     where not c.published and a.published order by a.id limit 1`,
  );
  if (article) throw new ApiError(409, 'api.articleCategoryUnpublished', article);
}

/** 400 naming the field when a list holds the same value twice. */
export function refuseDuplicates(values: string[], field: (index: number) => string): void {
  const seen = new Set<string>();
  values.forEach((value, index) => {
    if (seen.has(value)) throw new ApiError(400, 'api.duplicateValue', { field: field(index), value });
    seen.add(value);
  });
}

/** The ids of the categories with the given keys, by key. */
export async function categoryIds(tx: Queryable, keys: string[]): Promise<Map<string, number>> {
  const rows = await tx.query<{ id: number; key: string }>('select id, key from category where key = any($1::text[])', [
    [...new Set(keys)],
  ]);
  return new Map(rows.map((row) => [row.key, row.id]));
}

/** The id of the category with the key; 400 naming the field when there is none. */
export async function categoryIdOf(tx: Queryable, key: string, field: string): Promise<number> {
  const id = (await categoryIds(tx, [key])).get(key);
  if (id === undefined) throw new ApiError(400, 'api.unknownCategoryKey', { field, key });
  return id;
}

/** The ids of the products with the given part numbers, by part number. */
export async function productIds(tx: Queryable, partNumbers: string[]): Promise<Map<string, number>> {
  const rows = await tx.query<{ id: number; part_number: string }>(
    'select id, part_number from product where part_number = any($1::text[])',
    [[...new Set(partNumbers)]],
  );
  return new Map(rows.map((row) => [row.part_number, row.id]));
}

// ---- solutions and articles alike ----

/** Publishes or unpublishes a solution or an article; 404 for an unknown id. */
export async function setPublished(
  { tx, audit }: Edit,
  thing: 'solution' | 'article',
  id: number,
  published: boolean,
): Promise<void> {
  const before = await readRecord(tx, thing, id);
  if (!before) throw new ApiError(404, 'api.notFound', { thing, id });
  // The table name comes from the literal type above, never from input.
  await tx.query(`update ${thing} set published = $2, updated_at = now() where id = $1`, [id, published]);
  audit.push({
    action: publishAction(published),
    entity: thing,
    key: id,
    label: before.label,
    before: before.record,
    detail: { published },
  });
}

/** Deletes a solution (its product list with it) or an article (customers' saves of it with it). */
export async function deleteRecord({ tx, audit }: Edit, thing: 'solution' | 'article', id: number): Promise<void> {
  const before = await readRecord(tx, thing, id);
  if (!before) throw new ApiError(404, 'api.notFound', { thing, id });
  await tx.query(`delete from ${thing} where id = $1`, [id]);
  await tx.query('delete from slug_history where kind = $1 and entity_id = $2', [thing, id]);
  audit.push({ action: 'delete', entity: thing, key: id, label: before.label, before: before.record });
}
