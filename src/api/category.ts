import * as v from 'valibot';
import { defineCall, Id, IdRequest, LanguageField, LanguageRequest, PageFields, page } from './common.ts';
import { ProductSummary } from './product.ts';

/** A link to a category: what breadcrumbs and menus need. */
export const CategoryRef = v.object({ id: Id, name: v.string(), slug: v.string() });
export type CategoryRef = v.InferOutput<typeof CategoryRef>;

/** The fields every view of a category has. */
const categoryFields = {
  id: Id,
  parentId: v.nullable(Id),
  name: v.string(),
  slug: v.string(),
  image: v.string(),
  description: v.string(),
  productCount: v.number(),
};

export type CategoryNode = {
  id: number;
  parentId: number | null;
  name: string;
  slug: string;
  image: string;
  description: string;
  productCount: number;
  children: CategoryNode[];
};

/** A category with its nested children. */
export const CategoryNode: v.GenericSchema<CategoryNode> = v.object({
  ...categoryFields,
  children: v.array(v.lazy(() => CategoryNode)),
});

/** A category without its children, as listed in pages. */
export const CategoryRecord = v.object({ ...categoryFields, updatedAt: v.string() });
export type CategoryRecord = v.InferOutput<typeof CategoryRecord>;

export const categoryList = defineCall({
  method: 'POST',
  path: '/category/list',
  tag: 'category',
  summary: 'The whole category tree.',
  request: LanguageRequest,
  response: v.array(CategoryNode),
});

export const categoryPage = defineCall({
  method: 'POST',
  path: '/category/page',
  tag: 'category',
  summary: 'Categories a page at a time; parentId 0 for top categories, absent for all.',
  request: v.object({
    language: LanguageField,
    ...PageFields,
    parentId: v.optional(v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(2_147_483_647))),
  }),
  response: page(CategoryRecord),
});

export const categoryItem = defineCall({
  method: 'POST',
  path: '/category/item',
  tag: 'category',
  summary: 'One category with its breadcrumbs, children and a page of its products (children included).',
  request: v.object({ ...IdRequest.entries, ...PageFields }),
  response: v.object({
    ...CategoryRecord.entries,
    breadcrumbs: v.array(CategoryRef),
    children: v.array(CategoryRecord),
    products: page(ProductSummary),
  }),
});

export const categoryElectAll = defineCall({
  method: 'POST',
  path: '/category/elect/all',
  tag: 'category',
  summary: 'Every category as a flat list, for selects.',
  request: LanguageRequest,
  response: v.array(v.object({ id: Id, parentId: v.nullable(Id), name: v.string(), level: v.number() })),
});
