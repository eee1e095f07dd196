import { uploadShaOf } from '../uploads/store.ts';
import type { Queryable } from './index.ts';

// Rows written many at a time, and the parts of products (specifications, options with their values,
// relations, resources, images, curves): shared by the seed, which writes a whole catalogue, and the editors' writes.

/** Inserts rows given as objects in one statement, through jsonb_to_recordset. */
export async function insertMany(
  tx: Queryable,
  table: string,
  columns: Record<string, string>,
  rows: Record<string, unknown>[],
  returning?: string,
): Promise<Record<string, unknown>[]> {
  if (rows.length === 0) return [];
  const names = Object.keys(columns);
  const definition = names.map((name) => `${name} ${columns[name]}`).join(', ');
  const sql = `insert into ${table} (${names.join(', ')})
    select ${names.join(', ')} from jsonb_to_recordset($1::jsonb) as x(${definition})
    ${returning ? `returning ${returning}` : ''}`;
  return tx.query(sql, [JSON.stringify(rows)]);
}

type Text = { en: string; zh: string };

/** What a product's parts are written from: the seed's product shape. */
export interface ProductParts {
  attributes: { label: Text; value: string | Text; unit?: string | undefined }[];
  options?: { name: Text; values: { label: Text; priceDelta: number }[] }[] | undefined;
  resources?: { kind: string; title: Text; url: string }[] | undefined;
  images?: { url: string; alt: Text }[] | undefined;
  curves?: CurvePart[] | undefined;
}

/** A curve as the seed and the editors' calls give it (src/api/editor-fields.ts): stored as it is. */
interface CurvePart {
  kind: string;
  title: Text;
  xAxis: { name: Text; unit?: string | Text | undefined };
  yAxis: { name: Text; unit?: string | Text | undefined };
  series: { name: Text; x: number[]; y: number[] }[];
}

/** Curves written a statement at a time: their points make them the largest rows (a seed of 10,000 products). */
const CURVES_PER_STATEMENT = 500;

/** A relation row: this product shows `related_id` as an alternative or a related product, in `sort` order. */
export interface RelationRow {
  product_id: number;
  related_id: number;
  kind: 'alternative' | 'related';
  sort: number;
}

/** Writes the parts of products that have none yet (new ones, or ones whose parts were just deleted). */
export async function writeProductParts(
  tx: Queryable,
  products: { id: number; parts: ProductParts }[],
  relations: RelationRow[],
): Promise<void> {
  await insertMany(
    tx,
    'product_attribute',
    {
      product_id: 'integer',
      sort: 'integer',
      label_en: 'text',
      label_zh: 'text',
      value_en: 'text',
      value_zh: 'text',
      unit: 'text',
    },
    products.flatMap(({ id, parts }) =>
      parts.attributes.map((attribute, sort) => ({
        product_id: id,
        sort,
        label_en: attribute.label.en,
        label_zh: attribute.label.zh,
        value_en: typeof attribute.value === 'string' ? attribute.value : attribute.value.en,
        value_zh: typeof attribute.value === 'string' ? attribute.value : attribute.value.zh,
        unit: attribute.unit ?? '',
      })),
    ),
  );
  const options = products.flatMap(({ id, parts }) =>
    (parts.options ?? []).map((option, sort) => ({ productId: id, option, sort })),
  );
  const optionRows = await insertMany(
    tx,
    'product_option',
    { product_id: 'integer', sort: 'integer', name_en: 'text', name_zh: 'text' },
    options.map(({ productId, option, sort }) => ({
      product_id: productId,
      sort,
      name_en: option.name.en,
      name_zh: option.name.zh,
    })),
    'id, product_id, sort',
  );
  const optionId = new Map(optionRows.map((row) => [`${row.product_id}:${row.sort}`, row.id as number]));
  await insertMany(
    tx,
    'product_option_value',
    { option_id: 'integer', sort: 'integer', label_en: 'text', label_zh: 'text', price_delta: 'numeric' },
    options.flatMap(({ productId, option, sort: optionSort }) =>
      option.values.map((value, sort) => ({
        option_id: optionId.get(`${productId}:${optionSort}`),
        sort,
        label_en: value.label.en,
        label_zh: value.label.zh,
        price_delta: value.priceDelta,
      })),
    ),
  );
  await insertMany(
    tx,
    'product_relation',
    { product_id: 'integer', related_id: 'integer', kind: 'text', sort: 'integer' },
    relations as unknown as Record<string, unknown>[],
  );
  await insertMany(
    tx,
    'product_resource',
    { product_id: 'integer', sort: 'integer', kind: 'text', title_en: 'text', title_zh: 'text', url: 'text' },
    products.flatMap(({ id, parts }) =>
      (parts.resources ?? []).map((resource, sort) => ({
        product_id: id,
        sort,
        kind: resource.kind,
        title_en: resource.title.en,
        title_zh: resource.title.zh,
        url: resource.url,
      })),
    ),
  );
  // An upload's picture takes the upload's size, so a page reserves its box.
  const images = products.flatMap(({ id, parts }) =>
    (parts.images ?? []).map((image, sort) => ({
      product_id: id,
      sort,
      url: image.url,
      alt_en: image.alt.en,
      alt_zh: image.alt.zh,
      sha256: uploadShaOf(image.url) ?? null,
    })),
  );
  if (images.length > 0)
    await tx.query(
      `insert into product_image (product_id, sort, url, alt_en, alt_zh, width, height)
       select x.product_id, x.sort, x.url, x.alt_en, x.alt_zh, u.width, u.height
       from jsonb_to_recordset($1::jsonb) as x(product_id integer, sort integer, url text, alt_en text, alt_zh text,
         sha256 text)
       left join upload u on u.sha256 = x.sha256`,
      [JSON.stringify(images)],
    );
  const curves = products.flatMap(({ id, parts }) =>
    (parts.curves ?? []).map((curve, sort) => ({
      product_id: id,
      sort,
      kind: curve.kind,
      title_en: curve.title.en,
      title_zh: curve.title.zh,
      x_axis: curve.xAxis,
      y_axis: curve.yAxis,
      series: curve.series,
    })),
  );
  for (let start = 0; start < curves.length; start += CURVES_PER_STATEMENT)
    await insertMany(
      tx,
      'product_curve',
      {
        product_id: 'integer',
        sort: 'integer',
        kind: 'text',
        title_en: 'text',
        title_zh: 'text',
        x_axis: 'jsonb',
        y_axis: 'jsonb',
        series: 'jsonb',
      },
      curves.slice(start, start + CURVES_PER_STATEMENT),
    );
}
