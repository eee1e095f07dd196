import type { CategoryRecord } from '../api/category.ts';
import type { ProductDetail } from '../api/product.ts';
import type { Locale } from '../i18n/index.ts';
import { categoryAndDescendants, categoryTrail, getCategories, getProducts, inLocale } from './catalogue.ts';

/** The three views of every category, by their path segment. */
export const CATEGORY_VIEWS = ['top', 'list', 'detail'] as const;
export type CategoryView = (typeof CATEGORY_VIEWS)[number];

/** getStaticPaths entries of a category view: every category, in every locale. */
export async function categoryPaths(localeParams: { locale: string | undefined }[]) {
  const categories = await getCategories();
  return localeParams.flatMap((params) =>
    categories.map((entry) => ({ params: { ...params, name: entry.en.slug }, props: { id: entry.en.id } })),
  );
}

/** What every category page shows: the category, its trail, children, and the products of its subtree. */
export async function categoryPage(id: number, locale: Locale, view: CategoryView) {
  const categories = (await getCategories()).map((entry) => inLocale(entry, locale));
  const category = categories.find((c) => c.id === id);
  if (!category) throw new Error(`Build stopped: category ${id} vanished during the build.`);
  const ids = categoryAndDescendants(id, categories);
  const products: ProductDetail[] = (await getProducts())
    .map((entry) => inLocale(entry, locale))
    .filter((p) => ids.has(p.categoryId));
  const trail = categoryTrail(id, categories).map((c: CategoryRecord, index, all) => ({
    name: c.name,
    path: index === all.length - 1 ? undefined : `/category/${c.parentId === null ? 'top' : 'list'}/${c.slug}`,
  }));
  return {
    category,
    trail,
    children: categories.filter((c) => c.parentId === id),
    siblings: categories.filter((c) => c.parentId !== null && c.parentId === category.parentId),
    products,
    path: `/category/${view}/${category.slug}`,
  };
}
