import * as v from 'valibot';
import {
  defineCall,
  Id,
  IdRequest,
  Image,
  LanguageField,
  MAX_PAGE_SIZE,
  PageFields,
  page,
  Timestamp,
} from './common.ts';
import { Curve } from './curves.ts';

/** What a product card shows. */
export const ProductSummary = v.object({
  id: Id,
  name: v.string(),
  slug: v.string(),
  partNumber: v.string(),
  summary: v.string(),
  smallImage: Image,
  price: v.number(),
  currency: v.pipe(v.string(), v.regex(/^[A-Z]{3}$/, 'currency is an ISO 4217 code such as USD')),
  leadTimeDays: v.number(),
  stock: v.number(),
  isNew: v.boolean(),
  isFeatured: v.boolean(),
  categoryId: Id,
});
export type ProductSummary = v.InferOutput<typeof ProductSummary>;

export const Attribute = v.object({ label: v.string(), value: v.string(), unit: v.string() });
export type Attribute = v.InferOutput<typeof Attribute>;

const ProductOption = v.object({
  id: Id,
  name: v.string(),
  values: v.array(v.object({ id: Id, label: v.string(), priceDelta: v.number() })),
});

export const Resource = v.object({
  kind: v.picklist(['datasheet', 'manual', 'application-note', 'software']),
  title: v.string(),
  url: v.string(),
});
export type Resource = v.InferOutput<typeof Resource>;

/**
 * A product's picture: an Image, with its `width` and `height` in pixels when known (an editor's upload,
 * which the build does not make itself), so the page reserves its box. Apart from Image, which visitors'
 * scripts check in cards and carts: their bytes stay as they were.
 */
const ProductImage = v.object({
  ...Image.entries,
  width: v.optional(v.number()),
  height: v.optional(v.number()),
});
export type ProductImage = v.InferOutput<typeof ProductImage>;

/** Everything the product page shows. */
export const ProductDetail = v.object({
  ...ProductSummary.entries,
  description: v.string(),
  /** The editors' pictures, or the family's drawing when it has none. */
  images: v.array(ProductImage),
  /** Expected ship date if ordered today (ISO date); it may change with stock availability. */
  shipDate: v.pipe(v.string(), v.isoDate()),
  breadcrumbs: v.array(v.object({ id: Id, name: v.string(), slug: v.string() })),
  attributes: v.array(Attribute),
  options: v.array(ProductOption),
  alternatives: v.array(ProductSummary),
  related: v.array(ProductSummary),
  resources: v.array(Resource),
  /** Its performance curves, in the editors' order (none: an empty list). */
  curves: v.array(Curve),
  updatedAt: Timestamp,
});
export type ProductDetail = v.InferOutput<typeof ProductDetail>;

export const productItem = defineCall({
  method: 'POST',
  path: '/product/item',
  tag: 'product',
  summary: 'One published product with everything its page shows.',
  request: IdRequest,
  response: ProductDetail,
});

export const productPage = defineCall({
  method: 'POST',
  path: '/product/page',
  tag: 'product',
  summary: 'Published products a page at a time, as full records; for the build and for listings.',
  request: v.object({
    language: LanguageField,
    ...PageFields,
    categoryId: v.optional(Id),
    isNew: v.optional(v.boolean()),
    isFeatured: v.optional(v.boolean()),
    updatedSince: v.optional(Timestamp),
    /** Only these products (those of them published): how a build refreshes the ones that changed. */
    ids: v.optional(v.pipe(v.array(Id), v.maxLength(MAX_PAGE_SIZE))),
  }),
  response: page(ProductDetail),
});
