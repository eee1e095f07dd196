import type { ArticleInput } from '#api/editor-fields.ts';
import { sanitizeBody } from '#lib/sanitize.server.ts';
import { slugify } from '#lib/slug.ts';
import { ApiError } from '#server/errors.ts';
import { categoryIdOf, type Edit } from './edit.ts';
import { readRecord } from './records.ts';

/** Creates an article, or updates the one with `id`; the body is stored cleaned, as it is served. */
export async function saveArticle(
  { tx, audit }: Edit,
  input: ArticleInput,
  at = '',
): Promise<{ id: number; created: boolean }> {
  const seriesId = await categoryIdOf(tx, input.productSeries, `${at}productSeries`);
  const values = [
    input.kind,
    input.contentType,
    seriesId,
    slugify(input.title.en),
    input.author.en,
    input.author.zh,
    input.title.en,
    input.title.zh,
    input.summary.en,
    input.summary.zh,
    sanitizeBody(input.body.en),
    sanitizeBody(input.body.zh),
    input.publishedAt,
    input.published ?? null,
  ];
  const note = (id: number, before?: Record<string, unknown>) =>
    audit.push({ action: 'save', entity: 'article', key: id, label: input.title.en, before, detail: input });
  if (input.id !== undefined) {
    const before = await readRecord(tx, 'article', input.id);
    const rows = await tx.query(
      `update article set kind = $1, content_type = $2, product_series_id = $3, slug = $4, author_en = $5,
         author_zh = $6, title_en = $7, title_zh = $8, summary_en = $9, summary_zh = $10, body_en = $11,
         body_zh = $12, published_at = $13, published = coalesce($14, published), updated_at = now()
       where id = $15 returning id`,
      [...values, input.id],
    );
    if (rows.length === 0) throw new ApiError(404, 'api.notFound', { thing: 'article', id: input.id });
    note(input.id, before?.record);
    return { id: input.id, created: false };
  }
  const [row] = await tx.query<{ id: number }>(
    `insert into article (kind, content_type, product_series_id, slug, author_en, author_zh, title_en, title_zh,
       summary_en, summary_zh, body_en, body_zh, published_at, published)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, coalesce($14, true)) returning id`,
    values,
  );
  note(row?.id as number);
  return { id: row?.id as number, created: true };
}
