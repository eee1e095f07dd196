import type { Hono } from 'hono';
import { productItem, productPage } from '#api/product.ts';
import type { Db } from '../db/index.ts';
import { getProduct, pageProducts } from '../db/products.ts';
import { ApiError } from '../errors.ts';
import type { ReadCache } from '../read-cache.ts';
import { handleRead } from '../router.ts';

export function productRoutes(app: Hono, db: Db, reads: ReadCache | undefined): void {
  handleRead(app, db, reads, productItem, async (input, { language }) => {
    const product = await getProduct(db, language, input.id);
    if (!product) throw new ApiError(404, 'api.notFound', { thing: 'product', id: input.id });
    return product;
  });
  handleRead(app, db, reads, productPage, (input, { language }) => pageProducts(db, language, input));
}
