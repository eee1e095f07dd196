import { defineCollection } from 'astro:content';
import { categoryList, categoryPage } from './api/category.ts';
import { productPage } from './api/product.ts';
import { systemConfigList, systemConfigMeta } from './api/system.ts';
import { callAllPages, callApi } from './data/fetch.server.ts';

// One loader per collection, each reading the API in bulk (full pages of full records) in both
// languages; pages query these collections and never call the API themselves.

// `astro check` syncs collections only for their types; the typecheck script sets CATALOGUE_OFFLINE
// so it needs no running API. astro.config.mjs refuses to build with it set.
const offline = process.env.CATALOGUE_OFFLINE === '1';

/** Fetches the same call in English and Chinese and pairs the records by id. */
async function bothLanguages<T extends { id: number }>(load: (language: 'en' | 'zh') => Promise<T[]>) {
  if (offline) return [];
  const [en, zh] = await Promise.all([load('en'), load('zh')]);
  const zhById = new Map(zh.map((record) => [record.id, record]));
  return en.map((record) => {
    const other = zhById.get(record.id);
    if (!other) throw new Error(`Build stopped: record ${record.id} has no Chinese version.`);
    return { id: String(record.id), en: record, zh: other };
  });
}

const META_PAGES = ['home', 'category', 'product'] as const;

const categories = defineCollection({
  loader: () => bothLanguages((language) => callAllPages(categoryPage, { language })),
});

const products = defineCollection({
  loader: () => bothLanguages((language) => callAllPages(productPage, { language })),
});

const site = defineCollection({
  loader: async () =>
    offline
      ? []
      : Promise.all(
          (['en', 'zh'] as const).map(async (language) => {
            const [tree, config, ...meta] = await Promise.all([
              callApi(categoryList, { language }),
              callApi(systemConfigList, { language }),
              ...META_PAGES.map((pageHome) => callApi(systemConfigMeta, { language, pageHome })),
            ]);
            return {
              id: language,
              tree,
              config,
              meta: Object.fromEntries(meta.map((m) => [m.pageHome, m.metaJson])),
            };
          }),
        ),
});

export const collections = { categories, products, site };
