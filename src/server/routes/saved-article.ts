import type { Hono } from 'hono';
import { savedArticleDelete, savedArticlePage, savedArticleSave } from '#api/shop.ts';
import type { Db } from '../db/index.ts';
import { addSavedArticle, pageSavedArticles, removeSavedArticle } from '../db/saved-articles.ts';
import { handleAuthed } from '../router.ts';

/** Saved articles (the contract calls them news collect). */
export function savedArticleRoutes(app: Hono, db: Db): void {
  handleAuthed(app, db, savedArticlePage, (input, { language, customer }) =>
    pageSavedArticles(db, language, customer.id, input),
  );
  handleAuthed(app, db, savedArticleSave, ({ newsId }, { language, customer }) =>
    addSavedArticle(db, language, customer.id, newsId),
  );
  handleAuthed(app, db, savedArticleDelete, async ({ newsId }, { customer }) => {
    await removeSavedArticle(db, customer.id, newsId);
    return null;
  });
}
