import type { SeedCatalogue } from '../types.ts';
import { articles } from './articles.ts';
import { categories } from './categories.ts';
import { demoCurves } from './curves.ts';
import { pages } from './pages.ts';
import { products } from './products.ts';
import { config, meta } from './site.ts';
import { solutionGroups, solutions } from './solutions.ts';

const curves = demoCurves();

export const catalogue: SeedCatalogue = {
  categories,
  products: products.map((product) => {
    const own = curves[product.partNumber];
    return own ? { ...product, curves: own } : product;
  }),
  solutionGroups,
  solutions,
  articles,
  config,
  meta,
  pages,
};
