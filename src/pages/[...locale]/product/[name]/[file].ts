import type { APIRoute, GetStaticPaths } from 'astro';
import type { Curve } from '#api/curves.ts';
import type { ProductDetail } from '#api/product.ts';
import type { Bilingual } from '#data/bilingual.ts';
import { digestOf, entryDigest } from '#data/cache-key.ts';
import { getProducts, inLocale, localeFromParam, localeParams } from '#data/catalogue.ts';
import { curveCsv, curveFiles } from '#data/curves.ts';
import { EntryMemo } from '#data/entry-memo.ts';
import { sideFileResponse } from '#data/side-body.ts';

// `/product/{name}/{part number}-{kind}.csv`: the points of each of a product's curves, beside its page in
// each language (the header names the columns in the page's language), made at build time and written
// beside the pages as the payloads are (src/build/finish/side-files.ts); a product's record keys them.
/** A product's CSV paths in a locale. */
function csvPaths(entry: Bilingual<ProductDetail>, params: { locale: string | undefined }) {
  const locale = localeFromParam(params.locale);
  const product = inLocale(entry, locale);
  return curveFiles(product).map((file, index) => ({
    params: { ...params, name: product.slug, file },
    props: { curve: product.curves[index] },
    cacheKey: digestOf([file, index, entryDigest(entry, locale)]),
  }));
}

/** Each product's CSV paths, kept from the last build while the product is the same (entry-memo.ts). */
const pathsOf = new EntryMemo<Bilingual<ProductDetail>, ReturnType<typeof csvPaths>>();

export const getStaticPaths = (async () => {
  const products = await getProducts();
  return localeParams().flatMap((params) =>
    products.flatMap((entry) => pathsOf.get(entry, String(params.locale), '', () => csvPaths(entry, params))),
  );
}) satisfies GetStaticPaths;

export const GET: APIRoute = ({ params, props }) =>
  sideFileResponse(
    curveCsv((props as { curve: Curve }).curve, localeFromParam(params.locale)),
    'text/csv; charset=utf-8',
  );
