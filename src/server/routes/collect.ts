import type { Hono } from 'hono';
import { newsCollectDelete, newsCollectPage, newsCollectSave } from '#api/shop.ts';
import type { Db } from '../db/index.ts';
import { pageSavedArticles, saveArticle, unsaveArticle } from '../db/shop.ts';
import { handleAuthed } from '../router.ts';

/** Saved articles (the contract calls them news collect). */
export function collectRoutes(app: Hono, db: Db): void {
  handleAuthed(app, db, newsCollectPage, (input, { language, client }) =>
    pageSavedArticles(db, language, client.id, input),
  );
  handleAuthed(app, db, newsCollectSave, ({ newsId }, { language, client }) =>
    saveArticle(db, language, client.id, newsId),
  );
  handleAuthed(app, db, newsCollectDelete, async ({ newsId }, { client }) => {
    await unsaveArticle(db, client.id, newsId);
    return null;
  });
}
