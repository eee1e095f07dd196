import { expect } from 'vitest';
import type { ApiClient } from './testing.ts';

// The two search calls as the search tests read them: suggestions of the header box, and a page of
// results with the counts of each kind; the parts of a text its highlight ranges mark.

export interface Range {
  start: number;
  end: number;
}
export interface Suggestion {
  kind: 'product' | 'category' | 'family';
  id?: number;
  key?: string;
  name: string;
  partNumber?: string;
  nameHighlight: Range[];
  partNumberHighlight?: Range[];
}
export interface ProductHit {
  id: number;
  name: string;
  partNumber: string;
  isNew: boolean;
  isFeatured: boolean;
  nameHighlight: Range[];
  partNumberHighlight: Range[];
}

/** The parts of a text its highlight ranges mark. */
export const marked = (text: string, ranges: Range[]) => ranges.map((r) => text.slice(r.start, r.end));

/** The suggestions for a keyword, checked to be a success. */
export async function suggestions(api: ApiClient, keyWord: string, language = 'en'): Promise<Suggestion[]> {
  const response = await api.post('/product/select/keyword', { language, keyWord });
  expect(response.status).toBe(200);
  expect(response.body.code).toBe(200);
  return response.body.data;
}

/** The results page for a keyword (999 a page unless the fields say otherwise), checked to be a success. */
export async function results(api: ApiClient, keyWord: string, fields: Record<string, unknown> = {}) {
  const response = await api.post('/product/select/product', { keyWord, pageSize: 999, ...fields });
  expect(response.status).toBe(200);
  expect(response.body.code).toBe(200);
  return response.body.data;
}

/** The product suggestions of a list, and their part numbers. */
export const products = (list: Suggestion[]) => list.filter((s) => s.kind === 'product');
export const partNumbers = (list: Suggestion[]) => products(list).map((s) => s.partNumber);
