// Paged category views (issue 17): a category of thousands of products is many static pages of a few
// dozen each, so no page grows with the catalogue.

/** Products on one page of a category's list. */
export const LIST_PAGE_SIZE = 24;

/** Rows on one page of a category's specification comparison. */
export const COMPARE_PAGE_SIZE = 50;

/** How many pages `items` things fill, `size` to a page; an empty list still has its first page. */
export const pageCount = (items: number, size: number): number => Math.max(1, Math.ceil(items / size));

/** The things on page `page` (from 1). */
export const pageSlice = <T>(items: readonly T[], page: number, size: number): T[] =>
  items.slice((page - 1) * size, page * size);

/** The path of page `page` of a paged view: the first page keeps the view's own path, the others add their number. */
export const pagePath = (path: string, page: number): string => (page <= 1 ? path : `${path}/${page}`);

/**
 * The page numbers a pager links to: the first and last, the current one and its neighbours, and `null` where
 * numbers are left out, so a pager stays one short row at any page count.
 */
export function pagerItems(page: number, pages: number): (number | null)[] {
  const wanted = new Set([1, pages, page - 1, page, page + 1].filter((n) => n >= 1 && n <= pages));
  const sorted = [...wanted].sort((a, b) => a - b);
  const items: (number | null)[] = [];
  for (const n of sorted) {
    const last = items.at(-1);
    if (typeof last === 'number' && n - last === 2) items.push(last + 1);
    else if (typeof last === 'number' && n - last > 2) items.push(null);
    items.push(n);
  }
  return items;
}

/** Products whose downloads one page of the downloads list shows. */
export const DOWNLOADS_PAGE_SIZE = 100;
