import type { SolutionGroupInput } from '#api/catalogue-file.ts';
import type { SolutionInput } from '#api/editor-fields.ts';
import { sanitizeBody } from '#lib/sanitize.server.ts';
import { slugify } from '#lib/slug.ts';
import { ApiError } from '#server/errors.ts';
import { insertMany } from '../product-parts.ts';
import { type Edit, productIds, refuseDuplicates } from './edit.ts';
import { readRecord } from './records.ts';

/** Creates a solution, or updates the one with `id`; the body is stored cleaned, as it is served. */
export async function saveSolution(
  { tx, audit }: Edit,
  input: SolutionInput,
  at = '',
): Promise<{ id: number; created: boolean }> {
  refuseDuplicates(input.products, (j) => `${at}products.${j}`);
  const idOf = await productIds(tx, input.products);
  const productRows = input.products.map((partNumber, sort) => {
    const productId = idOf.get(partNumber);
    if (productId === undefined)
      throw new ApiError(400, 'api.unknownPartNumber', { field: `${at}products.${sort}`, partNumber });
    return { product_id: productId, sort };
  });
  const values = [
    input.type,
    slugify(input.title.en),
    input.title.en,
    input.title.zh,
    input.summary.en,
    input.summary.zh,
    sanitizeBody(input.body.en),
    sanitizeBody(input.body.zh),
    input.published ?? null,
  ];
  const before = input.id === undefined ? undefined : await readRecord(tx, 'solution', input.id);
  let id: number;
  if (input.id !== undefined) {
    const rows = await tx.query<{ id: number }>(
      `update solution set type = $1, slug = $2, title_en = $3, title_zh = $4, summary_en = $5, summary_zh = $6,
         body_en = $7, body_zh = $8, published = coalesce($9, published),
         image = coalesce((select img from solution_group where type = $1), image), updated_at = now()
       where id = $10 returning id`,
      [...values, input.id],
    );
    if (rows.length === 0) throw new ApiError(404, 'api.notFound', { thing: 'solution', id: input.id });
    id = input.id;
  } else {
    const [row] = await tx.query<{ id: number }>(
      `insert into solution (type, slug, title_en, title_zh, summary_en, summary_zh, body_en, body_zh, published, image, sort)
       values ($1, $2, $3, $4, $5, $6, $7, $8, coalesce($9, true),
               coalesce((select img from solution_group where type = $1), ''),
               (select coalesce(max(sort), -1) + 1 from solution where type = $1))
       returning id`,
      values,
    );
    id = row?.id as number;
  }
  await tx.query('delete from solution_product where solution_id = $1', [id]);
  await insertMany(
    tx,
    'solution_product',
    { solution_id: 'integer', product_id: 'integer', sort: 'integer' },
    productRows.map((row) => ({ ...row, solution_id: id })),
  );
  audit.push({
    action: 'save',
    entity: 'solution',
    key: id,
    label: input.title.en,
    before: before?.record,
    detail: input,
  });
  return { id, created: input.id === undefined };
}

/** Creates or updates the solution group of its type; answers whether it was created. */
export async function saveSolutionGroup({ tx, audit }: Edit, group: SolutionGroupInput): Promise<boolean> {
  const before = await readRecord(tx, 'solution-group', group.type);
  const [row] = await tx.query<{ created: boolean }>(
    `insert into solution_group (type, key, title_en, title_zh, desc_en, desc_zh, value_en, value_zh, intro_en, intro_zh, img)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)
     on conflict (type) do update set key = excluded.key, title_en = excluded.title_en, title_zh = excluded.title_zh,
       desc_en = excluded.desc_en, desc_zh = excluded.desc_zh, value_en = excluded.value_en,
       value_zh = excluded.value_zh, intro_en = excluded.intro_en, intro_zh = excluded.intro_zh, img = excluded.img
     returning (xmax = 0) as created`,
    [
      group.type,
      group.key,
      group.title.en,
      group.title.zh,
      group.desc.en,
      group.desc.zh,
      group.value.en,
      group.value.zh,
      group.intro.en,
      group.intro.zh,
      group.img,
    ],
  );
  audit.push({
    action: 'save',
    entity: 'solution-group',
    key: group.type,
    label: group.key,
    before: before?.record,
    detail: group,
  });
  return row?.created === true;
}
