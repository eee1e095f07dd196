import type { APIRoute, GetStaticPaths } from 'astro';
import { finderProduct } from '#data/cards.ts';
import { getCategories, localeFromParam, localeParams } from '#data/catalogue.ts';
import { categoryPage, categoryProductsKey } from '#data/category.ts';
import { buildFacets, type FinderData } from '#lib/finder.ts';

// `/category/list/{name}/products.json`: every product of a category's subtree as its card and its
// specifications, with the finder's facets made here (sorting their choices would cost the browser its first
// Intl.Collator). The list's new, featured and help-me-choose views fetch it when the visitor opens one, so
// the list's pages stay small at any catalogue size (issue 17).
export const getStaticPaths = (async () => {
  const categories = await getCategories();
  return Promise.all(
    localeParams().flatMap((params) =>
      categories.map(async (entry) => ({
        params: { ...params, name: entry.en.slug },
        props: { id: entry.en.id },
        cacheKey: await categoryProductsKey(entry.en.id, localeFromParam(params.locale)),
      })),
    ),
  );
}) satisfies GetStaticPaths;

export const GET: APIRoute = async ({ params, props }) => {
  const locale = localeFromParam(params.locale);
  const { products } = await categoryPage((props as { id: number }).id, locale, 'list');
  const cards = await Promise.all(products.map((product) => finderProduct(product, locale)));
  const body: FinderData<Awaited<ReturnType<typeof finderProduct>>> = { facets: buildFacets(cards), products: cards };
  return new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json; charset=utf-8' } });
};
