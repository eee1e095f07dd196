import { describe, expect, test } from 'vitest';
import { pageCount, pagePath, pagerItems, pageSlice } from './paging.ts';

describe('paging', () => {
  test('counts pages, an empty list keeping its first', () => {
    expect(pageCount(0, 24)).toBe(1);
    expect(pageCount(24, 24)).toBe(1);
    expect(pageCount(25, 24)).toBe(2);
    expect(pageCount(10_007, 24)).toBe(417);
  });

  test('slices a page and names its path', () => {
    const items = Array.from({ length: 50 }, (_, i) => i);
    expect(pageSlice(items, 1, 24)).toEqual(items.slice(0, 24));
    expect(pageSlice(items, 3, 24)).toEqual([48, 49]);
    expect(pagePath('/category/list/1-lasers', 1)).toBe('/category/list/1-lasers');
    expect(pagePath('/category/list/1-lasers', 2)).toBe('/category/list/1-lasers/2');
  });

  test('a pager shows the ends, the page and its neighbours, and gaps of more than one page', () => {
    expect(pagerItems(1, 1)).toEqual([1]);
    expect(pagerItems(1, 5)).toEqual([1, 2, null, 5]);
    expect(pagerItems(3, 5)).toEqual([1, 2, 3, 4, 5]);
    expect(pagerItems(50, 417)).toEqual([1, null, 49, 50, 51, null, 417]);
    expect(pagerItems(417, 417)).toEqual([1, null, 416, 417]);
    expect(pagerItems(4, 7)).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });
});
