import type { SeedCatalogue } from '../types.ts';
import { articles } from './articles.ts';
import { categories } from './categories.ts';
import { pages } from './pages.ts';
import { products } from './products.ts';
import { config, meta } from './site.ts';
import { solutionGroups, solutions } from './solutions.ts';

export const catalogue: SeedCatalogue = {
  categories,
  products,
  solutionGroups,
  solutions,
  articles,
  config,
  meta,
  pages,
};
