import type { APIRoute, GetStaticPaths } from 'astro';
import { keyedLocalePaths, solutionListDigest, treeDigest } from '#data/cache-key.ts';
import { getSite, localeFromParam } from '#data/catalogue.ts';
import { localePath } from '#i18n/index.ts';
import type { MenuPanels } from '#lib/menu.ts';

// `/menu.json`: the children of each top category and the solutions of each group, which the header's
// Products and Solutions panels show under them once first wanted (src/browser/menu-children.ts). Kept out
// of the pages, so that renaming a subcategory or a solution re-renders only the pages that show it
// (decision 0082). A panel finds its entries by its id, and each top entry by its link.
export const getStaticPaths = (() =>
  keyedLocalePaths(async (locale) => [
    await treeDigest(locale),
    await solutionListDigest(locale),
  ])) satisfies GetStaticPaths;

export const GET: APIRoute = async ({ params }) => {
  const locale = localeFromParam(params.locale);
  const link = (path: string) => localePath(locale, path);
  const site = await getSite(locale);
  const body: MenuPanels = {
    'panel-products': site.tree.map((top) => ({
      href: link(`/category/top/${top.slug}`),
      children: top.children.map((child) => ({ href: link(`/category/list/${child.slug}`), name: child.name })),
    })),
    'panel-solutions': site.groups.map((group) => ({
      href: link(`/solutions/${group.key}`),
      children: site.solutions
        .filter((solution) => solution.type === group.type)
        .map((solution) => ({ href: link(`/solutions/${solution.slug}`), name: solution.title })),
    })),
  };
  return new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json; charset=utf-8' } });
};
