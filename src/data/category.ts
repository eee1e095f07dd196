import type { CategoryRecord } from '../api/category.ts';
import type { ProductDetail } from '../api/product.ts';
import type { Locale } from '../i18n/index.ts';
import { collectionDigest, pageKey, productDigests } from './cache-key.ts';
import {
  categoryAndDescendants,
  categoryTrail,
  getCategories,
  getProducts,
  inLocale,
  localeFromParam,
} from './catalogue.ts';

/** The three views of every category, by their path segment. */
export const CATEGORY_VIEWS = ['top', 'list', 'detail'] as const;
export type CategoryView = (typeof CATEGORY_VIEWS)[number];

/** getStaticPaths entries of a category view: every category, in every locale, keyed by what it shows. */
export async function categoryPaths(localeParams: { locale: string | undefined }[], view: CategoryView) {
  const categories = await getCategories();
  return Promise.all(
    localeParams.flatMap((params) =>
      categories.map(async (entry) => ({
        params: { ...params, name: entry.en.slug },
        props: { id: entry.en.id },
        cacheKey: await categoryKey(entry.en.id, localeFromParam(params.locale), view),
      })),
    ),
  );
}

/** A category page's key: its view of the category and the products of its subtree (the detail view also lists articles). */
async function categoryKey(id: number, locale: Locale, view: CategoryView): Promise<string> {
  const { products, ...shown } = await categoryPage(id, locale, view);
  const digests = await productDigests(locale);
  const articles = view === 'detail' ? await collectionDigest('articles', locale) : undefined;
  return pageKey(
    locale,
    shown,
    products.map((product) => digests.get(product.id)),
    articles,
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
