import * as v from 'valibot';
import { defineCall, Id, LanguageField } from './common.ts';

/** The most lines one quick order matches in one call (and the page keeps). */
export const QUICK_ORDER_MAX_LINES = 200;

/** What a line says of the product it matched, or of a candidate. */
export const PartProduct = v.object({
  id: Id,
  partNumber: v.string(),
  name: v.string(),
  slug: v.string(),
  unitPrice: v.number(),
  currency: v.string(),
  /** The expected ship date of the line's quantity (ISO date). */
  shipDate: v.pipe(v.string(), v.isoDate()),
  stock: v.number(),
});
export type PartProduct = v.InferOutput<typeof PartProduct>;

const PART_STATUSES = ['ok', 'unknown', 'ambiguous', 'discontinued', 'overLimit'] as const;

/**
 * One line's match: `ok` one product on sale; `unknown` nothing like it; `ambiguous` several products
 * (or one a typo away) to pick from in `candidates`; `discontinued` a product no longer sold; `overLimit`
 * a product matched but more than a cart line holds.
 */
export const PartMatch = v.object({
  partNumber: v.string(),
  quantity: v.number(),
  status: v.picklist(PART_STATUSES),
  product: v.nullable(PartProduct),
  candidates: v.array(PartProduct),
});
export type PartMatch = v.InferOutput<typeof PartMatch>;

const PartLine = v.object({
  partNumber: v.pipe(
    v.string('validation.linePartNumber'),
    v.trim(),
    v.minLength(1, 'validation.linePartNumber'),
    v.maxLength(64, 'validation.linePartNumber'),
  ),
  quantity: v.pipe(
    v.number('validation.lineQuantity'),
    v.integer('validation.lineQuantity'),
    v.minValue(1, 'validation.lineQuantity'),
    v.maxValue(1_000_000, 'validation.lineQuantity'),
  ),
});

export const productMatchParts = defineCall({
  method: 'POST',
  path: '/product/match-parts',
  tag: 'product',
  summary:
    'Matches up to 200 lines of part number and quantity (case, dashes, O/0 and I/1 forgiven), each with its product, price, ship date and status, in the order sent.',
  request: v.object({
    language: LanguageField,
    lines: v.pipe(
      v.array(PartLine, 'validation.quickOrderLines'),
      v.minLength(1, 'validation.quickOrderLines'),
      v.maxLength(QUICK_ORDER_MAX_LINES, 'validation.quickOrderLines'),
    ),
  }),
  response: v.array(PartMatch),
});
