import { describe, expect, test } from 'vitest';
import { pageNumbers, queryOf, searchUrl } from './search-page.ts';

describe('the search page URL', () => {
  test('reads keyword, kind and page, and falls back on anything it cannot read', () => {
    expect(queryOf('?keyword=%E5%85%89%E8%B0%B1%E4%BB%AA&type=family&page=3')).toEqual({
      keyword: '光谱仪',
      type: 'family',
      page: 3,
    });
    expect(queryOf('?keyword=+laser+&type=script&page=-2')).toEqual({ keyword: 'laser', type: 'keyword', page: 1 });
    expect(queryOf('?page=1.5')).toEqual({ keyword: '', type: 'keyword', page: 1 });
    expect(queryOf(`?keyword=${'x'.repeat(1000)}`).keyword).toHaveLength(200);
  });

  test('writes only what differs from the first page of products, and reads back what it wrote', () => {
    expect(searchUrl('/zh-CN/search', { keyword: 'a&b', type: 'keyword', page: 1 })).toBe(
      '/zh-CN/search?keyword=a%26b',
    );
    const query = { keyword: 'ccs 200/m', type: 'category' as const, page: 2 };
    expect(queryOf(new URL(searchUrl('/search', query), 'http://x').search)).toEqual(query);
  });

  test('offers the first and last pages, two either side of the current one, and gaps between', () => {
    expect(pageNumbers(1, 1)).toEqual([1]);
    expect(pageNumbers(1, 4)).toEqual([1, 2, 3, 4]);
    expect(pageNumbers(10, 20)).toEqual([1, 0, 8, 9, 10, 11, 12, 0, 20]);
    expect(pageNumbers(20, 20)).toEqual([1, 0, 18, 19, 20]);
  });
});
