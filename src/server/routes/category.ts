import type { Hono } from 'hono';
import { categoryElectAll, categoryItem, categoryList, categoryPage } from '#api/category.ts';
import { categoryTree, electCategories, getCategory, pageCategories } from '../db/categories.ts';
import type { Db } from '../db/index.ts';
import { pageCategoryProducts } from '../db/products.ts';
import { ApiError } from '../errors.ts';
import type { ReadCache } from '../read-cache.ts';
import { handleRead } from '../router.ts';

export function categoryRoutes(app: Hono, db: Db, reads: ReadCache | undefined): void {
  handleRead(app, db, reads, categoryList, (_input, { language }) => categoryTree(db, language));
  handleRead(app, db, reads, categoryPage, (input, { language }) => pageCategories(db, language, input));
  handleRead(app, db, reads, categoryItem, async (input, { language }) => {
    const category = await getCategory(db, language, input.id);
    if (!category) throw new ApiError(404, 'api.notFound', { thing: 'category', id: input.id });
    return { ...category, products: await pageCategoryProducts(db, language, input.id, input) };
  });
  handleRead(app, db, reads, categoryElectAll, (_input, { language }) => electCategories(db, language));
}
