import type { Hono } from 'hono';
import { categoryElectAll, categoryItem, categoryList, categoryPage } from '#api/category.ts';
import { categoryTree, electCategories, getCategory, pageCategories } from '../db/categories.ts';
import type { Db } from '../db/index.ts';
import { pageCategoryProducts } from '../db/products.ts';
import { ApiError } from '../errors.ts';
import { handle } from '../router.ts';

export function categoryRoutes(app: Hono, db: Db): void {
  handle(app, db, categoryList, (_input, { language }) => categoryTree(db, language));
  handle(app, db, categoryPage, (input, { language }) => pageCategories(db, language, input));
  handle(app, db, categoryItem, async (input, { language }) => {
    const category = await getCategory(db, language, input.id);
    if (!category) throw new ApiError(404, 'api.notFound', { thing: 'category', id: input.id });
    return { ...category, products: await pageCategoryProducts(db, language, input.id, input) };
  });
  handle(app, db, categoryElectAll, (_input, { language }) => electCategories(db, language));
}
