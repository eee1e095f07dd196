import * as v from 'valibot';
import { CategoryRecord } from './category.ts';
import { defineCall, Id, Image, LanguageField, PageFields, page } from './common.ts';
import { ProductSummary } from './product.ts';

/** The longest keyword a search reads. */
const MAX_KEYWORD_LENGTH = 200;

/**
 * What a visitor typed: any text up to 200 characters. Empty, or nothing but symbols, finds nothing
 * (an empty answer, not an error); symbols, quotes and wildcards are never read as SQL or patterns.
 */
const KeyWord = v.optional(v.pipe(v.string(), v.maxLength(MAX_KEYWORD_LENGTH, 'validation.searchTooLong')), '');

/** A stretch of a shown text that matched the keyword: UTF-16 offsets into that text, `end` excluded. */
export const Highlight = v.object({ start: v.number(), end: v.number() });
export type Highlight = v.InferOutput<typeof Highlight>;

/** Marks on the name (in the request's language) that matched the keyword. */
const nameHighlight = v.array(Highlight);

/** One suggestion of the header box: a product (with its part number), a category or a product family. */
export const Suggestion = v.variant('kind', [
  v.object({
    kind: v.literal('product'),
    id: Id,
    slug: v.string(),
    name: v.string(),
    partNumber: v.string(),
    nameHighlight,
    /** Marks on the part number: its start for a part-number prefix, all of it for a near miss. */
    partNumberHighlight: v.array(Highlight),
  }),
  v.object({ kind: v.literal('category'), id: Id, slug: v.string(), name: v.string(), nameHighlight }),
  /** A product family, by its key (e.g. `spectrometer`); its products are the search page's family results. */
  v.object({ kind: v.literal('family'), key: v.string(), name: v.string(), nameHighlight }),
]);
export type Suggestion = v.InferOutput<typeof Suggestion>;

export const productSelectKeyword = defineCall({
  method: 'POST',
  path: '/product/select/keyword',
  tag: 'search',
  summary:
    'Up to 10 suggestions for what is typed, in the request language: products first (part number, then name, then category and family, then description; ties featured then new), then up to two categories and two product families, each with the matched stretches marked. English words match their plurals and stems and one typo (5 letters or more), Chinese by word, Chinese names also by pinyin (full or initials), part numbers ignoring case, dashes, slashes and spaces, by prefix and one character off. An empty or symbol-only keyword answers an empty list; one over 200 characters answers 400.',
  request: v.object({ language: LanguageField, keyWord: KeyWord }),
  response: v.array(Suggestion),
});

const SELECT_TYPES = ['keyword', 'category', 'family'] as const;
export type SelectType = (typeof SELECT_TYPES)[number];

/** A product found, with the stretches of its name and part number that matched. */
export const ProductHit = v.object({
  ...ProductSummary.entries,
  nameHighlight,
  partNumberHighlight: v.array(Highlight),
});
export type ProductHit = v.InferOutput<typeof ProductHit>;

export const CategoryHit = v.object({ ...CategoryRecord.entries, nameHighlight });
export type CategoryHit = v.InferOutput<typeof CategoryHit>;

/** A product family (lasers, spectrometers…): the products of one kind across categories. */
export const FamilyHit = v.object({
  key: v.string(),
  name: v.string(),
  image: Image,
  productCount: v.number(),
  nameHighlight,
});
export type FamilyHit = v.InferOutput<typeof FamilyHit>;

export const SearchResults = v.object({
  selectType: v.picklist(SELECT_TYPES),
  /** How many of each kind match, for the tabs of the search page. */
  counts: v.object({ keyword: v.number(), category: v.number(), family: v.number() }),
  /** The page of products when selectType is `keyword`, else null. */
  productDTOS: v.nullable(page(ProductHit)),
  /** The page of categories when selectType is `category`, else null. */
  categoryDTOS: v.nullable(page(CategoryHit)),
  /** The page of product families when selectType is `family`, else null. */
  familyDTOS: v.nullable(page(FamilyHit)),
});
export type SearchResults = v.InferOutput<typeof SearchResults>;

export const productSelectProduct = defineCall({
  method: 'POST',
  path: '/product/select/product',
  tag: 'search',
  summary:
    'The search page: one of its three result kinds (`keyword` products, `category`, `family`), paged and ranked as the suggestions are, with how many of each kind match. Matching as /product/select/keyword; an empty or symbol-only keyword finds nothing.',
  request: v.object({
    language: LanguageField,
    keyWord: KeyWord,
    selectType: v.optional(v.picklist(SELECT_TYPES), 'keyword'),
    ...PageFields,
  }),
  response: SearchResults,
});
