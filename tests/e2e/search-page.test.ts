import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { startBrowser } from './browser.ts';

// The /search page (issue 14): keyword, kind and page from the URL, tabs with counts, paging, links,
// history, an empty state, bad input, and the plain form without JavaScript.

const browser = startBrowser();
const hits = '.search-hits > li';

/** The count a tab shows, e.g. 17 for "Keyword results (17)". */
async function tabCount(page: Page, index: number): Promise<number> {
  const label = (await page.locator('[data-search-tabs] a').nth(index).textContent()) ?? '';
  return Number(/\((\d+)\)\s*$/.exec(label)?.[1] ?? Number.NaN);
}

async function resultsShown(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    const root = document.querySelector('[data-search-results]');
    return (
      root !== null &&
      !root.hasAttribute('aria-busy') &&
      (root.querySelector('[data-search-summary]')?.textContent ?? '') !== ''
    );
  });
}

describe.each([
  {
    locale: 'en',
    prefix: '',
    keyword: 'laser',
    kinds: ['Keyword results', 'Product category results', 'Product family results'],
  },
  { locale: 'zh-CN', prefix: '/zh-CN', keyword: '激光', kinds: ['关键词结果', '产品分类结果', '产品系列结果'] },
])('the search page in $locale', ({ prefix, keyword, kinds }) => {
  test('shows the three kinds with counts, pages through products, and back and forward restore each state', async () => {
    const page = await browser.open(`${prefix}/search?keyword=${encodeURIComponent(keyword)}`);
    await resultsShown(page);
    expect(await page.inputValue('#search-page-keyword')).toBe(keyword);
    const tabs = page.locator('[data-search-tabs] a');
    expect(await tabs.count()).toBe(3);
    for (const [i, kind] of kinds.entries()) expect(await tabs.nth(i).textContent()).toContain(kind);
    expect(await tabs.nth(0).getAttribute('aria-current')).toBe('page');
    const products = await tabCount(page, 0);
    expect(products).toBeGreaterThan(12);
    expect(await page.locator(hits).count()).toBe(12);
    expect(await page.locator(`${hits} mark`).count()).toBeGreaterThan(0);
    const firstOnPageOne = await page.locator(`${hits} h2`).first().textContent();

    await page.locator('[data-search-pager] a[rel=next]').click();
    await page.waitForURL((url) => url.searchParams.get('page') === '2');
    await resultsShown(page);
    expect(await page.locator(hits).count()).toBe(products - 12);
    expect(await page.locator('[data-search-pager] a[aria-current=page]').textContent()).toBe('2');

    await tabs.nth(1).click();
    await page.waitForURL((url) => url.searchParams.get('type') === 'category' && !url.searchParams.has('page'));
    await resultsShown(page);
    expect(await page.locator(hits).count()).toBe(await tabCount(page, 1));
    expect(await tabs.nth(1).getAttribute('aria-current')).toBe('page');

    await page.goBack();
    await page.waitForURL((url) => url.searchParams.get('page') === '2' && !url.searchParams.has('type'));
    await resultsShown(page);
    expect(await page.locator(hits).count()).toBe(products - 12);
    await page.goBack();
    await resultsShown(page);
    expect(await page.locator(`${hits} h2`).first().textContent()).toBe(firstOnPageOne);
    await page.goForward();
    await page.waitForURL((url) => url.searchParams.get('page') === '2');
    await resultsShown(page);
    expect(await page.locator(hits).count()).toBe(products - 12);
    await page.context().close();
  });

  test('leads from a product result to its page and from a category result to its list', async () => {
    const page = await browser.open(`${prefix}/search?keyword=${encodeURIComponent(keyword)}`);
    await resultsShown(page);
    const name = (await page.locator(`${hits} h2 a`).first().textContent()) ?? '';
    await page.locator(`${hits} h2 a`).first().click();
    await page.waitForURL(new RegExp(`${prefix}/product/\\d+-`));
    expect(await page.locator('h1').textContent()).toBe(name);

    await page.goto(`${prefix}/search?keyword=${encodeURIComponent(keyword)}&type=category`);
    await resultsShown(page);
    await page.locator(`${hits} h2 a`).first().click();
    await page.waitForURL(new RegExp(`${prefix}/category/list/\\d+-`));
    await page.context().close();
  });

  test('has no accessibility violations with results showing', async () => {
    const page = await browser.open(`${prefix}/search?keyword=${encodeURIComponent(keyword)}`);
    await resultsShown(page);
    const { violations } = await new AxeBuilder({ page })
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'])
      .analyze();
    expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
    await page.context().close();
  });
});

describe('the search page with nothing to show', () => {
  test('offers tips and the categories when nothing matches, and a new search from its own form', async () => {
    const page = await browser.open('/search?keyword=xyzzyqwv');
    await resultsShown(page);
    expect(await page.locator('[data-search-empty]').isVisible()).toBe(true);
    expect(await page.locator('[data-search-empty]').textContent()).toContain('Check the spelling');
    expect(await page.locator('.search-browse a[href^="/category/top/"]').count()).toBeGreaterThan(3);
    await page.fill('#search-page-keyword', 'spectrometer');
    await page.press('#search-page-keyword', 'Enter');
    await page.waitForURL((url) => url.searchParams.get('keyword') === 'spectrometer');
    await resultsShown(page);
    expect(await page.locator(hits).count()).toBeGreaterThan(0);
    expect(await page.locator('[data-search-empty]').isVisible()).toBe(false);
    await page.context().close();
  });

  test('answers a 1,000-character, a symbol-only and an SQL-looking keyword clearly, never with an error page', async () => {
    for (const keyword of ['x'.repeat(1000), '%%%***', "'; drop table product; --", '.*(a+)+$']) {
      const page = await browser.open(`/search?keyword=${encodeURIComponent(keyword)}`);
      await resultsShown(page);
      const summary = (await page.locator('[data-search-summary]').textContent()) ?? '';
      const emptyShown = await page.locator('[data-search-empty]').isVisible();
      expect(emptyShown || /results for/.test(summary), `${keyword}: ${summary}`).toBe(true);
      expect(summary).not.toMatch(/could not be run/);
      await page.context().close();
    }
  });

  test('asks for a keyword when there is none', async () => {
    const page = await browser.open('/zh-CN/search');
    await resultsShown(page);
    expect(await page.locator('[data-search-summary]').textContent()).toBe(
      '请输入产品名称、型号或关键词，然后点击搜索。',
    );
    await page.context().close();
  });

  test('lands on the page from its plain form without JavaScript, which says results need it', async () => {
    const page = await browser.open('/search', { javaScriptEnabled: false });
    await page.fill('#search-page-keyword', 'laser');
    await page.locator('[data-search-form] button[type=submit]').click();
    await page.waitForURL((url) => url.pathname === '/search' && url.searchParams.get('keyword') === 'laser');
    expect(await page.locator('noscript').count()).toBeGreaterThan(0);
    await page.context().close();
  });
});
