import type { Language, Page } from '#api/common.ts';
import type { ArticleDetail, ArticleRecord } from '#api/news.ts';
import { sanitizeBody } from '#lib/sanitize.server.ts';
import { idSlug } from '#lib/slug.ts';
import type { Queryable } from './index.ts';
import { col, iso, toPage } from './rows.ts';

const isoDate = (value: unknown) =>
  value instanceof Date ? value.toISOString().slice(0, 10) : String(value).slice(0, 10);

/** A row of articleSelect. */
export interface ArticleRow {
  id: number;
  kind: 'knowledge' | 'news';
  content_type: ArticleRecord['contentType'];
  title: string;
  slug: string;
  summary: string;
  author: string;
  series_id: number;
  series_name: string;
  series_slug: string;
  published_at: string | Date;
  updated_at: string;
  body: string;
}

/** The columns of an article record without its body (article alias a, its series alias c). */
export const articleRecordColumns = (lang: Language) =>
  `a.id, a.kind, a.content_type, a.${col('title', lang)} as title, a.slug, a.${col('summary', lang)} as summary,
   a.${col('author', lang)} as author, c.id as series_id, c.${col('name', lang)} as series_name,
   c.slug as series_slug, a.published_at, a.updated_at`;

/** Selects published article rows (alias a) with their product series, texts in one language. */
const articleSelect = (lang: Language) => `
  select ${articleRecordColumns(lang)}, a.${col('body', lang)} as body
  from (select * from article where published) a join category c on c.id = a.product_series_id`;

export function toArticle(row: Omit<ArticleRow, 'body'>): ArticleRecord {
  return {
    id: row.id,
    kind: row.kind,
    contentType: row.content_type,
    title: row.title,
    slug: idSlug(row.id, row.slug),
    summary: row.summary,
    author: row.author,
    productSeries: { id: row.series_id, name: row.series_name, slug: idSlug(row.series_id, row.series_slug) },
    publishedAt: isoDate(row.published_at),
    updatedAt: iso(row.updated_at),
  };
}

export async function pageArticles(
  db: Queryable,
  lang: Language,
  filter: { pageNum: number; pageSize: number; kind?: string | undefined; contentType?: string | undefined },
): Promise<Page<ArticleDetail>> {
  const conditions: string[] = ['a.published'];
  const params: unknown[] = [];
  if (filter.kind) {
    params.push(filter.kind);
    conditions.push(`a.kind = $${params.length}`);
  }
  if (filter.contentType) {
    params.push(filter.contentType);
    conditions.push(`a.content_type = $${params.length}`);
  }
  const where = `where ${conditions.join(' and ')}`;
  const n = params.length;
  const rows = await db.query<ArticleRow>(
    `${articleSelect(lang)} ${where} order by a.published_at desc, a.id desc limit $${n + 1} offset $${n + 2}`,
    [...params, filter.pageSize, (filter.pageNum - 1) * filter.pageSize],
  );
  const [count] = await db.query<{ n: number }>(`select count(*)::int as n from article a ${where}`, params);
  const records = rows.map((row) => ({ ...toArticle(row), body: sanitizeBody(row.body) }));
  return toPage(records, count?.n ?? 0, filter.pageNum, filter.pageSize);
}

export async function getArticle(db: Queryable, lang: Language, id: number): Promise<ArticleDetail | undefined> {
  const [row] = await db.query<ArticleRow>(`${articleSelect(lang)} where a.id = $1`, [id]);
  return row ? { ...toArticle(row), body: sanitizeBody(row.body) } : undefined;
}
