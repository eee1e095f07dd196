import { describe, expect, test } from 'vitest';
import { startBrowser } from './browser.ts';

const browser = startBrowser();

describe.each([
  { locale: 'en', prefix: '', lang: 'en', products: 'Products' },
  { locale: 'zh-CN', prefix: '/zh-CN', lang: 'zh-CN', products: '产品' },
])('browsing the catalogue in $locale', ({ prefix, lang, products }) => {
  test('goes from home to a top category, a category list and a product', async () => {
    const page = await browser.open(`${prefix}/`);
    expect(await page.getAttribute('html', 'lang')).toBe(lang);
    const canonical = await page.getAttribute('link[rel=canonical]', 'href');
    expect(new URL(canonical ?? '').pathname).toBe(prefix || '/');
    await expect(page.locator('.header-bar').getByText(products, { exact: true }).count()).resolves.toBe(1);

    const topLink = page.locator('.category-grid a').first();
    const topName = (await topLink.textContent())?.trim() ?? '';
    await topLink.click();
    await page.waitForURL(new RegExp(`${prefix}/category/top/\\d+-[a-z0-9-]+$`));
    expect((await page.locator('h1').textContent())?.trim()).toBe(topName);

    const listLink = page.locator('.category-grid a').first();
    const listName = (await listLink.textContent())?.trim() ?? '';
    await listLink.click();
    await page.waitForURL(new RegExp(`${prefix}/category/list/\\d+-[a-z0-9-]+$`));
    expect((await page.locator('h1').textContent())?.trim()).toBe(listName);
    expect(await page.locator('.breadcrumbs li').count()).toBe(3);

    const productLink = page.locator('.product-card h3 a').first();
    const productName = (await productLink.textContent())?.trim() ?? '';
    await productLink.click();
    await page.waitForURL(new RegExp(`${prefix}/product/\\d+-[a-z0-9-]+$`));
    expect((await page.locator('h1').textContent())?.trim()).toBe(productName);
    expect(await page.locator('.specs tbody tr').count()).toBeGreaterThanOrEqual(6);
    expect(await page.locator('.part-number strong').textContent()).toMatch(/^[A-Z0-9-]+$/);
    const ld = JSON.parse((await page.locator('script[type="application/ld+json"]').first().textContent()) ?? '{}');
    expect(ld['@type']).toBe('Product');
    await page.context().close();
  });

  test('shows the footer contact details from the system config', async () => {
    const page = await browser.open(`${prefix}/`);
    const footer = page.locator('footer');
    await expect(footer.textContent()).resolves.toContain('119276');
    await expect(footer.locator('a[href^="mailto:"]').count()).resolves.toBeGreaterThan(0);
    await page.context().close();
  });
});

describe('the site without JavaScript', () => {
  test('has the product specifications in the HTML', async () => {
    const home = await browser.open('/zh-CN/', { javaScriptEnabled: false });
    const href = await home.locator('.product-card h3 a').first().getAttribute('href');
    await home.goto(href ?? '/');
    expect(await home.locator('.specs tbody tr').count()).toBeGreaterThanOrEqual(6);
    expect(await home.locator('h1').textContent()).toMatch(/[\u4e00-\u9fff]/);
    await home.context().close();
  });
});

describe('unknown paths', () => {
  test('answer 404 with the path and a link home, in the page language', async () => {
    const page = await browser.open('/');
    const en = await page.goto('/no/such/page');
    expect(en?.status()).toBe(404);
    await expect(page.locator('h1').textContent()).resolves.toBe('Page Not Found: /no/such/page');
    const zh = await page.goto('/zh-CN/product/999999-nothing');
    expect(zh?.status()).toBe(404);
    expect(await page.getAttribute('html', 'lang')).toBe('zh-CN');
    expect(await page.locator('main a[href="/zh-CN"]').count()).toBe(1);
    await page.context().close();
  });

  test('language switch links to the same page in the other locale', async () => {
    const page = await browser.open('/');
    expect(await page.getAttribute('a[data-locale-switch]', 'href')).toBe('/zh-CN');
    await page.goto('/zh-CN/');
    expect(await page.getAttribute('a[data-locale-switch]', 'href')).toBe('/');
    await page.context().close();
  });
});
