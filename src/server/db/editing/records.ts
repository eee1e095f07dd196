import type { Queryable } from '../index.ts';

// Records as their save calls take them (src/api/editor-fields.ts, catalogue-file.ts), read for the audit
// trail's "before": posting one back to its save call restores it, and the editors' workspace (issue 39)
// restores a field from it. Each read is one statement for any number of records.

const both = (column: string, alias = '') =>
  `jsonb_build_object('en', ${alias}${column}_en, 'zh', ${alias}${column}_zh)`;

/** What records are read by, and how: the key (an id, or a name for those without one), the label and the record. */
const READS = {
  product: {
    ids: true,
    sql: `select p.id::text as key, p.part_number as label, jsonb_build_object(
        'partNumber', p.part_number, 'category', c.key, 'family', p.family,
        'name', ${both('name', 'p.')}, 'summary', ${both('summary', 'p.')}, 'description', ${both('description', 'p.')},
        'price', p.price, 'leadTimeDays', p.lead_time_days, 'stock', p.stock,
        'isNew', p.is_new, 'isFeatured', p.is_featured, 'discontinued', p.discontinued,
        'attributes', coalesce((select jsonb_agg(jsonb_strip_nulls(jsonb_build_object(
            'label', ${both('label', 'a.')},
            'value', case when a.value_en = a.value_zh then to_jsonb(a.value_en) else ${both('value', 'a.')} end,
            'unit', nullif(a.unit, ''))) order by a.sort)
          from product_attribute a where a.product_id = p.id), '[]'::jsonb),
        'options', coalesce((select jsonb_agg(jsonb_build_object(
            'name', ${both('name', 'o.')},
            'values', coalesce((select jsonb_agg(jsonb_build_object('label', ${both('label', 'v.')}, 'priceDelta', v.price_delta)
                                  order by v.sort) from product_option_value v where v.option_id = o.id), '[]'::jsonb))
            order by o.sort)
          from product_option o where o.product_id = p.id), '[]'::jsonb),
        'alternatives', coalesce((select jsonb_agg(r2.part_number order by r.sort) from product_relation r
          join product r2 on r2.id = r.related_id where r.product_id = p.id and r.kind = 'alternative'), '[]'::jsonb),
        'related', coalesce((select jsonb_agg(r2.part_number order by r.sort) from product_relation r
          join product r2 on r2.id = r.related_id where r.product_id = p.id and r.kind = 'related'), '[]'::jsonb),
        'resources', coalesce((select jsonb_agg(jsonb_build_object('kind', s.kind, 'title', ${both('title', 's.')}, 'url', s.url)
            order by s.sort) from product_resource s where s.product_id = p.id), '[]'::jsonb),
        'images', coalesce((select jsonb_agg(jsonb_build_object('url', i.url, 'alt', ${both('alt', 'i.')}) order by i.sort)
          from product_image i where i.product_id = p.id), '[]'::jsonb),
        'curves', coalesce((select jsonb_agg(jsonb_build_object('kind', k.kind, 'title', ${both('title', 'k.')},
            'xAxis', k.x_axis, 'yAxis', k.y_axis, 'series', k.series) order by k.sort)
          from product_curve k where k.product_id = p.id), '[]'::jsonb),
        'published', p.published) as record
      from product p join category c on c.id = p.category_id where p.id = any($1::int[])`,
  },
  category: {
    ids: true,
    sql: `select c.id::text as key, c.key as label, jsonb_build_object(
        'key', c.key, 'parent', p.key, 'name', ${both('name', 'c.')}, 'description', ${both('description', 'c.')},
        'published', c.published) as record
      from category c left join category p on p.id = c.parent_id where c.id = any($1::int[])`,
  },
  solution: {
    ids: true,
    sql: `select s.id::text as key, s.title_en as label, jsonb_build_object(
        'id', s.id, 'type', s.type, 'title', ${both('title', 's.')}, 'summary', ${both('summary', 's.')},
        'body', ${both('body', 's.')},
        'products', coalesce((select jsonb_agg(p.part_number order by sp.sort) from solution_product sp
          join product p on p.id = sp.product_id where sp.solution_id = s.id), '[]'::jsonb),
        'published', s.published) as record
      from solution s where s.id = any($1::int[])`,
  },
  article: {
    ids: true,
    sql: `select a.id::text as key, a.title_en as label, jsonb_build_object(
        'id', a.id, 'kind', a.kind, 'contentType', a.content_type, 'productSeries', c.key,
        'author', ${both('author', 'a.')}, 'publishedAt', to_char(a.published_at, 'YYYY-MM-DD'),
        'title', ${both('title', 'a.')}, 'summary', ${both('summary', 'a.')}, 'body', ${both('body', 'a.')},
        'published', a.published) as record
      from article a join category c on c.id = a.product_series_id where a.id = any($1::int[])`,
  },
  meta: {
    ids: false,
    sql: `select m.page_key as key, m.page_key as label, jsonb_build_object('page', m.page_key, 'meta',
        coalesce((select jsonb_agg(jsonb_build_object('name', e.item ->> 'name',
            'content', jsonb_build_object('en', e.item ->> 'content', 'zh', z.item ->> 'content')) order by e.n)
          from jsonb_array_elements(m.meta_en) with ordinality as e(item, n)
          left join jsonb_array_elements(m.meta_zh) with ordinality as z(item, n) on z.n = e.n), '[]'::jsonb)) as record
      from page_meta m where m.page_key = any($1::text[])`,
  },
  config: {
    ids: false,
    sql: `select config_name as key, config_name as label,
        jsonb_build_object('configName', config_name, 'configValue', ${both('value')}) as record
      from system_config where config_name = any($1::text[])`,
  },
  'solution-group': {
    ids: true,
    sql: `select type::text as key, key as label, jsonb_build_object('type', type, 'key', key, 'title', ${both('title')},
        'desc', ${both('desc')}, 'value', ${both('value')}, 'intro', ${both('intro')}, 'img', img) as record
      from solution_group where type = any($1::int[])`,
  },
  'site-page': {
    ids: false,
    sql: `select key, key as label, jsonb_build_object('key', key, 'title', ${both('title')},
        'summary', ${both('summary')}, 'sections', sections) as record
      from site_page where key = any($1::text[])`,
  },
} as const;

/** The kinds of record an editor writes. */
export type RecordEntity = keyof typeof READS;

/** A record as its save takes it, and what a person knows it by. */
export interface RecordSnapshot {
  label: string;
  record: Record<string, unknown>;
}

/** The records of one kind with these keys (ids, or names), by key as text; absent keys have none. */
export async function readRecords(
  tx: Queryable,
  entity: RecordEntity,
  keys: readonly (string | number)[],
): Promise<Map<string, RecordSnapshot>> {
  if (keys.length === 0) return new Map();
  const read = READS[entity];
  const values: unknown[] = read.ids ? keys.map(Number) : keys.map(String);
  const rows = await tx.query<{ key: string; label: string; record: Record<string, unknown> | string }>(read.sql, [
    [...new Set(values)],
  ]);
  return new Map(
    rows.map((row) => [
      row.key,
      { label: row.label, record: typeof row.record === 'string' ? JSON.parse(row.record) : row.record },
    ]),
  );
}

/** One record, or undefined when there is none. */
export async function readRecord(
  tx: Queryable,
  entity: RecordEntity,
  key: string | number,
): Promise<RecordSnapshot | undefined> {
  return (await readRecords(tx, entity, [key])).get(String(key));
}
