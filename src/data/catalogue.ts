import { getCollection, getEntry } from 'astro:content';
import type { CategoryNode, CategoryRecord } from '#api/category.ts';
import type { Language } from '#api/common.ts';
import type { ArticleDetail } from '#api/news.ts';
import type { SitePage, SitePageKey, SlugChange } from '#api/pages.ts';
import type { ProductDetail } from '#api/product.ts';
import type { SolutionDetail, SolutionGroup } from '#api/solutions.ts';
import type { ConfigItem } from '#api/system.ts';
import { LOCALES, type Locale, languageOf } from '#i18n/index.ts';
import { parseMetaJson } from '#lib/meta.ts';
import type { Bilingual } from './bilingual.ts';
import { loadedProducts } from './products/loader.ts';

// Typed, read-only views of the build-time collections (content.config.ts) for pages.

export interface SiteData {
  tree: CategoryNode[];
  config: Record<string, string>;
  meta: Record<string, string>;
  groups: SolutionGroup[];
  solutions: Pick<SolutionDetail, 'id' | 'type' | 'title' | 'slug'>[];
  pages: SitePage[];
  redirects: SlugChange[];
}

/** The site data made from each entry's data: every page asks for it, once a build is enough. */
const sites = new WeakMap<object, Readonly<SiteData>>();

/** The navigation tree, settings and page meta in one language (shared by the pages: not to be changed). */
export async function getSite(locale: Locale): Promise<Readonly<SiteData>> {
  const entry = await getEntry('site', languageOf(locale));
  if (!entry) throw new Error(`Build stopped: no site data for ${locale}.`);
  let site = sites.get(entry.data);
  if (!site) {
    const data = entry.data as Omit<SiteData, 'config'> & { config: ConfigItem[] };
    const config = Object.freeze(
      Object.fromEntries(data.config.map((item) => [item.configName, item.configValue])),
    ) as Record<string, string>;
    site = Object.freeze({ ...data, config });
    sites.set(entry.data, site);
  }
  return site;
}

/** Each page key's meta, parsed once (`metaOf`), by its JSON. */
const metas = new Map<string, Readonly<Record<string, string>>>();

/** The meta of a page key as a camelCase map (`og:title` becomes `ogTitle`); shared, not to be changed. */
export function metaOf(site: SiteData, page: string): Readonly<Record<string, string>> {
  const json = site.meta[page] ?? site.meta.home ?? '[]';
  let meta = metas.get(json);
  if (!meta) {
    meta = Object.freeze(parseMetaJson(json));
    // A handful of page kinds in two languages; bounded all the same.
    if (metas.size < 256) metas.set(json, meta);
  }
  return meta;
}

async function bilingual<T>(collection: 'categories' | 'solutions' | 'articles'): Promise<Bilingual<T>[]> {
  return (await getCollection(collection)).map((entry) => entry.data as unknown as Bilingual<T>);
}

/** Every category in both languages. */
export const getCategories = () => bilingual<CategoryRecord>('categories');

/** Every published product in both languages, as the products loader left them (decision 0029). */
export async function getProducts(): Promise<Bilingual<ProductDetail>[]> {
  const products = loadedProducts();
  if (!products) throw new Error('Build stopped: the products were not loaded (the products loader did not run).');
  return products;
}

/** Every solution in both languages. */
export const getSolutions = () => bilingual<SolutionDetail>('solutions');

/** Every knowledge and news article in both languages, newest first. */
export const getArticles = () => bilingual<ArticleDetail>('articles');

/** A fixed site page (about, faq, …) in one language. */
export function sitePage(site: SiteData, key: SitePageKey): SitePage {
  const page = site.pages.find((p) => p.key === key);
  if (!page) throw new Error(`Build stopped: the API has no site page "${key}".`);
  return page;
}

/** The record for a language out of a bilingual entry. */
export const inLocale = <T>(entry: Bilingual<T>, locale: Locale): T => entry[languageOf(locale) as Language];

/** getStaticPaths params for every locale: bare for English, `zh-CN` for Chinese. */
export function localeParams(): { locale: string | undefined }[] {
  return LOCALES.map((locale) => ({ locale: locale === 'en' ? undefined : locale }));
}

/** The locale a page is built for, from its `locale` param. */
export function localeFromParam(param: string | undefined): Locale {
  return param === 'zh-CN' ? 'zh-CN' : 'en';
}

/** The ids of a category and of every category under it. */
export function categoryAndDescendants(id: number, categories: { id: number; parentId: number | null }[]): Set<number> {
  const ids = new Set([id]);
  let grew = true;
  while (grew) {
    grew = false;
    for (const category of categories) {
      if (category.parentId !== null && ids.has(category.parentId) && !ids.has(category.id)) {
        ids.add(category.id);
        grew = true;
      }
    }
  }
  return ids;
}

/** The trail of categories from the top down to the given one. */
export function categoryTrail<T extends { id: number; parentId: number | null }>(id: number, categories: T[]): T[] {
  const byId = new Map(categories.map((category) => [category.id, category]));
  const trail: T[] = [];
  for (
    let current = byId.get(id);
    current;
    current = current.parentId === null ? undefined : byId.get(current.parentId)
  ) {
    trail.unshift(current);
    if (trail.length > 32) break;
  }
  return trail;
}
