import type { Hono } from 'hono';
import { newsItem, newsPage } from '#api/news.ts';
import { getArticle, pageArticles } from '../db/articles.ts';
import type { Db } from '../db/index.ts';
import { ApiError } from '../errors.ts';
import { handle } from '../router.ts';

export function newsRoutes(app: Hono, db: Db): void {
  handle(app, db, newsPage, (input, { language }) => pageArticles(db, language, input));
  handle(app, db, newsItem, async (input, { language }) => {
    const article = await getArticle(db, language, input.id);
    if (!article) throw new ApiError(404, 'api.notFound', { thing: 'article', id: input.id });
    return article;
  });
}
