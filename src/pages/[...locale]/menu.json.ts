import type { APIRoute, GetStaticPaths } from 'astro';
import { keyedLocalePaths, treeDigest } from '#data/cache-key.ts';
import { getSite, localeFromParam } from '#data/catalogue.ts';
import { localePath } from '#i18n/index.ts';
import type { MenuTree } from '#lib/menu.ts';

// `/menu.json`: the children of each top category, which the header's Products panel shows under it once
// it is first opened (src/browser/menu-children.ts). Kept out of the pages, so that renaming a subcategory
// re-renders only the pages that show it (decision 0082). The panel finds a top category by its link.
export const getStaticPaths = (() =>
  keyedLocalePaths(async (locale) => [await treeDigest(locale)])) satisfies GetStaticPaths;

export const GET: APIRoute = async ({ params }) => {
  const locale = localeFromParam(params.locale);
  const link = (path: string) => localePath(locale, path);
  const body: MenuTree = (await getSite(locale)).tree.map((top) => ({
    href: link(`/category/top/${top.slug}`),
    children: top.children.map((child) => ({ href: link(`/category/list/${child.slug}`), name: child.name })),
  }));
  return new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json; charset=utf-8' } });
};
