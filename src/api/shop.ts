import * as v from 'valibot';
import { defineCall, Id, Image, LanguageField, PageFields, page, Timestamp } from './common.ts';
import { optionalText, Quantity } from './fields.ts';
import { ArticleRecord } from './news.ts';
import { ProductSummary } from './product.ts';

/**
 * What a cart line shows of its product (SPEC.md: a product is id, name and small image) and the slug
 * its link needs. The line itself carries part number, price and ship date, so the cart page, asked
 * for on every page a customer opens, is not weighed down by the product card's other fields.
 */
const CartProduct = v.object({ id: Id, name: v.string(), slug: v.string(), smallImage: Image });

/** A cart line: one per product; adding the product again adds to its quantity. */
export const CartLine = v.object({
  productId: Id,
  partNumber: v.string(),
  quantity: v.number(),
  unitPrice: v.number(),
  total: v.number(),
  currency: v.string(),
  shipDate: v.pipe(v.string(), v.isoDate()),
  product: CartProduct,
  addedAt: Timestamp,
});
export type CartLine = v.InferOutput<typeof CartLine>;

const PageRequest = v.object({ language: LanguageField, ...PageFields });

export const cartPage = defineCall({
  method: 'POST',
  path: '/shop/cart/page',
  tag: 'cart',
  summary: "The customer's cart lines, newest first.",
  request: PageRequest,
  response: page(CartLine),
});

export const cartSave = defineCall({
  method: 'POST',
  path: '/shop/cart/save',
  tag: 'cart',
  summary: 'Adds a product to the cart (quantity default 1); a product already there gains the quantity.',
  request: v.object({ language: LanguageField, productId: Id, quantity: v.optional(Quantity, 1) }),
  response: CartLine,
});

export const cartUpdate = defineCall({
  method: 'POST',
  path: '/shop/cart/update',
  tag: 'cart',
  summary: 'Sets the quantity of a product in the cart.',
  request: v.object({ language: LanguageField, productId: Id, quantity: Quantity }),
  response: CartLine,
});

/** The most lines one call adds to the cart (a quick order's list, a quote or order to reorder). */
const MAX_CART_LINES_ADDED = 200;

export const cartSaveLines = defineCall({
  method: 'POST',
  path: '/shop/cart/save-lines',
  tag: 'cart',
  summary:
    'Adds up to 200 products to the cart in one step (a quick order, a reorder); a product already there gains the quantity, up to 999. Every product must be on sale, or none is added. Answers the whole cart.',
  request: v.object({
    language: LanguageField,
    lines: v.pipe(
      v.array(v.object({ productId: Id, quantity: Quantity }), 'validation.quickOrderLines'),
      v.minLength(1, 'validation.quickOrderLines'),
      v.maxLength(MAX_CART_LINES_ADDED, 'validation.quickOrderLines'),
    ),
  }),
  response: v.array(CartLine),
});

export const cartDelete = defineCall({
  method: 'POST',
  path: '/shop/cart/delete',
  tag: 'cart',
  summary: 'Removes a product from the cart.',
  request: v.object({ language: LanguageField, productId: Id }),
  response: v.null(),
});

export const Favourite = v.object({ productId: Id, product: ProductSummary, createdAt: Timestamp });
export type Favourite = v.InferOutput<typeof Favourite>;

export const favouritePage = defineCall({
  method: 'POST',
  path: '/favorite/page',
  tag: 'favorite',
  summary: "The customer's favourite products, newest first.",
  request: PageRequest,
  response: page(Favourite),
});

export const favouriteSave = defineCall({
  method: 'POST',
  path: '/favorite/save',
  tag: 'favorite',
  summary: 'Saves a product as a favourite (once per product).',
  request: v.object({ language: LanguageField, productId: Id }),
  response: Favourite,
});

export const favouriteDelete = defineCall({
  method: 'POST',
  path: '/favorite/delete',
  tag: 'favorite',
  summary: 'Removes a product from the favourites.',
  request: v.object({ language: LanguageField, productId: Id }),
  response: v.null(),
});

export const SavedArticle = v.object({ newsId: Id, article: ArticleRecord, createdAt: Timestamp });
export type SavedArticle = v.InferOutput<typeof SavedArticle>;

export const savedArticlePage = defineCall({
  method: 'POST',
  path: '/news/collect/page',
  tag: 'news',
  summary: "The customer's saved articles, newest first.",
  request: PageRequest,
  response: page(SavedArticle),
});

export const savedArticleSave = defineCall({
  method: 'POST',
  path: '/news/collect/save',
  tag: 'news',
  summary: 'Saves an article (once per article).',
  request: v.object({ language: LanguageField, newsId: Id }),
  response: SavedArticle,
});

export const savedArticleDelete = defineCall({
  method: 'POST',
  path: '/news/collect/delete',
  tag: 'news',
  summary: 'Removes an article from the saved ones.',
  request: v.object({ language: LanguageField, newsId: Id }),
  response: v.null(),
});

export const ORDER_STATUSES = ['submitted', 'quoted', 'confirmed', 'shipped', 'completed', 'cancelled'] as const;
export const OrderStatus = v.picklist(ORDER_STATUSES);
export type OrderStatus = v.InferOutput<typeof OrderStatus>;

/** A line of an order request: the product, quantity and price as they were when it was submitted. */
export const OrderLine = v.object({
  productId: Id,
  partNumber: v.string(),
  name: v.string(),
  quantity: v.number(),
  unitPrice: v.number(),
  total: v.number(),
});

export const Order = v.object({
  id: Id,
  orderNo: v.string(),
  status: OrderStatus,
  remark: v.string(),
  /** The address as it was when the order was submitted. */
  address: v.object({
    name: v.string(),
    contactNumber: v.string(),
    address: v.string(),
    postalCode: v.string(),
    country: v.string(),
  }),
  lines: v.array(OrderLine),
  total: v.number(),
  currency: v.string(),
  createdAt: Timestamp,
});
export type Order = v.InferOutput<typeof Order>;

export const orderPage = defineCall({
  method: 'POST',
  path: '/order/page',
  tag: 'order',
  summary: "The customer's orders, newest first.",
  request: PageRequest,
  response: page(Order),
});

export const orderSubmit = defineCall({
  method: 'POST',
  path: '/order/submit',
  tag: 'order',
  summary:
    'Submits the cart as an order request to one of the customer’s addresses; the cart empties and sales is emailed.',
  request: v.object({ language: LanguageField, addressId: Id, remark: optionalText(1000, { multiline: true }) }),
  response: Order,
});
