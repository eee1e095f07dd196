import * as v from 'valibot';
import { defineCall, Id, IdRequest, LanguageField } from './common.ts';
import { CONTENT_TYPES } from './content-types.ts';

// The editors' calls (issue 16), under /editor/, with `Authorization: Bearer <token>`.

/** A text in both languages, as the editors write it. */
const Both = (max: number) =>
  v.object({
    en: v.pipe(v.string(), v.maxLength(max, 'validation.tooLong')),
    zh: v.pipe(v.string(), v.maxLength(max, 'validation.tooLong')),
  });

/** A site setting's name: a letter, then letters or digits ('salesEmail'). */
export const ConfigName = v.pipe(v.string(), v.regex(/^[A-Za-z][A-Za-z0-9]{0,63}$/, 'validation.configName'));

export const editorConfigSave = defineCall({
  method: 'POST',
  path: '/editor/config/save',
  tag: 'editor',
  summary:
    'Sets one site setting (the footer contact details and the like) in both languages, creating it when new. Recorded in the change feed for the next build.',
  request: v.object({
    language: LanguageField,
    configName: ConfigName,
    configValue: Both(2000),
  }),
  response: v.object({ configName: v.string(), created: v.boolean() }),
});

// ---- the content editors write: the seed's shapes (src/server/seed/types.ts), checked ----

const Name = Both(200);
const Summary = Both(2000);
const Long = Both(100_000);

/** A category's stable key: lower-case letters and digits with dashes, as the seed's ('raman-spectrometers'). */
export const CategoryKey = v.pipe(v.string(), v.regex(/^[a-z0-9][a-z0-9-]{0,63}$/, 'validation.categoryKey'));
/** A part number: letters, digits, dashes, dots, slashes and underscores ('LS-532-100', 'CCS200/M'). */
export const PartNumber = v.pipe(v.string(), v.regex(/^[A-Za-z0-9][A-Za-z0-9./_-]{0,63}$/, 'validation.partNumber'));
/** A page's key as the meta call takes it (`pageHome`): 'home', 'product', … */
export const PageKey = v.pipe(v.string(), v.regex(/^[a-z][a-zA-Z0-9-]{0,63}$/, 'validation.pageKey'));
/** Where a resource lives: a path on the site ('/files/…'), or an https address. */
const ResourceUrl = v.pipe(
  v.string(),
  v.maxLength(500, 'validation.tooLong'),
  v.regex(/^(\/(?!\/)\S*|https:\/\/\S+)$/, 'validation.resourceUrl'),
);
const Count = (max: number) => v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(max));
const ListOf = <T extends v.GenericSchema>(item: T, max: number) => v.pipe(v.array(item), v.maxLength(max));
const Published = v.optional(v.boolean());

export const FAMILIES = [
  'laser',
  'light-source',
  'detector',
  'optic',
  'fiber',
  'spectrometer',
  'microscope',
  'objective',
  'stage',
  'probe-station',
  'metrology',
  'analyzer',
] as const;

/** A category as editors save it: the seed's, with its parent's key instead of nesting (none: a top category). */
export const CategoryFields = {
  key: CategoryKey,
  /** The parent's key; absent or null for a top category. Categories have two levels. */
  parent: v.optional(v.nullable(CategoryKey)),
  name: Name,
  description: Long,
  /** Absent: published when created, unchanged when updated. */
  published: Published,
};

/** A product as editors save it: the seed's shape. Lists left out are empty (a save is the whole product). */
export const ProductFields = {
  partNumber: PartNumber,
  /** Key of its category. */
  category: CategoryKey,
  family: v.picklist(FAMILIES),
  name: Name,
  summary: Summary,
  description: Long,
  price: v.pipe(v.number(), v.minValue(0), v.maxValue(9_999_999_999)),
  leadTimeDays: Count(3650),
  stock: Count(2_000_000_000),
  isNew: v.optional(v.boolean()),
  isFeatured: v.optional(v.boolean()),
  attributes: ListOf(
    v.object({
      label: Name,
      value: v.union([v.pipe(v.string(), v.maxLength(500, 'validation.tooLong')), Both(500)]),
      unit: v.optional(v.pipe(v.string(), v.maxLength(20, 'validation.tooLong'))),
    }),
    200,
  ),
  options: v.optional(
    ListOf(
      v.object({
        name: Name,
        values: ListOf(
          v.object({
            label: Name,
            priceDelta: v.pipe(v.number(), v.minValue(-9_999_999_999), v.maxValue(9_999_999_999)),
          }),
          100,
        ),
      }),
      50,
    ),
  ),
  /** Part numbers of products that can replace this one. */
  alternatives: v.optional(ListOf(PartNumber, 100)),
  /** Part numbers of accessories or products often bought with it. */
  related: v.optional(ListOf(PartNumber, 100)),
  resources: v.optional(
    ListOf(
      v.object({
        kind: v.picklist(['datasheet', 'manual', 'application-note', 'software']),
        title: Name,
        url: ResourceUrl,
      }),
      100,
    ),
  ),
  published: Published,
};

const SolutionType = v.picklist([0, 1, 2]);

/** A solution: the seed's, with `id` to update one (without: a new one). The body is HTML, cleaned when stored. */
export const SolutionFields = {
  id: v.optional(Id),
  type: SolutionType,
  title: Name,
  summary: Summary,
  body: Long,
  /** Part numbers of the products it uses. */
  products: ListOf(PartNumber, 200),
  published: Published,
};

/** An article: the seed's, with `id` to update one (without: a new one). The body is HTML, cleaned when stored. */
export const ArticleFields = {
  id: v.optional(Id),
  kind: v.picklist(['knowledge', 'news']),
  contentType: v.picklist(CONTENT_TYPES),
  /** Key of the category it is about. */
  productSeries: CategoryKey,
  author: Name,
  publishedAt: v.pipe(v.string(), v.isoDate()),
  title: Name,
  summary: Summary,
  body: Long,
  published: Published,
};

/** A page's meta tags, both languages. */
export const MetaFields = {
  page: PageKey,
  meta: ListOf(
    v.object({
      name: v.pipe(v.string(), v.regex(/^[a-z][a-z0-9:_.-]{0,63}$/, 'validation.metaName')),
      content: Both(2000),
    }),
    50,
  ),
};

export const CategoryInput = v.object(CategoryFields);
export const ProductInput = v.object(ProductFields);
export const SolutionInput = v.object(SolutionFields);
export const ArticleInput = v.object(ArticleFields);
export const MetaInput = v.object(MetaFields);
export const ConfigInput = v.object({ configName: ConfigName, configValue: Both(2000) });
export type CategoryInput = v.InferOutput<typeof CategoryInput>;
export type ProductInput = v.InferOutput<typeof ProductInput>;
export type SolutionInput = v.InferOutput<typeof SolutionInput>;
export type ArticleInput = v.InferOutput<typeof ArticleInput>;
export type MetaInput = v.InferOutput<typeof MetaInput>;
export type ConfigInput = v.InferOutput<typeof ConfigInput>;

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

/** What a save answers: the record's id, and whether it was new. */
const Saved = { id: Id, created: v.boolean() };
const Deleted = v.object({ id: Id, deleted: v.literal(true) });
const PublishRequest = v.object({ language: LanguageField, id: Id, published: v.boolean() });
const PublishAnswer = v.object({ id: Id, published: v.boolean() });

export const editorCategorySave = defineCall({
  method: 'POST',
  path: '/editor/category/save',
  tag: 'editor',
  summary:
    'Creates or updates a category by its key, in both languages; its slug follows the English name (old slugs redirect). 400 naming an unknown parent; 409 when a published category would sit under an unpublished one.',
  request: v.object({ language: LanguageField, ...CategoryFields }),
  response: v.object({ ...Saved, key: v.string() }),
});

export const editorCategoryPublish = defineCall({
  method: 'POST',
  path: '/editor/category/publish',
  tag: 'editor',
  summary:
    'Publishes or unpublishes a category: an unpublished one leaves the lists, search and the next build. 409 while published products, child categories or articles are in it, or to publish one under an unpublished parent.',
  request: PublishRequest,
  response: PublishAnswer,
});

export const editorCategoryDelete = defineCall({
  method: 'POST',
  path: '/editor/category/delete',
  tag: 'editor',
  summary: 'Deletes a category. 409 while it has child categories, products or articles; 404 for an unknown id.',
  request: IdRequest,
  response: Deleted,
});

export const editorProductSave = defineCall({
  method: 'POST',
  path: '/editor/product/save',
  tag: 'editor',
  summary:
    'Creates or updates a product by its part number with its specifications, options, alternatives, related products and resources (a save is the whole product: lists left out become empty). 400 naming an unknown category or part number.',
  request: v.object({ language: LanguageField, ...ProductFields }),
  response: v.object({ ...Saved, partNumber: v.string() }),
});

export const editorProductDelete = defineCall({
  method: 'POST',
  path: '/editor/product/delete',
  tag: 'editor',
  summary:
    'Deletes a product, its parts, and its place in carts, favourites, solutions and other products’ lists; orders keep their own copy of each line. 404 for an unknown id.',
  request: IdRequest,
  response: Deleted,
});

export const editorSolutionSave = defineCall({
  method: 'POST',
  path: '/editor/solution/save',
  tag: 'editor',
  summary:
    'Creates a solution, or updates the one with `id`, in both languages; its body HTML is cleaned. 404 for an unknown id.',
  request: v.object({ language: LanguageField, ...SolutionFields }),
  response: v.object(Saved),
});

export const editorSolutionPublish = defineCall({
  method: 'POST',
  path: '/editor/solution/publish',
  tag: 'editor',
  summary: 'Publishes or unpublishes a solution. 404 for an unknown id.',
  request: PublishRequest,
  response: PublishAnswer,
});

export const editorSolutionDelete = defineCall({
  method: 'POST',
  path: '/editor/solution/delete',
  tag: 'editor',
  summary: 'Deletes a solution. 404 for an unknown id.',
  request: IdRequest,
  response: Deleted,
});

export const editorArticleSave = defineCall({
  method: 'POST',
  path: '/editor/article/save',
  tag: 'editor',
  summary:
    'Creates an article, or updates the one with `id`, in both languages; its body HTML is cleaned. 400 naming an unknown category; 409 to publish it in an unpublished one; 404 for an unknown id.',
  request: v.object({ language: LanguageField, ...ArticleFields }),
  response: v.object(Saved),
});

export const editorArticlePublish = defineCall({
  method: 'POST',
  path: '/editor/article/publish',
  tag: 'editor',
  summary:
    'Publishes or unpublishes an article (a saved article leaves customers’ lists while unpublished). 404 for an unknown id.',
  request: PublishRequest,
  response: PublishAnswer,
});

export const editorArticleDelete = defineCall({
  method: 'POST',
  path: '/editor/article/delete',
  tag: 'editor',
  summary: 'Deletes an article (and customers’ saves of it). 404 for an unknown id.',
  request: IdRequest,
  response: Deleted,
});

export const editorMetaSave = defineCall({
  method: 'POST',
  path: '/editor/meta/save',
  tag: 'editor',
  summary: 'Sets the meta tags of one page in both languages (the whole list), creating it when new.',
  request: v.object({ language: LanguageField, ...MetaFields }),
  response: v.object({ page: v.string(), created: v.boolean() }),
});

export const editorMetaDelete = defineCall({
  method: 'POST',
  path: '/editor/meta/delete',
  tag: 'editor',
  summary: 'Deletes the meta tags of one page: it falls back to the home page’s. 404 for a page without its own.',
  request: v.object({ language: LanguageField, page: PageKey }),
  response: v.object({ page: v.string(), deleted: v.literal(true) }),
});

export const editorConfigDelete = defineCall({
  method: 'POST',
  path: '/editor/config/delete',
  tag: 'editor',
  summary: 'Deletes one site setting. 404 for an unknown name.',
  request: v.object({ language: LanguageField, configName: ConfigName }),
  response: v.object({ configName: v.string(), deleted: v.literal(true) }),
});

export const editorProductPublish = defineCall({
  method: 'POST',
  path: '/editor/product/publish',
  tag: 'editor',
  summary:
    'Publishes or unpublishes a product: an unpublished product leaves the lists, search and the next build, and its page with it. 404 for an unknown id.',
  request: v.object({ language: LanguageField, id: Id, published: v.boolean() }),
  response: v.object({ id: Id, published: v.boolean() }),
});

export const BuildStatus = v.picklist(['queued', 'building', 'published', 'failed']);

export const editorRebuild = defineCall({
  method: 'POST',
  path: '/editor/rebuild',
  tag: 'editor',
  summary:
    'Asks for the site to be built again from the content as it is now and published; answers at once. A trigger while a build waits joins that build (coalesced: true), so triggers during a build give one more build.',
  request: v.object({ language: LanguageField }),
  response: v.object({ buildId: v.string(), status: BuildStatus, coalesced: v.boolean() }),
});

export const editorBuildStatus = defineCall({
  method: 'POST',
  path: '/editor/build/status',
  tag: 'editor',
  summary:
    'Where a build is: queued, building (pages done of about how many, and an estimate), published (the release, timings, pages rendered and reused) or failed (the reason). 404 for an unknown build.',
  request: v.object({
    language: LanguageField,
    buildId: v.pipe(v.string(), v.maxLength(64, 'validation.tooLong')),
  }),
  response: v.object({
    buildId: v.string(),
    status: BuildStatus,
    requestedBy: v.string(),
    requestedAt: v.string(),
    startedAt: v.nullable(v.string()),
    finishedAt: v.nullable(v.string()),
    /** Milliseconds from start to publish (or failure). */
    ms: v.nullable(v.number()),
    pagesTotal: v.nullable(v.number()),
    pagesRendered: v.number(),
    pagesReused: v.number(),
    etaMs: v.nullable(v.number()),
    /** Content changes since the build before it (the change feed), when it has started. */
    changes: v.nullable(v.number()),
    release: v.nullable(v.string()),
    error: v.nullable(v.string()),
  }),
});
