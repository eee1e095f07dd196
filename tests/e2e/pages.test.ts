import type { Page } from 'playwright-core';
import { describe, expect, inject, test } from 'vitest';
import { startBrowser } from './browser.ts';
import { ACCOUNT_PAGES, firstLink, pathsOfEachType } from './page-types.ts';

const browser = startBrowser();
const baseUrl = inject('baseUrl');

/** Fetches a built file or API path from the served site. */
const get = (path: string, init?: RequestInit) => fetch(new URL(path, baseUrl), { redirect: 'manual', ...init });

/**
 * Every page type that answers 200, found by following links from its parent page (page-types.ts), with the
 * search page bare and the account's pages.
 */
async function pagesOfEachType(page: Page, prefix: string): Promise<Record<string, string>> {
  const { 'not found': _notFound, ...paths } = await pathsOfEachType(page, prefix);
  const account = ACCOUNT_PAGES.map(({ name, path }) => [`account ${name}`, `${prefix}${path}`]);
  return { ...paths, search: `${prefix}/search`, ...Object.fromEntries(account) };
}

describe.each([
  { locale: 'en', prefix: '' },
  { locale: 'zh-CN', prefix: '/zh-CN' },
])('every page type in $locale', ({ locale, prefix }) => {
  test('answers 200 with its language, one canonical, reciprocal alternates and a heading', async () => {
    const page = await browser.open(`${prefix}/`);
    const paths = await pagesOfEachType(page, prefix);
    const otherPrefix = prefix ? '' : '/zh-CN';
    for (const [kind, path] of Object.entries(paths)) {
      const response = await page.goto(path);
      expect(response?.status(), `${kind} ${path}`).toBe(200);
      expect(await page.getAttribute('html', 'lang'), kind).toBe(locale);
      expect(await page.locator('link[rel=canonical]').count(), kind).toBe(1);
      expect(new URL((await page.getAttribute('link[rel=canonical]', 'href')) ?? '').pathname).toBe(path);
      const alternates = await page
        .locator('link[rel=alternate][hreflang]')
        .evaluateAll((links) =>
          links.map((link) => [link.getAttribute('hreflang'), new URL(link.getAttribute('href') ?? '').pathname]),
        );
      const bare = path.slice(prefix.length) || '/';
      const other = otherPrefix ? (bare === '/' ? otherPrefix : `${otherPrefix}${bare}`) : bare;
      expect(Object.fromEntries(alternates), kind).toEqual({
        en: locale === 'en' ? path : other,
        'zh-CN': locale === 'zh-CN' ? path : other,
        'x-default': locale === 'en' ? path : other,
      });
      expect(((await page.locator('h1').first().textContent()) ?? '').trim().length, kind).toBeGreaterThan(1);
      const payload = await get(`${path === '/' ? '' : path}/_payload.json`);
      expect(payload.status, `${kind} payload`).toBe(200);
      expect((await payload.json()).path).toBe(path);
    }
    await page.context().close();
  }, 120_000);

  test('shows Chinese text on Chinese pages and English text on English pages', async () => {
    const page = await browser.open(`${prefix}/about`);
    const text = (await page.locator('main').textContent()) ?? '';
    expect(/[\u4e00-\u9fff]/.test(text)).toBe(locale === 'zh-CN');
    await page.context().close();
  });
});

describe('structured data and feeds', () => {
  test('product, article and breadcrumb pages carry JSON-LD', async () => {
    const page = await browser.open('/sitemap');
    const product = await firstLink(page, '/product/');
    const article = await firstLink(page, '/knowledge/');
    const types = async (path: string) => {
      await page.goto(path);
      const blocks = await page.locator('script[type="application/ld+json"]').allTextContents();
      return blocks.map((block) => JSON.parse(block)['@type']);
    };
    expect(await types(product)).toEqual(expect.arrayContaining(['Product', 'BreadcrumbList']));
    expect((await types(article)).some((type: string) => /Article$/.test(type))).toBe(true);
    await page.context().close();
  });

  test('sitemap.xml indexes files per locale and kind that list both locales with alternates; robots.txt points at it; RSS per locale', async () => {
    const index = await (await get('/sitemap.xml')).text();
    const files = [...index.matchAll(/<sitemap><loc>([^<]+)<\/loc><\/sitemap>/g)].map(
      (match) => new URL(match[1] ?? '').pathname,
    );
    expect(files).toEqual(expect.arrayContaining(['/sitemaps/en-products-1.xml', '/sitemaps/zh-CN-pages-1.xml']));
    const sitemap = (await Promise.all(files.map(async (file) => (await get(file)).text()))).join('\n');
    expect(sitemap).toContain('<loc>http://localhost:4321/zh-CN/about</loc>');
    expect(sitemap).toMatch(/<loc>http:\/\/localhost:4321\/zh-CN\/product\/\d+-/);
    expect(sitemap).toContain('hreflang="x-default" href="http://localhost:4321/about"');
    expect(sitemap).not.toContain('/account');
    const robots = await (await get('/robots.txt')).text();
    expect(robots).toContain('Sitemap: http://localhost:4321/sitemap.xml');
    const en = await (await get('/rss.xml')).text();
    const zh = await (await get('/zh-CN/rss.xml')).text();
    expect(en).toContain('<language>en</language>');
    expect(zh).toContain('<language>zh-cn</language>');
    expect((zh.match(/<item>/g) ?? []).length).toBeGreaterThan(0);
    expect((await get('/favicon.svg')).status).toBe(200);
  });

  test('every resource a product page links to is a real file', async () => {
    const page = await browser.open('/sitemap');
    const products = await page
      .locator('main a[href^="/product/"]')
      .evaluateAll((links) => links.slice(0, 12).map((link) => link.getAttribute('href') ?? ''));
    const files = new Set<string>();
    for (const path of products) {
      await page.goto(path);
      for (const href of await page
        .locator('main a[href^="/files/"]')
        .evaluateAll((links) => links.map((link) => link.getAttribute('href') ?? ''))) {
        files.add(href);
      }
    }
    expect(files.size).toBeGreaterThan(5);
    for (const file of files) {
      const response = await get(file);
      expect(response.status, file).toBe(200);
      const bytes = new Uint8Array(await response.arrayBuffer());
      const magic = String.fromCharCode(...bytes.slice(0, 4));
      expect(magic, file).toBe(file.endsWith('.zip') ? 'PK\u0003\u0004' : '%PDF');
    }
    await page.context().close();
  });

  test('page counts match the API totals', async () => {
    const total = async (path: string, body: object = {}) => {
      const response = await get(`/api${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ pageSize: 1, ...body }),
      });
      return (await response.json()).data.total as number;
    };
    const latest = await (await get('/builds/latest.json')).json();
    const { prerendered } = (await (await get(`/builds/meta/${latest.id}.json`)).json()) as { prerendered: string[] };
    const count = (pattern: RegExp) => prerendered.filter((path) => pattern.test(path)).length;
    const products = await total('/product/page');
    const categories = await total('/category/page');
    const articles = await total('/news/page');
    const solutions = await total('/solutions/page');
    expect(products).toBeGreaterThanOrEqual(40);
    expect(count(/^(\/zh-CN)?\/product\/\d+-/)).toBe(2 * products);
    expect(count(/^(\/zh-CN)?\/category\/(top|list|detail)\/\d+-/)).toBe(2 * 3 * categories);
    expect(count(/^(\/zh-CN)?\/knowledge\/\d+-/)).toBe(2 * articles);
    expect(count(/^(\/zh-CN)?\/solutions\/\d+-/)).toBe(2 * solutions);
    for (const path of prerendered) {
      const file = await get(path === '/' ? '/' : path, { method: 'HEAD' });
      expect(file.status, path).toBe(200);
    }
  });

  test('the build manifest names the build and its route rules', async () => {
    const latest = await (await get('/builds/latest.json')).json();
    const meta = await (await get(`/builds/meta/${latest.id}.json`)).json();
    expect(meta.id).toBe(latest.id);
    expect(meta.prerendered).toContain('/zh-CN/about');
    const { oldPath, newPath } = inject('renamed');
    expect(meta.routeRules[oldPath].redirect.to).toBe(newPath);
    expect(meta.routeRules[`/zh-CN${oldPath}`].redirect.to).toBe(`/zh-CN${newPath}`);
  });
});

describe('paths that are not pages', () => {
  test('an unknown id, a wrong slug for a real id and an unknown path answer 404 with noindex', async () => {
    const page = await browser.open('/');
    for (const path of ['/product/999999-nothing', '/product/1-not-its-name', '/zh-CN/knowledge/1-wrong', '/nope']) {
      const response = await page.goto(path);
      expect(response?.status(), path).toBe(404);
      expect(await page.getAttribute('meta[name=robots]', 'content')).toBe('noindex');
      await expect(page.locator('h1').textContent()).resolves.toBe(`Page Not Found: ${path}`);
    }
    await page.context().close();
  });

  test('a renamed product’s old link redirects to its new page (301 from the server)', async () => {
    const { oldPath, newPath } = inject('renamed');
    const response = await get(oldPath);
    expect(response.status).toBe(301);
    expect(response.headers.get('location')).toBe(newPath);
    expect((await get(newPath)).status).toBe(200);
  });

  test('on a plain static host the 404 page follows the manifest’s redirect rule', async () => {
    const { oldPath, newPath } = inject('renamed');
    const page = await browser.open('/', { baseURL: inject('plainBaseUrl') });
    const response = await page.goto(`/zh-CN${oldPath}`);
    expect(response?.status()).toBe(404);
    await page.waitForURL(`**/zh-CN${newPath}`);
    expect(await page.getAttribute('html', 'lang')).toBe('zh-CN');
    await page.context().close();
  });
});

describe('navigation and privacy', () => {
  test('lands at the top of a new page, or at the anchor when one is given', async () => {
    const page = await browser.open('/about');
    await page.mouse.wheel(0, 2000);
    await page.locator('footer a[href="/files/faq"]').first().click();
    await page.waitForURL('**/files/faq');
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    await page.goto('/about#corporate-culture');
    const top = await page.locator('#corporate-culture').evaluate((el) => el.getBoundingClientRect().top);
    expect(top).toBeGreaterThanOrEqual(0);
    expect(top).toBeLessThan(300);
    await page.context().close();
  });

  test('no page asks any host but the site itself', async () => {
    const page = await browser.open('/');
    const hosts = new Set<string>();
    page.context().on('request', (request) => {
      hosts.add(new URL(request.url()).host);
    });
    const sitemapLinks = ['/', '/zh-CN/', '/about', '/knowledge', '/solutions', '/contact', '/zh-CN/sitemap'];
    await page.goto('/sitemap');
    sitemapLinks.push(await firstLink(page, '/product/'), await firstLink(page, '/category/list/'));
    for (const path of sitemapLinks) {
      await page.goto(path);
      await page.waitForLoadState('networkidle');
    }
    expect([...hosts]).toEqual([new URL(baseUrl).host]);
    await page.context().close();
  });
});

describe('without JavaScript', () => {
  test('catalogue pages hold all their text: specs, category products, articles, solution bodies', async () => {
    const page = await browser.open('/zh-CN/sitemap', { javaScriptEnabled: false });
    const product = await firstLink(page, '/zh-CN/product/');
    const list = await firstLink(page, '/zh-CN/category/list/');
    const solution = await firstLink(page, '/zh-CN/solutions/');
    await page.goto(product);
    expect(await page.locator('.specs tbody tr').count()).toBeGreaterThanOrEqual(6);
    await page.goto(list);
    expect(await page.locator('.product-card').count()).toBeGreaterThan(0);
    await page.goto('/zh-CN/knowledge');
    expect(await page.locator('main a[href^="/zh-CN/knowledge/"]').count()).toBeGreaterThanOrEqual(10);
    await page.goto(solution);
    expect(((await page.locator('main').textContent()) ?? '').length).toBeGreaterThan(200);
    await page.context().close();
  });
});
