import type { CategoryRecord } from '#api/category.ts';
import type { ArticleDetail } from '#api/news.ts';
import type { ProductDetail } from '#api/product.ts';
import type { Locale } from '#i18n/index.ts';
import { COMPARE_PAGE_SIZE, LIST_PAGE_SIZE, pageCount, pagePath, pageSlice } from '#lib/paging.ts';
import { BuildMemo } from './build-memo.ts';
import { collectionDigest, digestOf, pageKey, productDigests } from './cache-key.ts';
import { categoryTrail, getArticles, getCategories, getProducts, inLocale, localeFromParam } from './catalogue.ts';

/** The three views of every category, by their path segment. */
export const CATEGORY_VIEWS = ['top', 'list', 'detail'] as const;
export type CategoryView = (typeof CATEGORY_VIEWS)[number];

/** Things on a page of each view: the list and the comparison are paged, the overview is one page. */
const PAGE_SIZE: Record<CategoryView, number> = {
  top: Number.POSITIVE_INFINITY,
  list: LIST_PAGE_SIZE,
  detail: COMPARE_PAGE_SIZE,
};

/** How many pages a view of a category with `products` products has. */
const viewPages = (view: CategoryView, products: number): number =>
  view === 'top' ? 1 : pageCount(products, PAGE_SIZE[view]);

/**
 * getStaticPaths entries of a category view in every locale, keyed by what each page shows: the first
 * pages (`[name].astro`) or the further pages of the paged views (`[name]/[page].astro`).
 */
export async function categoryPaths(
  localeParams: { locale: string | undefined }[],
  view: CategoryView,
  which: 'first' | 'rest' = 'first',
) {
  const categories = await getCategories();
  const entries = await Promise.all(
    localeParams.flatMap((params) =>
      categories.map(async (entry) => {
        const locale = localeFromParam(params.locale);
        const { products } = await categoryData(entry.en.id, locale);
        const pages = viewPages(view, products.length);
        const numbers = which === 'first' ? [1] : Array.from({ length: pages - 1 }, (_, i) => i + 2);
        return Promise.all(
          numbers.map(async (page) => ({
            params: { ...params, name: entry.en.slug, ...(which === 'rest' && { page: String(page) }) },
            props: { id: entry.en.id, page },
            cacheKey: await categoryKey(entry.en.id, locale, view, page),
          })),
        );
      }),
    ),
  );
  return entries.flat();
}

/** A category page's key: its view of the category and the digests of the products (and articles) the page shows. */
async function categoryKey(id: number, locale: Locale, view: CategoryView, page: number): Promise<string> {
  const shown = await categoryPage(id, locale, view, page);
  const digests = await productDigests(locale);
  const { products, pageProducts, articles, ...rest } = shown;
  return pageKey(
    locale,
    rest,
    products.length,
    pageProducts.map((product) => digests.get(product.id)),
    articles.map((article) => article.id),
    view === 'detail' ? await collectionDigest('articles', locale) : undefined,
  );
}

interface CategoryData {
  category: CategoryRecord;
  categories: CategoryRecord[];
  /** The products of the category and every category under it, in the API's order. */
  products: ProductDetail[];
  /** What the overview shows: up to 8 new or featured products, or the first 8 when none is. */
  highlights: ProductDetail[];
  /** The comparison's columns, over all the products. */
  columns: string[];
  /** The articles about the category or a category under it with products, up to 6. */
  articles: ArticleDetail[];
}

const dataMemo = new BuildMemo<string, Promise<CategoryData>>();

const subtreeMemo = new BuildMemo<Locale, Promise<Map<number, ProductDetail[]>>>();

/**
 * The products of each category and every category under it in a locale, in the API's order, made in one
 * pass over the products once per build (each product goes to its category and those above it): not a
 * pass a category, which at 10,000 products and 40 categories was 800,000 records looked at.
 */
function subtreeProducts(locale: Locale): Promise<Map<number, ProductDetail[]>> {
  let made = subtreeMemo.get(locale);
  if (!made) {
    made = (async () => {
      const categories = (await getCategories()).map((entry) => inLocale(entry, locale));
      const above = new Map(categories.map((c) => [c.id, categoryTrail(c.id, categories).map((t) => t.id)]));
      const byCategory = new Map<number, ProductDetail[]>();
      for (const entry of await getProducts()) {
        const product = inLocale(entry, locale);
        for (const id of above.get(product.categoryId) ?? []) {
          const list = byCategory.get(id);
          if (list) list.push(product);
          else byCategory.set(id, [product]);
        }
      }
      return byCategory;
    })();
    subtreeMemo.set(locale, made);
  }
  return made;
}

/** A category and the products of its subtree in a locale, found once per build (many pages show them). */
function categoryData(id: number, locale: Locale): Promise<CategoryData> {
  const memoKey = `${id}:${locale}`;
  let data = dataMemo.get(memoKey);
  if (!data) {
    data = (async () => {
      const categories = (await getCategories()).map((entry) => inLocale(entry, locale));
      const category = categories.find((c) => c.id === id);
      if (!category) throw new Error(`Build stopped: category ${id} vanished during the build.`);
      const products = (await subtreeProducts(locale)).get(id) ?? [];
      const highlighted = products.filter((p) => p.isFeatured || p.isNew);
      const withProducts = new Set(products.map((p) => p.categoryId));
      const articles = (await getArticles())
        .map((entry) => inLocale(entry, locale))
        .filter((a) => a.productSeries.id === category.id || withProducts.has(a.productSeries.id))
        .slice(0, 6);
      return {
        category,
        categories,
        products,
        highlights: (highlighted.length > 0 ? highlighted : products).slice(0, 8),
        columns: compareColumns(products),
        articles,
      };
    })();
    dataMemo.set(memoKey, data);
  }
  return data;
}

/** The specification labels the comparison shows: those most products of the category share, in their first order. */
function compareColumns(products: ProductDetail[]): string[] {
  const labelCounts = new Map<string, number>();
  for (const product of products) {
    for (const attribute of product.attributes) {
      labelCounts.set(attribute.label, (labelCounts.get(attribute.label) ?? 0) + 1);
    }
  }
  return [...labelCounts]
    .filter(([, count]) => count >= Math.max(2, Math.ceil(products.length / 2)))
    .map(([label]) => label)
    .slice(0, 6);
}

/**
 * What a category page shows: the category, its trail, children and siblings, and of the products of its
 * subtree those on this page (the overview: up to 8 new or featured ones); the comparison also its columns
 * and the articles about the category.
 */
export async function categoryPage(id: number, locale: Locale, view: CategoryView, page = 1) {
  const { category, categories, products, highlights, columns, articles } = await categoryData(id, locale);
  const trail = categoryTrail(id, categories).map((c: CategoryRecord, index, all) => ({
    name: c.name,
    path: index === all.length - 1 ? undefined : `/category/${c.parentId === null ? 'top' : 'list'}/${c.slug}`,
  }));
  const pages = viewPages(view, products.length);
  const pageProducts = view === 'top' ? highlights : pageSlice(products, page, PAGE_SIZE[view]);
  const base = `/category/${view}/${category.slug}`;
  return {
    category,
    trail,
    children: categories.filter((c) => c.parentId === id),
    siblings: categories.filter((c) => c.parentId !== null && c.parentId === category.parentId),
    products,
    pageProducts,
    columns: view === 'detail' ? columns : [],
    articles: view === 'detail' ? articles : [],
    page,
    pages,
    /** The view's own path (its first page). */
    base,
    path: pagePath(base, page),
  };
}

/** The digest of a category's whole product list in a locale: the key of its finder data. */
export async function categoryProductsKey(id: number, locale: Locale): Promise<string> {
  const { products } = await categoryData(id, locale);
  const digests = await productDigests(locale);
  return digestOf([locale, products.map((product) => digests.get(product.id))]);
}

/** Products the HTML sitemap names under each category: the first page's worth, with how many there are. */
export async function sitemapProducts(locale: Locale): Promise<Map<number, { shown: ProductDetail[]; count: number }>> {
  const byCategory = new Map<number, ProductDetail[]>();
  for (const entry of await getProducts()) {
    const product = inLocale(entry, locale);
    const list = byCategory.get(product.categoryId) ?? [];
    list.push(product);
    byCategory.set(product.categoryId, list);
  }
  return new Map(
    [...byCategory].map(([id, products]) => [id, { shown: products.slice(0, LIST_PAGE_SIZE), count: products.length }]),
  );
}
