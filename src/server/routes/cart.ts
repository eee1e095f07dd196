import type { Hono } from 'hono';
import { cartDelete, cartPage, cartSave, cartUpdate } from '../../api/shop.ts';
import type { Db } from '../db/index.ts';
import { addToCart, pageCart, removeFromCart, setCartQuantity } from '../db/shop.ts';
import { handleAuthed } from '../router.ts';

export function cartRoutes(app: Hono, db: Db): void {
  handleAuthed(app, db, cartPage, (input, { language, client }) => pageCart(db, language, client.id, input));
  handleAuthed(app, db, cartSave, ({ productId, quantity }, { language, client }) =>
    addToCart(db, language, client.id, productId, quantity),
  );
  handleAuthed(app, db, cartUpdate, ({ productId, quantity }, { language, client }) =>
    setCartQuantity(db, language, client.id, productId, quantity),
  );
  handleAuthed(app, db, cartDelete, async ({ productId }, { client }) => {
    await removeFromCart(db, client.id, productId);
    return null;
  });
}
