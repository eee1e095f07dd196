import * as v from 'valibot';
import { defineCall, Id, LanguageField } from './common.ts';

/**
 * What a line of a past order request or quote comes to today: `same`; `priceChanged`; `discontinued` (no
 * longer sold); `unavailable` (no longer in the catalogue). Only `same` and `priceChanged` lines go back
 * into the cart.
 */
const ReorderLine = v.object({
  productId: Id,
  partNumber: v.string(),
  name: v.string(),
  quantity: v.number(),
  status: v.picklist(['same', 'priceChanged', 'discontinued', 'unavailable']),
  before: v.object({
    unitPrice: v.number(),
    /** The ship date the quote gave (an order request gave none). */
    shipDate: v.nullable(v.pipe(v.string(), v.isoDate())),
  }),
  /** The product as it is sold today; null when it is not in the catalogue any more. */
  today: v.nullable(v.object({ unitPrice: v.number(), shipDate: v.pipe(v.string(), v.isoDate()), stock: v.number() })),
});
export type ReorderLine = v.InferOutput<typeof ReorderLine>;

export const reorderPreview = defineCall({
  method: 'POST',
  path: '/shop/reorder/preview',
  tag: 'cart',
  summary:
    "The lines of one of the customer's order requests or quotes as the catalogue has them today (price, ship date, discontinued), before they go back into the cart with /shop/cart/save-lines.",
  request: v.object({ language: LanguageField, source: v.picklist(['order', 'quote']), id: Id }),
  response: v.object({ currency: v.string(), lines: v.array(ReorderLine) }),
});
