import type { CategoryInput } from '#api/editor-fields.ts';
import { slugify } from '#lib/slug.ts';
import { ApiError } from '#server/errors.ts';
import type { Queryable } from '../index.ts';
import { categoryIdOf, type Edit, publishAction } from './edit.ts';
import { readRecord } from './records.ts';

/** 409 when a category still holds published children, products or articles (or any, to delete it). */
async function refuseWhileHolding(tx: Queryable, id: number, key: string, onlyPublished: boolean): Promise<void> {
  const published = onlyPublished ? 'and published' : '';
  const [held] = await tx.query<{ children: number; products: number; articles: number }>(
    `select (select count(*)::int from category where parent_id = $1 ${published}) as children,
            (select count(*)::int from product where category_id = $1 ${published}) as products,
            (select count(*)::int from article where product_series_id = $1 ${published}) as articles`,
    [id],
  );
  if (held && held.children + held.products + held.articles > 0)
    throw new ApiError(409, onlyPublished ? 'api.categoryUnpublishBlocked' : 'api.categoryDeleteBlocked', {
      key,
      ...held,
    });
}

/** Creates or updates a category by its key; its slug follows the English name. */
export async function saveCategory(
  { tx, categories, audit }: Edit,
  input: CategoryInput,
  at = '',
): Promise<{ id: number; key: string; created: boolean }> {
  const parentId = input.parent ? await categoryIdOf(tx, input.parent, `${at}parent`) : null;
  // Saves of one key take turns, so two editors creating the same new category at once get one
  // category (the second updates it) rather than a unique violation.
  await tx.query("select pg_advisory_xact_lock(hashtext('category:' || $1))", [input.key]);
  const [known] = await tx.query<{ id: number; published: boolean }>(
    'select id, published from category where key = $1',
    [input.key],
  );
  if (known?.published && input.published === false) await refuseWhileHolding(tx, known.id, input.key, true);
  const before = known ? await readRecord(tx, 'category', known.id) : undefined;
  const values = [
    parentId,
    slugify(input.name.en),
    input.name.en,
    input.name.zh,
    input.description.en,
    input.description.zh,
    input.published ?? known?.published ?? true,
  ];
  let id: number;
  if (known) {
    id = known.id;
    await tx.query(
      `update category set parent_id = $1, slug = $2, name_en = $3, name_zh = $4, description_en = $5,
         description_zh = $6, published = $7, updated_at = now() where id = $8`,
      [...values, id],
    );
  } else {
    const [row] = await tx.query<{ id: number }>(
      `insert into category (parent_id, slug, name_en, name_zh, description_en, description_zh, published, key, sort)
       values ($1, $2, $3, $4, $5, $6, $7, $8,
               (select coalesce(max(sort), -1) + 1 from category where parent_id is not distinct from $1))
       returning id`,
      [...values, input.key],
    );
    id = row?.id as number;
  }
  categories.add(id);
  audit.push({ action: 'save', entity: 'category', key: id, label: input.key, before: before?.record, detail: input });
  return { id, key: input.key, created: !known };
}

export async function setCategoryPublished(
  { tx, categories, audit }: Edit,
  id: number,
  published: boolean,
): Promise<void> {
  const known = await readRecord(tx, 'category', id);
  if (!known) throw new ApiError(404, 'api.notFound', { thing: 'category', id });
  if (!published) await refuseWhileHolding(tx, id, known.label, true);
  await tx.query('update category set published = $2, updated_at = now() where id = $1 and published <> $2', [
    id,
    published,
  ]);
  categories.add(id);
  audit.push({
    action: publishAction(published),
    entity: 'category',
    key: id,
    label: known.label,
    before: known.record,
    detail: { published },
  });
}

export async function deleteCategory({ tx, audit }: Edit, id: number): Promise<void> {
  const known = await readRecord(tx, 'category', id);
  if (!known) throw new ApiError(404, 'api.notFound', { thing: 'category', id });
  await refuseWhileHolding(tx, id, known.label, false);
  await tx.query("delete from slug_history where kind = 'category' and entity_id = $1", [id]);
  await tx.query('delete from category where id = $1', [id]);
  audit.push({ action: 'delete', entity: 'category', key: id, label: known.label, before: known.record });
}
