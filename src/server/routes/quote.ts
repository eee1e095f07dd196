import type { Hono } from 'hono';
import { quoteCreate, quotePage, quotePdf as quotePdfCall } from '#api/quote.ts';
import type { Db } from '../db/index.ts';
import { createQuoteFromCart, getQuote, pageQuotes } from '../db/quotes.ts';
import { salesEmail } from '../db/site.ts';
import { ApiError } from '../errors.ts';
import { type Outbox, queueMail } from '../mail/outbox.ts';
import { quoteMail, salesQuoteMail } from '../mail/templates.ts';
import { quoteCompany, quoteFileName, quotePdf } from '../quote/document.ts';
import { handleAuthed } from '../router.ts';

export function quoteRoutes(app: Hono, { db, outbox }: { db: Db; outbox: Outbox }): void {
  handleAuthed(app, db, quotePage, (input, { language, customer }) => pageQuotes(db, language, customer.id, input));

  // One transaction: the quote, its lines and both emails (each with the PDF, made when it is sent), or none.
  handleAuthed(app, db, quoteCreate, async (_input, { language, customer }) => {
    const quote = await db.transaction(async (tx) => {
      const quote = await createQuoteFromCart(tx, language, customer.id);
      const sales = await salesEmail(tx);
      if (sales) await queueMail(tx, salesQuoteMail(sales, quote), { quoteId: quote.id });
      await queueMail(tx, quoteMail(quote), { quoteId: quote.id });
      return quote;
    });
    outbox.kick();
    return quote;
  });

  handleAuthed(app, db, quotePdfCall, async ({ id }, { customer }) => {
    const quote = await getQuote(db, id, customer.id);
    if (!quote) throw new ApiError(404, 'api.notFound', { thing: 'quote', id });
    const bytes = quotePdf(quote, await quoteCompany(db, quote.language));
    return { fileName: quoteFileName(quote), base64: Buffer.from(bytes).toString('base64') };
  });
}
