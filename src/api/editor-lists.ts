import * as v from 'valibot';
import { defineCall, LanguageField, page } from './common.ts';

// The editors' workspace's lists (issue 39, item 2): every record, published or not, with what a
// bilingual catalogue needs to find: a missing or stale translation, and what changed since the last
// publish. Pages of at most 50, with the counts of each filter for the same search.

/** A page of a workspace list holds at most this many records. */
export const LIST_PAGE_SIZE = 50;

/**
 * A record's translation: `missing` when a text has English and no Chinese; `stale` when its Chinese was
 * last changed before its English; else `complete`.
 */
const TRANSLATION_STATES = ['complete', 'missing', 'stale'] as const;
export type TranslationState = (typeof TRANSLATION_STATES)[number];

const Bilingual = v.object({ en: v.string(), zh: v.string() });

const ListRequest = {
  language: LanguageField,
  pageNum: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(1_000_000)), 1),
  pageSize: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(LIST_PAGE_SIZE)), LIST_PAGE_SIZE),
  /** The site's own search: part numbers, words in either language, pinyin. */
  keyword: v.optional(v.pipe(v.string(), v.maxLength(200, 'validation.tooLong')), ''),
  published: v.optional(v.picklist(['all', 'published', 'unpublished']), 'all'),
  /** `missing` or `stale` lists those only; `incomplete` both. */
  translation: v.optional(v.picklist(['all', 'missing', 'stale', 'incomplete']), 'all'),
  /** Only records changed since the last published build. */
  changed: v.optional(v.boolean(), false),
};

/** How many records of the search each filter would list. */
const Counts = v.object({
  all: v.number(),
  published: v.number(),
  unpublished: v.number(),
  missing: v.number(),
  stale: v.number(),
  changed: v.number(),
});

const ProductRow = v.object({
  id: v.number(),
  partNumber: v.string(),
  name: Bilingual,
  category: v.object({ key: v.string(), name: Bilingual }),
  published: v.boolean(),
  updatedAt: v.string(),
  translation: v.picklist(TRANSLATION_STATES),
  /** Which texts lack their Chinese (field paths as the save call names them). */
  missing: v.array(v.string()),
  changed: v.boolean(),
});
export type ProductRow = v.InferOutput<typeof ProductRow>;

export const editorProductList = defineCall({
  method: 'POST',
  path: '/editor/product/list',
  tag: 'editor',
  summary: `Products for the workspace, published or not: a page of at most ${LIST_PAGE_SIZE}, searched as the site searches (part numbers included; best match first), filtered by \`category\` (a key, its subcategories included), publish state, translation (\`missing\`, \`stale\`, \`incomplete\`) and \`changed\` since the last publish, sorted by \`sort\`; with the counts of each filter for the same search and category.`,
  request: v.object({
    ...ListRequest,
    category: v.optional(v.pipe(v.string(), v.maxLength(80, 'validation.tooLong'))),
    sort: v.optional(v.picklist(['updated', 'name', 'partNumber', 'relevance']), 'updated'),
  }),
  response: v.object({ page: page(ProductRow), counts: Counts }),
});

const RecordRow = v.object({
  id: v.number(),
  /** What the record is known by: a category's key, or the id of a solution or an article. */
  key: v.string(),
  title: Bilingual,
  published: v.boolean(),
  updatedAt: v.string(),
  translation: v.picklist(TRANSLATION_STATES),
  missing: v.array(v.string()),
  changed: v.boolean(),
});
export type RecordRow = v.InferOutput<typeof RecordRow>;

const recordList = (thing: 'category' | 'solution' | 'article', what: string) =>
  defineCall({
    method: 'POST',
    path: `/editor/${thing}/list`,
    tag: 'editor',
    summary: `${what} for the workspace, published or not: a page of at most ${LIST_PAGE_SIZE}, searched by words of the title in either language, filtered and counted as the product list is.`,
    request: v.object({ ...ListRequest, sort: v.optional(v.picklist(['updated', 'title']), 'updated') }),
    response: v.object({ page: page(RecordRow), counts: Counts }),
  });

export const editorCategoryList = recordList('category', 'Categories');
export const editorSolutionList = recordList('solution', 'Solutions');
export const editorArticleList = recordList('article', 'Articles (knowledge and news)');

const SmallListRequest = v.object({
  language: LanguageField,
  keyword: v.optional(v.pipe(v.string(), v.maxLength(200, 'validation.tooLong')), ''),
  translation: v.optional(v.picklist(['all', 'missing']), 'all'),
});

const MetaRow = v.object({
  page: v.string(),
  meta: v.array(v.object({ name: v.string(), content: Bilingual })),
  /** The tags with English and no Chinese. */
  missing: v.array(v.string()),
});

export const editorMetaList = defineCall({
  method: 'POST',
  path: '/editor/meta/list',
  tag: 'editor',
  summary:
    'Every page’s own meta tags, both languages, for the workspace: searched by page key or tag text, `translation: missing` for those with a tag lacking its Chinese; with the counts.',
  request: SmallListRequest,
  response: v.object({ records: v.array(MetaRow), counts: v.object({ all: v.number(), missing: v.number() }) }),
});

const ConfigRow = v.object({
  configName: v.string(),
  value: Bilingual,
  /** English and no Chinese (a mail routing setting is one list for both, so never). */
  missing: v.boolean(),
});

export const editorConfigList = defineCall({
  method: 'POST',
  path: '/editor/config/list',
  tag: 'editor',
  summary:
    'Every site setting, both languages, for the workspace (admins only, as their saves are): searched by name or value, `translation: missing` for those lacking their Chinese; with the counts.',
  request: SmallListRequest,
  response: v.object({ records: v.array(ConfigRow), counts: v.object({ all: v.number(), missing: v.number() }) }),
});
