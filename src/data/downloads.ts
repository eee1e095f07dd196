import type { ProductDetail } from '#api/product.ts';
import type { Locale } from '#i18n/index.ts';
import { DOWNLOADS_PAGE_SIZE, pageCount, pageSlice } from '#lib/paging.ts';
import { BuildMemo } from './build-memo.ts';
import { digestOf, pageKey } from './cache-key.ts';
import { getProducts, inLocale, localeFromParam, localeParams } from './catalogue.ts';

// The downloads list (`/downloads`, `/downloads/{page}`): the products that have downloads, a hundred to
// a page, so the page stays small at any catalogue size (issue 17).

const memo = new BuildMemo<Locale, Promise<ProductDetail[]>>();

/** The products with downloads in a locale, in the API's order, found once per build. */
function productsWithDownloads(locale: Locale): Promise<ProductDetail[]> {
  let products = memo.get(locale);
  if (!products) {
    products = getProducts().then((entries) =>
      entries.map((entry) => inLocale(entry, locale)).filter((p) => p.resources.length > 0),
    );
    memo.set(locale, products);
  }
  return products;
}

/** A page of the downloads list: its products and how many pages there are. */
export async function downloadsPage(locale: Locale, page: number) {
  const products = await productsWithDownloads(locale);
  return {
    products: pageSlice(products, page, DOWNLOADS_PAGE_SIZE),
    pages: pageCount(products.length, DOWNLOADS_PAGE_SIZE),
  };
}

/** getStaticPaths entries of the first page (`downloads.astro`) or the further ones (`downloads/[page].astro`). */
export async function downloadsPaths(which: 'first' | 'rest') {
  const entries = await Promise.all(
    localeParams().map(async (params) => {
      const locale = localeFromParam(params.locale);
      const { pages } = await downloadsPage(locale, 1);
      const numbers = which === 'first' ? [1] : Array.from({ length: pages - 1 }, (_, i) => i + 2);
      return Promise.all(
        numbers.map(async (page) => {
          const shown = await downloadsPage(locale, page);
          const rows = shown.products.map(({ slug, name, partNumber, resources }) => [
            slug,
            name,
            partNumber,
            resources,
          ]);
          return {
            params: { ...params, ...(which === 'rest' && { page: String(page) }) },
            props: { page },
            cacheKey: await pageKey(locale, page, shown.pages, digestOf(rows)),
          };
        }),
      );
    }),
  );
  return entries.flat();
}
