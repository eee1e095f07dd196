import type { Hono } from 'hono';
import { newsItem, newsPage } from '#api/news.ts';
import { getArticle, pageArticles } from '../db/articles.ts';
import type { Db } from '../db/index.ts';
import { ApiError } from '../errors.ts';
import type { ReadCache } from '../read-cache.ts';
import { handleRead } from '../router.ts';

export function newsRoutes(app: Hono, db: Db, reads: ReadCache | undefined): void {
  handleRead(app, db, reads, newsPage, (input, { language }) => pageArticles(db, language, input));
  handleRead(app, db, reads, newsItem, async (input, { language }) => {
    const article = await getArticle(db, language, input.id);
    if (!article) throw new ApiError(404, 'api.notFound', { thing: 'article', id: input.id });
    return article;
  });
}
