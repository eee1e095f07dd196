import type { Hono } from 'hono';
import { orderPage, orderSubmit } from '#api/shop.ts';
import { getCustomerInfo } from '../auth/session.ts';
import type { Db } from '../db/index.ts';
import { createOrderFromCart, pageOrders } from '../db/orders.ts';
import { salesEmail } from '../db/site.ts';
import { type Outbox, queueMail } from '../mail/outbox.ts';
import { orderConfirmationMail, salesOrderMail } from '../mail/templates.ts';
import { handleAuthed } from '../router.ts';

export function orderRoutes(app: Hono, { db, outbox }: { db: Db; outbox: Outbox }): void {
  handleAuthed(app, db, orderPage, (input, { language, customer }) => pageOrders(db, language, customer.id, input));

  // One transaction: the order and its lines, the emptied cart and both emails, or none of them.
  handleAuthed(app, db, orderSubmit, async ({ addressId, remark }, { language, customer }) => {
    const order = await db.transaction(async (tx) => {
      const order = await createOrderFromCart(tx, language, customer.id, { addressId, remark });
      const info = await getCustomerInfo(tx, customer.id);
      const sales = await salesEmail(tx);
      if (sales) await queueMail(tx, salesOrderMail(sales, info, order));
      await queueMail(tx, orderConfirmationMail(language, info, order));
      return order;
    });
    outbox.kick();
    return order;
  });
}
