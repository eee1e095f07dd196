import { type Locale, localePath } from '#i18n/index.ts';
import type { Bilingual } from './bilingual.ts';
import { BuildMemo } from './build-memo.ts';
import {
  getArticles,
  getCategories,
  getProducts,
  getSite,
  getSolutions,
  localeFromParam,
  localeParams,
} from './catalogue.ts';
import { digestOf, entryDigest, listedDigest } from './entry-digest.ts';

export { digestOf, entryDigest };

// The incremental build's page keys (`experimental.incrementalBuild`, set by src/build/integration/, DESIGN.md section 8).
// Astro reuses a page from the last build when its template code is unchanged and its `cacheKey` from
// getStaticPaths() is the same; so a page's key digests everything the page shows that does not come
// from code: the site data every page shows in its header and footer (navigation, settings, meta, fixed
// pages) in its locale, plus the page's own data, as the page itself computes it. A page that shows a
// whole collection (home, sitemap, feeds) digests that collection. Too much in a key costs a needless
// render; too little would publish a stale page, so when in doubt a key takes more.

/** Raise to re-render every page once, when what the keys cover changes. */
const KEY_VERSION = 2;

const memo = new BuildMemo<string, Promise<string>>();
function once(name: string, make: () => Promise<string>): Promise<string> {
  let digest = memo.get(name);
  if (!digest) {
    digest = make();
    memo.set(name, digest);
  }
  return digest;
}

const collections = {
  products: getProducts,
  categories: getCategories,
  solutions: getSolutions,
  articles: getArticles,
} as const;
export type CollectionName = keyof typeof collections;

/** The digest of a whole collection in one locale (its entries' digests, in order), made once per build. */
export function collectionDigest(name: CollectionName, locale: Locale): Promise<string> {
  return once(`${name}:${locale}`, async () =>
    digestOf(((await collections[name]()) as Bilingual<unknown>[]).map((entry) => entryDigest(entry, locale))),
  );
}

const productDigestMaps = new BuildMemo<Locale, Promise<Map<number, string>>>();
/** What lists show of each product in a locale (`listedDigest`) by id, made once per build: list pages key on these. */
export function productDigests(locale: Locale): Promise<Map<number, string>> {
  let digests = productDigestMaps.get(locale);
  if (!digests) {
    digests = getProducts().then(
      (entries) => new Map(entries.map((entry) => [entry.en.id, listedDigest(entry, locale)])),
    );
    productDigestMaps.set(locale, digests);
  }
  return digests;
}

/**
 * The digest of what every page in a locale shows around its content, made once per build. The category
 * tree counts by its top categories only, and the solutions not at all: the header's panels get the
 * subcategories and the solutions from `/menu.json` when first wanted (src/browser/menu-children.ts), so
 * renaming one re-renders the pages that show it, not every page (decision 0082). A page that shows the
 * subcategories keys on `treeDigest` too; one that lists the solutions, on `solutionListDigest`.
 */
export function siteDigest(locale: Locale): Promise<string> {
  return once(`site:${locale}`, async () => {
    const { solutions: _solutions, ...site } = await getSite(locale);
    const tops = site.tree.map(({ children: _children, ...top }) => top);
    // The footer's copyright shows the year.
    return digestOf([new Date().getUTCFullYear(), { ...site, tree: tops }]);
  });
}

/** The digest of the site's list of solutions in a locale (titles, links, groups): for the pages that list them. */
export function solutionListDigest(locale: Locale): Promise<string> {
  return once(`solutions-list:${locale}`, async () => digestOf((await getSite(locale)).solutions));
}

/** The digest of the whole category tree in a locale, children and all: for the pages that show them. */
export function treeDigest(locale: Locale): Promise<string> {
  return once(`tree:${locale}`, async () => digestOf((await getSite(locale)).tree));
}

/** A page's key: the site's digest in its locale and the page's own data (any JSON values). */
export async function pageKey(locale: Locale, ...parts: unknown[]): Promise<string> {
  return pageKeyOn(await siteDigest(locale), locale, ...parts);
}

/** `pageKey` with the site's digest in the locale (`siteDigest`) at hand. */
export function pageKeyOn(site: string, locale: Locale, ...parts: unknown[]): string {
  return digestOf([KEY_VERSION, localePath(locale, '/'), site, parts]);
}

/**
 * getStaticPaths entries for a page that exists once per locale, keyed by the site data and by what
 * `parts` answers for the locale (say, a collection's digest for a page that lists it).
 */
export function keyedLocalePaths(parts: (locale: Locale) => Promise<unknown[]> | unknown[] = () => []) {
  return Promise.all(
    localeParams().map(async (params) => {
      const locale = localeFromParam(params.locale);
      return { params, cacheKey: await pageKey(locale, ...(await parts(locale))) };
    }),
  );
}
