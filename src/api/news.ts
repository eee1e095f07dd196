import * as v from 'valibot';
import { defineCall, Id, IdRequest, LanguageField, PageFields, page, Timestamp } from './common.ts';
import { CONTENT_TYPES } from './content-types.ts';

const ArticleKind = v.picklist(['knowledge', 'news']);
export const ContentType = v.picklist(CONTENT_TYPES);
export type ContentType = v.InferOutput<typeof ContentType>;

export const ArticleRecord = v.object({
  id: Id,
  kind: ArticleKind,
  contentType: ContentType,
  title: v.string(),
  slug: v.string(),
  summary: v.string(),
  author: v.string(),
  productSeries: v.object({ id: Id, name: v.string(), slug: v.string() }),
  publishedAt: v.pipe(v.string(), v.isoDate()),
  updatedAt: Timestamp,
});
export type ArticleRecord = v.InferOutput<typeof ArticleRecord>;

export const ArticleDetail = v.object({
  ...ArticleRecord.entries,
  /** Sanitised HTML. */
  body: v.string(),
});
export type ArticleDetail = v.InferOutput<typeof ArticleDetail>;

export const newsPage = defineCall({
  method: 'POST',
  path: '/news/page',
  tag: 'news',
  summary: 'Knowledge and news articles a page at a time, newest first, as full records.',
  request: v.object({
    language: LanguageField,
    ...PageFields,
    kind: v.optional(ArticleKind),
    contentType: v.optional(ContentType),
  }),
  response: page(ArticleDetail),
});

export const newsItem = defineCall({
  method: 'POST',
  path: '/news/item',
  tag: 'news',
  summary: 'One article with its body.',
  request: IdRequest,
  response: ArticleDetail,
});
