import type { Hono } from 'hono';
import { favoriteDelete, favoritePage, favoriteSave } from '#api/shop.ts';
import type { Db } from '../db/index.ts';
import { addFavourite, pageFavourites, removeFavourite } from '../db/shop.ts';
import { handleAuthed } from '../router.ts';

export function favoriteRoutes(app: Hono, db: Db): void {
  handleAuthed(app, db, favoritePage, (input, { language, client }) => pageFavourites(db, language, client.id, input));
  handleAuthed(app, db, favoriteSave, ({ productId }, { language, client }) =>
    addFavourite(db, language, client.id, productId),
  );
  handleAuthed(app, db, favoriteDelete, async ({ productId }, { client }) => {
    await removeFavourite(db, client.id, productId);
    return null;
  });
}
