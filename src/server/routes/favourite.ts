import type { Hono } from 'hono';
import { favouriteDelete, favouritePage, favouriteSave } from '#api/shop.ts';
import { addFavourite, pageFavourites, removeFavourite } from '../db/favourites.ts';
import type { Db } from '../db/index.ts';
import { handleAuthed } from '../router.ts';

export function favouriteRoutes(app: Hono, db: Db): void {
  handleAuthed(app, db, favouritePage, (input, { language, client }) => pageFavourites(db, language, client.id, input));
  handleAuthed(app, db, favouriteSave, ({ productId }, { language, client }) =>
    addFavourite(db, language, client.id, productId),
  );
  handleAuthed(app, db, favouriteDelete, async ({ productId }, { client }) => {
    await removeFavourite(db, client.id, productId);
    return null;
  });
}
