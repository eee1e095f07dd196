import type { Hono } from 'hono';
import { productItem, productPage } from '#api/product.ts';
import type { Db } from '../db/index.ts';
import { getProduct, pageProducts } from '../db/products.ts';
import { ApiError } from '../errors.ts';
import { handle } from '../router.ts';

export function productRoutes(app: Hono, db: Db): void {
  handle(app, db, productItem, async (input, { language }) => {
    const product = await getProduct(db, language, input.id);
    if (!product) throw new ApiError(404, 'api.notFound', { thing: 'product', id: input.id });
    return product;
  });
  handle(app, db, productPage, (input, { language }) => pageProducts(db, language, input));
}
