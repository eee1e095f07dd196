import type { Hono } from 'hono';
import { favouriteDelete, favouritePage, favouriteSave } from '#api/shop.ts';
import { addFavourite, pageFavourites, removeFavourite } from '../db/favourites.ts';
import type { Db } from '../db/index.ts';
import { handleAuthed } from '../router.ts';

export function favouriteRoutes(app: Hono, db: Db): void {
  handleAuthed(app, db, favouritePage, (input, { language, customer }) =>
    pageFavourites(db, language, customer.id, input),
  );
  handleAuthed(app, db, favouriteSave, ({ productId }, { language, customer }) =>
    addFavourite(db, language, customer.id, productId),
  );
  handleAuthed(app, db, favouriteDelete, async ({ productId }, { customer }) => {
    await removeFavourite(db, customer.id, productId);
    return null;
  });
}
