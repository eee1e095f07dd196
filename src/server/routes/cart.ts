import type { Hono } from 'hono';
import { reorderPreview } from '#api/reorder.ts';
import { cartDelete, cartPage, cartSave, cartSaveLines, cartUpdate } from '#api/shop.ts';
import { addLinesToCart, addToCart, pageCart, removeFromCart, setCartQuantity } from '../db/cart.ts';
import type { Db } from '../db/index.ts';
import { reorderPreview as previewReorder } from '../db/reorder.ts';
import { handleAuthed, handleInSession } from '../router.ts';

// The cart calls check the session in their own statement (handleInSession): they are what every
// page of a logged-in customer, and every add to cart, costs.
export function cartRoutes(app: Hono, db: Db): void {
  handleInSession(app, db, cartPage, (input, { language, session }) => pageCart(db, language, session, input));
  handleInSession(app, db, cartSave, ({ productId, quantity }, { language, session }) =>
    addToCart(db, language, session, productId, quantity),
  );
  // Rare and many lines: one transaction, so a list goes in whole or not at all.
  handleAuthed(app, db, cartSaveLines, ({ lines }, { language, customer }) =>
    db.transaction((tx) => addLinesToCart(tx, language, customer.id, lines)),
  );
  handleAuthed(app, db, reorderPreview, ({ source, id }, { language, customer }) =>
    previewReorder(db, language, customer.id, source, id),
  );
  handleInSession(app, db, cartUpdate, ({ productId, quantity }, { language, session }) =>
    setCartQuantity(db, language, session, productId, quantity),
  );
  handleInSession(app, db, cartDelete, async ({ productId }, { session }) => {
    await removeFromCart(db, session, productId);
    return null;
  });
}
