import type { ProductInput } from '#api/editor-fields.ts';
import { slugify } from '#lib/slug.ts';
import { ApiError } from '#server/errors.ts';
import { uploadShaOf, uploadTypes } from '#server/uploads/store.ts';
import type { Queryable } from '../index.ts';
import { writeProductParts } from '../product-parts.ts';
import { categoryIds, type Edit, productIds, publishAction, refuseDuplicates } from './edit.ts';
import { readRecord, readRecords } from './records.ts';

/**
 * 400 naming the field when a product's image names an upload that is not stored, or one that is a PDF:
 * a page would show a broken picture.
 */
async function refuseUnknownUploads(
  tx: Queryable,
  inputs: ProductInput[],
  at: (index: number) => string,
): Promise<void> {
  const named = inputs.flatMap((input, index) =>
    (input.images ?? []).flatMap((image, j) => {
      const sha256 = uploadShaOf(image.url);
      return sha256 ? [{ sha256, field: `${at(index)}images.${j}.url` }] : [];
    }),
  );
  const types = await uploadTypes(
    tx,
    named.map((image) => image.sha256),
  );
  for (const { sha256, field } of named) {
    const type = types.get(sha256);
    if (!type) throw new ApiError(400, 'api.uploadUnknown', { field });
    if (!type.startsWith('image/')) throw new ApiError(400, 'api.uploadNotImage', { field });
  }
}

/**
 * Creates or updates products by part number, with their specifications, options, relations,
 * resources, images and curves: a save is the whole product, so lists left out become empty. Relations may name products
 * of the same batch. `at(i)` is the path of the i-th product in the request, for messages.
 */
export async function saveProducts(
  { tx, products, audit }: Edit,
  inputs: ProductInput[],
  at: (index: number) => string = () => '',
): Promise<{ id: number; partNumber: string; created: boolean }[]> {
  if (inputs.length === 0) return [];
  refuseDuplicates(
    inputs.map((input) => input.partNumber),
    (index) => `${at(index)}partNumber`,
  );
  const categoryIdByKey = await categoryIds(
    tx,
    inputs.map((input) => input.category),
  );
  inputs.forEach((input, index) => {
    if (!categoryIdByKey.has(input.category))
      throw new ApiError(400, 'api.unknownCategoryKey', { field: `${at(index)}category`, key: input.category });
  });
  const knownRows = await tx.query<{ id: number; part_number: string; published: boolean }>(
    'select id, part_number, published from product where part_number = any($1::text[])',
    [inputs.map((input) => input.partNumber)],
  );
  const known = new Map(knownRows.map((row) => [row.part_number, row.published]));
  const before = await readRecords(
    tx,
    'product',
    knownRows.map((row) => row.id),
  );
  const [next] = await tx.query<{ sort: number }>('select coalesce(max(sort), -1) + 1 as sort from product');
  const rows = inputs.map((input, index) => ({
    category_id: categoryIdByKey.get(input.category),
    part_number: input.partNumber,
    slug: slugify(input.name.en),
    family: input.family,
    name_en: input.name.en,
    name_zh: input.name.zh,
    summary_en: input.summary.en,
    summary_zh: input.summary.zh,
    description_en: input.description.en,
    description_zh: input.description.zh,
    price: input.price,
    lead_time_days: input.leadTimeDays,
    stock: input.stock,
    is_new: input.isNew ?? false,
    is_featured: input.isFeatured ?? false,
    discontinued: input.discontinued ?? false,
    published: input.published ?? known.get(input.partNumber) ?? true,
    sort: (next?.sort ?? 0) + index,
  }));
  // The slug-history trigger fires on the update branch as on any update of slug.
  await tx.query(
    `insert into product (category_id, part_number, slug, family, name_en, name_zh, summary_en, summary_zh,
       description_en, description_zh, price, lead_time_days, stock, is_new, is_featured, discontinued, published, sort)
     select category_id, part_number, slug, family, name_en, name_zh, summary_en, summary_zh, description_en,
       description_zh, price, lead_time_days, stock, is_new, is_featured, discontinued, published, sort
     from jsonb_to_recordset($1::jsonb) as x(category_id int, part_number text, slug text, family text,
       name_en text, name_zh text, summary_en text, summary_zh text, description_en text, description_zh text,
       price numeric, lead_time_days int, stock int, is_new boolean, is_featured boolean, discontinued boolean,
       published boolean, sort int)
     on conflict (part_number) do update set category_id = excluded.category_id, slug = excluded.slug,
       family = excluded.family, name_en = excluded.name_en, name_zh = excluded.name_zh,
       summary_en = excluded.summary_en, summary_zh = excluded.summary_zh,
       description_en = excluded.description_en, description_zh = excluded.description_zh,
       price = excluded.price, lead_time_days = excluded.lead_time_days, stock = excluded.stock,
       is_new = excluded.is_new, is_featured = excluded.is_featured, discontinued = excluded.discontinued,
       published = excluded.published,
       updated_at = now()`,
    [JSON.stringify(rows)],
  );
  const referenced = inputs.flatMap((input) => [
    input.partNumber,
    ...(input.alternatives ?? []),
    ...(input.related ?? []),
  ]);
  const idOf = await productIds(tx, referenced);
  const ids = inputs.map((input) => idOf.get(input.partNumber) as number);
  const relations = inputs.flatMap((input, index) =>
    (['alternatives', 'related'] as const).flatMap((list) => {
      const partNumbers = input[list] ?? [];
      refuseDuplicates(partNumbers, (j) => `${at(index)}${list}.${j}`);
      return partNumbers.map((partNumber, sort) => {
        const field = `${at(index)}${list}.${sort}`;
        const relatedId = idOf.get(partNumber);
        if (relatedId === undefined) throw new ApiError(400, 'api.unknownPartNumber', { field, partNumber });
        if (partNumber === input.partNumber) throw new ApiError(400, 'api.selfRelation', { field });
        return {
          product_id: ids[index],
          related_id: relatedId,
          kind: list === 'alternatives' ? ('alternative' as const) : ('related' as const),
          sort,
        };
      });
    }),
  );

  await refuseUnknownUploads(tx, inputs, at);
  for (const table of [
    'product_attribute',
    'product_option',
    'product_relation',
    'product_resource',
    'product_image',
    'product_curve',
  ])
    await tx.query(`delete from ${table} where product_id = any($1::int[])`, [ids]);
  await writeProductParts(
    tx,
    inputs.map((input, index) => ({ id: ids[index] as number, parts: input })),
    relations,
  );
  for (const id of ids) products.add(id);
  for (const [index, input] of inputs.entries())
    audit.push({
      action: 'save',
      entity: 'product',
      key: ids[index] as number,
      label: input.partNumber,
      before: before.get(String(ids[index]))?.record,
      detail: input,
    });
  return inputs.map((input, index) => ({
    id: ids[index] as number,
    partNumber: input.partNumber,
    created: !known.has(input.partNumber),
  }));
}

export async function setProductPublished({ tx, audit }: Edit, id: number, published: boolean): Promise<void> {
  const before = await readRecord(tx, 'product', id);
  if (!before) throw new ApiError(404, 'api.notFound', { thing: 'product', id });
  // The search row follows `published` by trigger (migration 006).
  await tx.query('update product set published = $2, updated_at = now() where id = $1', [id, published]);
  audit.push({
    action: publishAction(published),
    entity: 'product',
    key: id,
    label: before.label,
    before: before.record,
    detail: { published },
  });
}

/**
 * Deletes a product with its parts; carts, favourites, solutions and other products' relations let go of
 * it (foreign keys cascade, and the change feed records each product and solution that lost it). Order
 * lines keep their own copy (part number, names, prices) and have no foreign key to it.
 */
export async function deleteProduct({ tx, audit }: Edit, id: number): Promise<void> {
  const before = await readRecord(tx, 'product', id);
  if (!before) throw new ApiError(404, 'api.notFound', { thing: 'product', id });
  await tx.query('delete from product where id = $1', [id]);
  await tx.query("delete from slug_history where kind = 'product' and entity_id = $1", [id]);
  audit.push({ action: 'delete', entity: 'product', key: id, label: before.label, before: before.record });
}
