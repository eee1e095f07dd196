import { describe, expect, test } from 'vitest';
import { islandsReady, startBrowser } from './browser.ts';

const browser = startBrowser();

/** The path of the spectroscopy category's product list, found from the home page. */
async function spectroscopyList(prefix: string) {
  const page = await browser.open(`${prefix}/`);
  const top = await page.locator('main a[href*="/category/top/"]').nth(1).getAttribute('href');
  return { page, path: (top ?? '').replace('/category/top/', '/category/list/') };
}

describe.each([
  { locale: 'en', prefix: '' },
  { locale: 'zh-CN', prefix: '/zh-CN' },
])('category views and the finder in $locale', ({ prefix }) => {
  test('switches between all products, new arrivals and featured without reloading', async () => {
    const { page, path } = await spectroscopyList(prefix);
    await page.goto(path);
    await islandsReady(page);
    const all = await page.locator('[role=tabpanel] .product-card').count();
    expect(all).toBeGreaterThan(3);
    await page.evaluate(() => {
      (window as unknown as { marker: number }).marker = 1;
    });
    // Featured sees the whole category, fetched on first use.
    await page.locator('[role=tab]').nth(2).click();
    const cards = page.locator('[role=tabpanel] .product-card');
    await expect.poll(() => cards.count()).toBeGreaterThan(0);
    expect(await page.locator('[role=tabpanel][aria-busy]').count()).toBe(0);
    const featured = await cards.count();
    expect(featured).toBeLessThan(all);
    expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(1);
    await page.context().close();
  });

  test('help me choose narrows the products by a spectral range and keeps it in the URL', async () => {
    const { page, path } = await spectroscopyList(prefix);
    await page.goto(path);
    await islandsReady(page);
    await page.locator('[role=tab]').nth(3).click();
    await page.locator('.finder-facets').waitFor();
    const cards = page.locator('[role=tabpanel] .product-card');
    const status = page.locator('[role=tabpanel] [role=status]');
    const total = await cards.count();
    expect(total).toBeGreaterThan(3);
    const range = page
      .locator('fieldset.facet')
      .filter({ hasText: /Spectral range|光谱范围/ })
      .first();
    await range.locator('input').nth(0).fill('400');
    await range.locator('input').nth(1).fill('1000');
    await expect.poll(() => cards.count()).toBeLessThan(total);
    const narrowed = await cards.count();
    expect(narrowed).toBeGreaterThan(0);
    expect(
      ((await status.textContent()) ?? '')
        .match(/\d+/g)
        ?.map(Number)
        .sort((a, b) => a - b),
    ).toEqual([narrowed, total]);
    await expect.poll(() => page.url()).toContain('view=finder');
    await page.reload();
    await islandsReady(page);
    await expect.poll(() => cards.count()).toBe(narrowed);
    await page.context().close();
  });

  test('says so when the category cannot be loaded, and loads it on a second try', async () => {
    const { page, path } = await spectroscopyList(prefix);
    // The network drops the first request for the category's products.
    let dropped = 0;
    await page.route('**/products.json', (route) => (dropped++ === 0 ? route.abort() : route.continue()));
    await page.goto(path);
    await islandsReady(page);
    await page.locator('[role=tab]').nth(1).click();
    const alert = page.locator('[role=tabpanel] [role=alert]');
    await alert.waitFor();
    expect(await alert.textContent()).toMatch(/could not be loaded|未能加载/);
    await alert.getByRole('button').click();
    await expect.poll(() => page.locator('[role=tabpanel] .product-card').count()).toBeGreaterThan(0);
    expect(dropped).toBe(2);
    await page.context().close();
  });
});

describe('the knowledge centre', () => {
  test('filters by content type and keywords, shareable through the URL', async () => {
    const page = await browser.open('/knowledge');
    await islandsReady(page);
    const status = page.locator('main [role=status]').first();
    const total = Number(((await status.textContent()) ?? '').match(/\d+ of (\d+)/)?.[1]);
    expect(total).toBeGreaterThanOrEqual(10);
    const type = page.getByLabel('Content type');
    await type.selectOption({ index: 1 });
    await expect.poll(() => page.url()).toContain('type=');
    const byType = Number(((await status.textContent()) ?? '').match(/\d+/)?.[0]);
    expect(byType).toBeLessThan(total);
    expect(byType).toBeGreaterThan(0);
    const shared = page.url();
    const other = await browser.open(new URL(shared).pathname + new URL(shared).search);
    await islandsReady(other);
    await expect
      .poll(async () =>
        Number(((await other.locator('main [role=status]').first().textContent()) ?? '').match(/\d+/)?.[0]),
      )
      .toBe(byType);
    await other.context().close();
    await page.getByRole('button', { name: 'Reset filters' }).click();
    await page.getByLabel('Keywords').fill('zzzz-no-such-word');
    await expect.poll(async () => (await page.locator('main').textContent()) ?? '').toContain('No articles match');
    await page.context().close();
  });

  test('filters Chinese articles by a Chinese keyword', async () => {
    const page = await browser.open('/zh-CN/knowledge');
    await islandsReady(page);
    const first = ((await page.locator('main article h2, main article h3').first().textContent()) ?? '').trim();
    const word = first.replace(/[^\u4e00-\u9fff]/g, '').slice(0, 2);
    expect(word.length).toBe(2);
    await page.getByLabel('关键词').fill(word);
    await expect.poll(() => page.url()).toContain('q=');
    expect(await page.locator('main').textContent()).toContain(first);
    await page.context().close();
  });
});

describe('the knowledge centre without React', () => {
  test('restores a filter from the URL, bounds the dates, shows the empty state and resets to every article', async () => {
    const page = await browser.open('/knowledge?from=2999-01-01&series=abc&utm=x');
    await islandsReady(page);
    const status = page.locator('main [role=status]').first();
    // A bad series id is dropped; a parameter that is not the filter's stays.
    await expect.poll(() => page.url()).toMatch(/\?utm=x&from=2999-01-01$/);
    expect(await page.getByLabel('From').inputValue()).toBe('2999-01-01');
    expect(await page.getByLabel('To').getAttribute('min')).toBe('2999-01-01');
    expect(await status.textContent()).toMatch(/^0 of \d+ articles$/);
    expect(await page.locator('.article-list').isHidden()).toBe(true);
    expect(await page.locator('main .empty').isVisible()).toBe(true);
    await page.getByRole('button', { name: 'Reset filters' }).click();
    await expect.poll(() => page.url()).toMatch(/\?utm=x$/);
    const total = Number(((await status.textContent()) ?? '').match(/of (\d+)/)?.[1]);
    expect(await status.textContent()).toBe(`${total} of ${total} articles`);
    expect(await page.locator('.article-list > li:visible').count()).toBe(total);
    expect(await page.getByLabel('From').inputValue()).toBe('');
    expect(await page.getByLabel('To').getAttribute('min')).toBeNull();
    await page.context().close();
  });
});

describe('configure now', () => {
  test('updates the total with the quantity and opens login when a visitor adds to cart', async () => {
    const page = await browser.open('/sitemap');
    const product = await page.locator('main a[href^="/product/"]').first().getAttribute('href');
    await page.goto(product ?? '/');
    await page.locator('.configure').scrollIntoViewIfNeeded();
    await islandsReady(page);
    const prices = page.locator('.configure-totals dd.price');
    const amount = async (index: number) =>
      Number(((await prices.nth(index).textContent()) ?? '').replace(/[^\d.]/g, ''));
    const unit = await amount(0);
    expect(unit).toBeGreaterThan(0);
    expect(await amount(1)).toBe(unit);
    await page.getByLabel('Quantity', { exact: true }).fill('3');
    await expect.poll(() => amount(1)).toBe(unit * 3);
    await page.getByRole('button', { name: 'Add to cart' }).click();
    await expect.poll(() => page.locator('dialog[open]').count()).toBe(1);
    await page.context().close();
  });
});
