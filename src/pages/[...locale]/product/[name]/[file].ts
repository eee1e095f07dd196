import type { APIRoute, GetStaticPaths } from 'astro';
import type { Curve } from '#api/curves.ts';
import { digestOf, entryDigest } from '#data/cache-key.ts';
import { getProducts, inLocale, localeFromParam, localeParams } from '#data/catalogue.ts';
import { curveCsv, curveFiles } from '#data/curves.ts';
import { sideFileResponse } from '#data/side-body.ts';

// `/product/{name}/{part number}-{kind}.csv`: the points of each of a product's curves, beside its page in
// each language (the header names the columns in the page's language), made at build time and written
// beside the pages as the payloads are (src/build/finish/side-files.ts); a product's record keys them.
export const getStaticPaths = (async () => {
  const products = await getProducts();
  return localeParams().flatMap((params) => {
    const locale = localeFromParam(params.locale);
    return products.flatMap((entry) => {
      const product = inLocale(entry, locale);
      return curveFiles(product).map((file, index) => ({
        params: { ...params, name: product.slug, file },
        props: { curve: product.curves[index] },
        cacheKey: digestOf([file, index, entryDigest(entry, locale)]),
      }));
    });
  });
}) satisfies GetStaticPaths;

export const GET: APIRoute = ({ params, props }) =>
  sideFileResponse(
    curveCsv((props as { curve: Curve }).curve, localeFromParam(params.locale)),
    'text/csv; charset=utf-8',
  );
