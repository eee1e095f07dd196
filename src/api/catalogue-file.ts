import * as v from 'valibot';
import {
  ArticleInput,
  CategoryFields,
  type CategoryInput,
  ConfigInput,
  FAMILIES,
  Long,
  MetaInput,
  Name,
  ProductInput,
  SolutionInput,
  SolutionType,
  Summary,
} from './editor-fields.ts';

/** A category in a catalogue file: the seed's nesting, children taking their parent from it. */
export interface FileCategory extends v.InferOutput<typeof CategoryInput> {
  children?: FileCategory[] | undefined;
}
const FileCategory: v.GenericSchema<FileCategory> = v.object({
  ...CategoryFields,
  children: v.optional(v.array(v.lazy(() => FileCategory))),
});

const SolutionGroupInput = v.object({
  type: SolutionType,
  key: v.picklist(['microscopy-techniques', 'spectroscopy-instruments', 'semiconductor-microelectronics']),
  title: Name,
  desc: Summary,
  value: Summary,
  intro: Long,
  img: v.picklist(FAMILIES),
});
export type SolutionGroupInput = v.InferOutput<typeof SolutionGroupInput>;

const SitePageInput = v.object({
  key: v.picklist(['about', 'faq', 'data', 'terms', 'cookie', 'privacy', 'help', 'downloads']),
  title: Name,
  summary: Summary,
  sections: v.array(
    v.object({
      id: v.pipe(v.string(), v.regex(/^[a-z0-9][a-z0-9-]{0,63}$/, 'validation.categoryKey')),
      title: Name,
      body: Long,
    }),
  ),
});
export type SitePageInput = v.InferOutput<typeof SitePageInput>;

/**
 * The file `npm run catalogue:import` takes: the seed's shape (SeedCatalogue), every part optional.
 * Categories by key, products by part number, solutions and articles by `id` (none: new ones).
 */
export const CatalogueFile = v.strictObject({
  categories: v.optional(v.array(FileCategory)),
  products: v.optional(v.array(ProductInput)),
  solutionGroups: v.optional(v.array(SolutionGroupInput)),
  solutions: v.optional(v.array(SolutionInput)),
  articles: v.optional(v.array(ArticleInput)),
  config: v.optional(v.array(ConfigInput)),
  meta: v.optional(v.array(MetaInput)),
  pages: v.optional(v.array(SitePageInput)),
});
export type CatalogueFile = v.InferOutput<typeof CatalogueFile>;
