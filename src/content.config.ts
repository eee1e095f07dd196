import { defineCollection } from 'astro:content';
import { categoryList, categoryPage } from '#api/category.ts';
import type { Language } from '#api/common.ts';
import { newsPage } from '#api/news.ts';
import { sitePageList, slugHistory } from '#api/pages.ts';
import { solutionsGroups, solutionsPage } from '#api/solutions.ts';
import { systemConfigList, systemConfigMeta } from '#api/system.ts';
import { pairLanguages } from '#data/bilingual.ts';
import { recordedLoad } from '#data/collection-loads.ts';
import { callAllPages, callApi } from '#data/fetch.server.ts';
import { productsLoader } from '#data/products/loader.ts';

// One loader per collection, each reading the API in bulk (full pages of full records) in both
// languages; pages query these collections and never call the API themselves. Products, the one
// large collection, load incrementally from the change feed (src/data/products/loader.ts).

// `astro check` syncs collections only for their types; the typecheck script sets CATALOGUE_OFFLINE
// so it needs no running API. The storefront integration refuses to build with it set.
const offline = process.env.CATALOGUE_OFFLINE === '1';

/** Fetches the same records in English and Chinese and pairs them by id. */
async function bothLanguages<T extends { id: number }>(load: (language: Language) => Promise<T[]>) {
  if (offline) return [];
  const [en, zh] = await Promise.all([load('en'), load('zh')]);
  return pairLanguages(en, zh);
}

/** Page keys whose meta the site reads from /system/config/meta. */
export const META_PAGES = ['home', 'category', 'product', 'solutions', 'knowledge', 'about', 'search', 'contact'];

const categories = defineCollection({
  loader: recordedLoad('categories', () => bothLanguages((language) => callAllPages(categoryPage, { language }))),
});

const products = defineCollection({ loader: productsLoader({ offline }) });

const solutions = defineCollection({
  loader: recordedLoad('solutions', () => bothLanguages((language) => callAllPages(solutionsPage, { language }))),
});

const articles = defineCollection({
  loader: recordedLoad('articles', () => bothLanguages((language) => callAllPages(newsPage, { language }))),
});

/** Everything every page shares, one entry per language: navigation, settings, meta, fixed pages. */
const site = defineCollection({
  loader: recordedLoad('site', async () => {
    if (offline) return [];
    const redirects = await callApi(slugHistory, {});
    return Promise.all(
      (['en', 'zh'] as const).map(async (language) => {
        const [tree, config, groups, solutionList, pages, ...meta] = await Promise.all([
          callApi(categoryList, { language }),
          callApi(systemConfigList, { language }),
          callApi(solutionsGroups, { language }),
          callAllPages(solutionsPage, { language }),
          callApi(sitePageList, { language }),
          ...META_PAGES.map((pageHome) => callApi(systemConfigMeta, { language, pageHome })),
        ]);
        return {
          id: language,
          tree,
          config,
          groups,
          solutions: solutionList.map(({ id, type, title, slug }) => ({ id, type, title, slug })),
          pages,
          redirects,
          meta: Object.fromEntries(meta.map((m) => [m.pageHome, m.metaJson])),
        };
      }),
    );
  }),
});

export const collections = { categories, products, solutions, articles, site };
