import * as v from 'valibot';
import { defineCall, Id, IdRequest, Image, LanguageField, PageFields, page, Timestamp } from './common.ts';
import { ProductSummary } from './product.ts';

/** The three fixed solution groups: 0 microscopy, 1 spectroscopy, 2 semiconductor. */
const SolutionType = v.picklist([0, 1, 2]);

export const SolutionGroup = v.object({
  type: SolutionType,
  key: v.string(),
  title: v.string(),
  desc: v.string(),
  value: v.string(),
  intro: v.string(),
  img: Image,
});
export type SolutionGroup = v.InferOutput<typeof SolutionGroup>;

export const SolutionRecord = v.object({
  id: Id,
  type: SolutionType,
  title: v.string(),
  name: v.string(),
  slug: v.string(),
  summary: v.string(),
  image: Image,
  updatedAt: Timestamp,
});
export type SolutionRecord = v.InferOutput<typeof SolutionRecord>;

export const SolutionDetail = v.object({
  ...SolutionRecord.entries,
  body: v.string(),
  group: SolutionGroup,
  products: v.array(ProductSummary),
});
export type SolutionDetail = v.InferOutput<typeof SolutionDetail>;

export const solutionsPage = defineCall({
  method: 'POST',
  path: '/solutions/page',
  tag: 'solutions',
  summary: 'Solutions a page at a time, optionally of one group (type), as full records.',
  request: v.object({ language: LanguageField, ...PageFields, type: v.optional(SolutionType) }),
  response: page(SolutionDetail),
});

export const solutionsItem = defineCall({
  method: 'POST',
  path: '/solutions/item',
  tag: 'solutions',
  summary: 'One solution with its group and products.',
  request: IdRequest,
  response: SolutionDetail,
});

export const solutionsGroups = defineCall({
  method: 'POST',
  path: '/solutions/groups',
  tag: 'solutions',
  summary: 'The three fixed solution groups (tabs): title, desc, value, img, intro.',
  request: v.object({ language: LanguageField }),
  response: v.array(SolutionGroup),
});
