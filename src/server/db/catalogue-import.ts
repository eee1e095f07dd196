import type { CatalogueFile, FileCategory } from '#api/catalogue-file.ts';
import type { CategoryInput } from '#api/editor-fields.ts';
import type { Actor } from '../auth/actor.ts';
import { saveArticle } from './editing/articles.ts';
import { saveCategory } from './editing/categories.ts';
import { editContent, refuseDuplicates } from './editing/edit.ts';
import { saveProducts } from './editing/products.ts';
import { saveConfig, saveMeta, saveSitePage } from './editing/site.ts';
import { saveSolution, saveSolutionGroup } from './editing/solutions.ts';
import type { Db } from './index.ts';

/** The categories of a catalogue file, nesting flattened, parents (top categories) first. */
function flattenCategories(nodes: FileCategory[], at: string): { input: CategoryInput; at: string }[] {
  const flat: { input: CategoryInput; at: string }[] = [];
  const walk = (list: FileCategory[], parent: string | undefined, path: string) =>
    list.forEach(({ children, ...node }, index) => {
      flat.push({ input: parent ? { ...node, parent } : node, at: `${path}${index}.` });
      if (children) walk(children, node.key, `${path}${index}.children.`);
    });
  walk(nodes, undefined, at);
  return [...flat.filter((item) => !item.input.parent), ...flat.filter((item) => item.input.parent)];
}

export type ImportCounts = Record<keyof CatalogueFile, { created: number; updated: number }>;

/**
 * Loads a catalogue file (the seed's shape, every part optional) in one transaction: categories by key
 * (nested children included), products by part number, solutions and articles by `id` or as new ones,
 * solution groups, settings, meta and fixed pages, each record into the audit trail as done by `actor`.
 * Answers how many of each were created and updated.
 */
export async function importCatalogue(db: Db, file: CatalogueFile, actor: Actor): Promise<ImportCounts> {
  const counts = Object.fromEntries(
    ['categories', 'products', 'solutionGroups', 'solutions', 'articles', 'config', 'meta', 'pages'].map((part) => [
      part,
      { created: 0, updated: 0 },
    ]),
  ) as ImportCounts;
  const count = (part: keyof CatalogueFile, created: boolean) => counts[part][created ? 'created' : 'updated']++;
  await editContent(db, actor, async (edit) => {
    const categories = flattenCategories(file.categories ?? [], 'categories.');
    refuseDuplicates(
      categories.map((item) => item.input.key),
      (index) => `${categories[index]?.at}key`,
    );
    for (const { input, at } of categories) count('categories', (await saveCategory(edit, input, at)).created);
    const products = file.products ?? [];
    for (const saved of await saveProducts(edit, products, (index) => `products.${index}.`))
      count('products', saved.created);
    for (const group of file.solutionGroups ?? []) count('solutionGroups', await saveSolutionGroup(edit, group));
    for (const [index, solution] of (file.solutions ?? []).entries())
      count('solutions', (await saveSolution(edit, solution, `solutions.${index}.`)).created);
    for (const [index, article] of (file.articles ?? []).entries())
      count('articles', (await saveArticle(edit, article, `articles.${index}.`)).created);
    for (const item of file.config ?? []) count('config', await saveConfig(edit, item));
    for (const item of file.meta ?? []) count('meta', await saveMeta(edit, item));
    for (const page of file.pages ?? []) count('pages', await saveSitePage(edit, page));
  });
  return counts;
}
