import { categoryElectAll, categoryItem, categoryList, categoryPage } from './category.ts';
import type { Call } from './common.ts';
import { newsItem, newsPage } from './news.ts';
import { sitePageList, slugHistory } from './pages.ts';
import { productItem, productPage } from './product.ts';
import { solutionsGroups, solutionsItem, solutionsPage } from './solutions.ts';
import { systemConfigList, systemConfigMeta } from './system.ts';

/** Every call of the contract, in the order the OpenAPI document lists them. */
export const calls: Call[] = [
  categoryList,
  categoryPage,
  categoryItem,
  categoryElectAll,
  productItem,
  productPage,
  solutionsPage,
  solutionsItem,
  solutionsGroups,
  newsPage,
  newsItem,
  systemConfigList,
  systemConfigMeta,
  sitePageList,
  slugHistory,
];
