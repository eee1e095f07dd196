import type { Hono } from 'hono';
import { orderPage, orderSubmit } from '#api/shop.ts';
import { getClientInfo } from '../auth/session.ts';
import type { Db } from '../db/index.ts';
import { createOrderFromCart, pageOrders } from '../db/orders.ts';
import { salesEmail } from '../db/site.ts';
import { type Outbox, queueMail } from '../mail/outbox.ts';
import { orderConfirmationMail, salesOrderMail } from '../mail/templates.ts';
import { handleAuthed } from '../router.ts';

export function orderRoutes(app: Hono, { db, outbox }: { db: Db; outbox: Outbox }): void {
  handleAuthed(app, db, orderPage, (input, { language, client }) => pageOrders(db, language, client.id, input));

  // One transaction: the order and its lines, the emptied cart and both emails, or none of them.
  handleAuthed(app, db, orderSubmit, async ({ addressId, remark }, { language, client }) => {
    const order = await db.transaction(async (tx) => {
      const order = await createOrderFromCart(tx, language, client.id, { addressId, remark });
      const customer = await getClientInfo(tx, client.id);
      const sales = await salesEmail(tx);
      if (sales) await queueMail(tx, salesOrderMail(sales, customer, order));
      await queueMail(tx, orderConfirmationMail(language, customer, order));
      return order;
    });
    outbox.kick();
    return order;
  });
}
