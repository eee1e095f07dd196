import type { CategoryRecord } from '#api/category.ts';
import type { ProductDetail } from '#api/product.ts';
import { LOCALES, type Locale, localePath } from '#i18n/index.ts';
import { pagePath } from '#lib/paging.ts';
import type { Bilingual } from './bilingual.ts';
import { BuildMemo } from './build-memo.ts';
import { entryDigest } from './cache-key.ts';
import { getArticles, getCategories, getProducts, getSite, getSolutions, inLocale } from './catalogue.ts';
import { CATEGORY_VIEWS, categoryPage } from './category.ts';
import { downloadsPage } from './downloads.ts';
import { EntryMemo } from './entry-memo.ts';

/** The policy and FAQ pages under /files/. */
export const FILE_PAGES = ['faq', 'data', 'terms', 'cookie', 'privacy'] as const;

/** The account area's child pages; the empty one is the account home (profile). */
export const ACCOUNT_SECTIONS = ['', 'cart', 'order', 'quotes', 'saved', 'address'] as const;

/** One prebuilt page (in every locale): its path without the locale, what it is, and what changed when. */
export interface RouteEntry {
  path: string;
  kind: string;
  /** In the sitemap (shells of forms and the account are not). */
  indexed: boolean;
  lastmod?: string;
  /** The page's data for `{path}/_payload.json`. */
  payload(locale: Locale): Promise<unknown>;
  /** A digest of that data, when one is made anyway (an entry's: cache-key.ts), for the payload's key. */
  payloadDigest?(locale: Locale): string;
}

const fixed = (path: string, kind: string, indexed = true): RouteEntry => ({
  path,
  kind,
  indexed,
  payload: async () => ({}),
});

/** A record's page (a product, a solution, an article) at `{prefix}{slug}`: its payload is the record. */
const recordRoute =
  (prefix: string, kind: string) =>
  (entry: Bilingual<{ slug: string; updatedAt: string }>): RouteEntry => ({
    path: `${prefix}${entry.en.slug}`,
    kind,
    indexed: true,
    lastmod: entry.en.updatedAt,
    payload: async (locale: Locale) => inLocale(entry, locale),
    payloadDigest: (locale: Locale) => entryDigest(entry, locale),
  });

const productRoute = recordRoute('/product/', 'product');

/**
 * Each product's route entry, the same object while the product is (entry-memo.ts): what is made of it
 * (its payload's path, its sitemap entries) is kept with it.
 */
const productRoutes = new EntryMemo<Bilingual<ProductDetail>, RouteEntry>();

/**
 * Every page the build makes, from the same collections the pages read; the sitemap, the payload
 * files and the build manifest come from this list.
 */
export function allRoutes(): Promise<RouteEntry[]> {
  let routes = routesOfBuild.get('all');
  if (!routes) {
    routes = makeRoutes();
    routesOfBuild.set('all', routes);
  }
  return routes;
}

/** The list, made once a build: the payloads, the sitemap files, the index and the manifest share it. */
const routesOfBuild = new BuildMemo<'all', Promise<RouteEntry[]>>();

async function makeRoutes(): Promise<RouteEntry[]> {
  const [categories, products, solutions, articles, site] = await Promise.all([
    getCategories(),
    getProducts(),
    getSolutions(),
    getArticles(),
    getSite('en'),
  ]);
  const siteIn = async (locale: Locale) => getSite(locale);
  return [
    {
      path: '/',
      kind: 'home',
      indexed: true,
      payload: async (locale) => ({ tree: (await siteIn(locale)).tree }),
    },
    {
      path: '/about',
      kind: 'page',
      indexed: true,
      payload: async (locale) => (await siteIn(locale)).pages.find((p) => p.key === 'about'),
    },
    ...FILE_PAGES.map((key) => ({
      path: `/files/${key}`,
      kind: 'page',
      indexed: true,
      payload: async (locale: Locale) => (await siteIn(locale)).pages.find((p) => p.key === key),
    })),
    ...(['help', 'downloads'] as const).map((key) => ({
      path: `/${key}`,
      kind: 'page',
      indexed: true,
      payload: async (locale: Locale) => (await siteIn(locale)).pages.find((p) => p.key === key),
    })),
    ...(await downloadsRoutes()),
    fixed('/sitemap', 'sitemap'),
    {
      path: '/solutions',
      kind: 'solutions',
      indexed: true,
      payload: async (locale) => {
        const s = await siteIn(locale);
        return { groups: s.groups, solutions: s.solutions };
      },
    },
    ...site.groups.map((group) => ({
      path: `/solutions/${group.key}`,
      kind: 'solution-group',
      indexed: true,
      payload: async (locale: Locale) => {
        const s = await siteIn(locale);
        return {
          group: s.groups.find((g) => g.type === group.type),
          solutions: s.solutions.filter((x) => x.type === group.type),
        };
      },
    })),
    ...solutions.map(recordRoute('/solutions/', 'solution')),
    {
      path: '/knowledge',
      kind: 'knowledge',
      indexed: true,
      payload: async (locale) =>
        articles.map((entry) => {
          const { body: _body, ...record } = inLocale(entry, locale);
          return record;
        }),
    },
    ...articles.map(recordRoute('/knowledge/', 'article')),
    ...(await categoryRoutes(categories)),
    ...products.map((entry) => productRoutes.get(entry, '', '', () => productRoute(entry))),
    fixed('/search', 'search', false),
    fixed('/contact', 'contact'),
    fixed('/contact/success', 'contact-success', false),
    fixed('/register', 'register', false),
    fixed('/register/success', 'register-success', false),
    fixed('/forgot', 'forgot', false),
    fixed('/newsletter', 'newsletter', false),
    fixed('/quick-order', 'quick-order', false),
    ...ACCOUNT_SECTIONS.map((section) => fixed(section ? `/account/${section}` : '/account', 'account', false)),
  ];
}

/** Every page of every category view: the overview, and each page of the list and the comparison. */
async function categoryRoutes(categories: Bilingual<CategoryRecord>[]): Promise<RouteEntry[]> {
  const routes: RouteEntry[] = [];
  for (const view of CATEGORY_VIEWS) {
    for (const entry of categories) {
      const { pages } = await categoryPage(entry.en.id, 'en', view);
      for (let page = 1; page <= pages; page++) {
        routes.push({
          path: pagePath(`/category/${view}/${entry.en.slug}`, page),
          kind: `category-${view}`,
          indexed: true,
          lastmod: entry.en.updatedAt,
          payload: async (locale: Locale) => {
            const shown = await categoryPage(entry.en.id, locale, view, page);
            return {
              category: inLocale(entry, locale),
              ...(view !== 'top' && { page, pages }),
              productIds: shown.pageProducts.map((product) => product.id),
            };
          },
        });
      }
    }
  }
  return routes;
}

/** The downloads list's pages after the first (the first is the site page `/downloads`). */
async function downloadsRoutes(): Promise<RouteEntry[]> {
  const { pages } = await downloadsPage('en', 1);
  return Array.from({ length: pages - 1 }, (_, i) => i + 2).map((page) => ({
    path: pagePath('/downloads', page),
    kind: 'page',
    indexed: true,
    payload: async (locale: Locale) => ({
      page,
      pages,
      productIds: (await downloadsPage(locale, page)).products.map((product) => product.id),
    }),
  }));
}

/** The redirect rules from renamed records' old slugs to their current pages, in every locale. */
export async function redirectRules(): Promise<Record<string, string>> {
  const site = await getSite('en');
  const prefixes: Record<string, string[]> = {
    product: ['/product/'],
    category: CATEGORY_VIEWS.map((view) => `/category/${view}/`),
    solution: ['/solutions/'],
    article: ['/knowledge/'],
  };
  const rules: Record<string, string> = {};
  for (const change of site.redirects) {
    for (const prefix of prefixes[change.kind] ?? []) {
      for (const locale of LOCALES) {
        rules[localePath(locale, `${prefix}${change.oldSlug}`)] = localePath(locale, `${prefix}${change.slug}`);
      }
    }
  }
  return rules;
}
