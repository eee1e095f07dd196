import * as v from 'valibot';
import { defineCall, Id, LanguageField, PageFields, page, Timestamp } from './common.ts';
import { OrderLine } from './shop.ts';

/** How long a quote's prices hold, in days from the day it is made. */
export const QUOTE_VALID_DAYS = 30;

/** A line of a quote: the product, quantity, price and ship date as they were when it was made. */
const QuoteLine = v.object({ ...OrderLine.entries, shipDate: v.pipe(v.string(), v.isoDate()) });

/** A formal quote: numbered, frozen at the moment it was made, valid for 30 days. */
export const Quote = v.object({
  id: Id,
  quoteNo: v.string(),
  /** The language it was asked for in: its PDF's and its emails'. */
  language: v.picklist(['en', 'zh']),
  customer: v.object({ name: v.string(), email: v.string(), contactNumber: v.string() }),
  lines: v.array(QuoteLine),
  total: v.number(),
  currency: v.string(),
  createdAt: Timestamp,
  validUntil: v.pipe(v.string(), v.isoDate()),
});
export type Quote = v.InferOutput<typeof Quote>;

export const quoteCreate = defineCall({
  method: 'POST',
  path: '/quote/create',
  tag: 'quote',
  summary:
    'Turns the cart into a numbered formal quote (prices and ship dates frozen, valid 30 days) and emails it, with its PDF, to the customer and sales. The cart stays as it is.',
  request: v.object({ language: LanguageField }),
  response: Quote,
});

export const quotePage = defineCall({
  method: 'POST',
  path: '/quote/page',
  tag: 'quote',
  summary: "The customer's quotes, newest first.",
  request: v.object({ language: LanguageField, ...PageFields }),
  response: page(Quote),
});

export const quotePdf = defineCall({
  method: 'POST',
  path: '/quote/pdf',
  tag: 'quote',
  summary:
    "One of the customer's quotes as a PDF in the language it was made in (base64), with the company's details and terms.",
  request: v.object({ language: LanguageField, id: Id }),
  response: v.object({ fileName: v.string(), base64: v.string() }),
});
