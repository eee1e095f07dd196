import type { ProductDetail } from '#api/product.ts';
import type { Bilingual } from './bilingual.ts';
import { entryDigest, pageKeyOn, siteDigest } from './cache-key.ts';
import { getProducts, localeFromParam, localeParams } from './catalogue.ts';
import { EntryMemo } from './entry-memo.ts';

type Entry = Bilingual<ProductDetail>;

/** A product page's getStaticPaths entry in a locale. */
function productPath(entry: Entry, params: { locale: string | undefined }, site: string) {
  const locale = localeFromParam(params.locale);
  return {
    params: { ...params, name: entry.en.slug },
    props: { entry },
    cacheKey: pageKeyOn(site, locale, entryDigest(entry, locale)),
  };
}

/** Each product's page paths, kept from the last build while the product and the site around it are the same. */
const pathsOf = new EntryMemo<Entry, ReturnType<typeof productPath>>();

/**
 * The product pages' getStaticPaths (src/pages/[...locale]/product/[name].astro): each product in each
 * locale, keyed by its record, which holds what else the page shows (breadcrumbs, related and
 * alternative cards), and by the site around it.
 */
export async function productPagePaths() {
  const products = await getProducts();
  const locales = localeParams();
  const sites = await Promise.all(locales.map((params) => siteDigest(localeFromParam(params.locale))));
  return locales.flatMap((params, at) => {
    const site = sites[at] as string;
    return products.map((entry) =>
      pathsOf.get(entry, String(params.locale), site, () => productPath(entry, params, site)),
    );
  });
}
