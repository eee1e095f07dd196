import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { startBrowser } from './browser.ts';
import { apiCall } from './customer-api.ts';

interface Category {
  slug: string;
  name: string;
  children: Category[];
}

const browser = startBrowser();

const BAIDUSPIDER = 'Mozilla/5.0 (compatible; Baiduspider/2.0; +http://www.baidu.com/search/spider.html)';
const ONE_YEAR = 365 * 24 * 60 * 60;

/** Presses Tab until the focused element matches `selector`; fails after `limit` presses. */
async function tabTo(page: Page, selector: string, limit = 40): Promise<void> {
  for (let i = 0; i < limit; i++) {
    await page.keyboard.press('Tab');
    if (await page.evaluate((s) => document.activeElement?.matches(s) ?? false, selector)) return;
  }
  throw new Error(`Tab never reached ${selector}`);
}

const focused = (page: Page, selector: string) =>
  page.evaluate((s) => document.activeElement?.matches(s) ?? false, selector);

const isFolded = (page: Page) =>
  page.evaluate(() => document.querySelector('.site-header')?.classList.contains('folded') ?? false);

/**
 * The path of the first child category in the Products panel, e.g. '/category/list/12-fiber-lasers'. The
 * children come from /menu.json once the pointer enters the panel's item (decision 0082).
 */
async function firstCategoryListPath(page: Page): Promise<string> {
  await page.hover('button[aria-controls="panel-products"]');
  const href = await page.locator('#panel-products ul ul a').first().getAttribute('href');
  await page.mouse.move(0, 600);
  return (href ?? '').replace(/^\/zh-CN/, '');
}

describe.each([
  { locale: 'en', prefix: '', hint: 'Search by product name', login: 'Log in', cartReason: 'Log in to see your cart.' },
  { locale: 'zh-CN', prefix: '/zh-CN', hint: '按产品名称', login: '登录', cartReason: '登录后即可查看购物车。' },
])('the header in $locale', ({ prefix, hint, login, cartReason }) => {
  const productsTrigger = 'button[aria-controls="panel-products"]';

  test("keeps the bar's menu and its two buttons to one row from 768 to 800 px", async () => {
    const page = await browser.open(`${prefix}/`);
    for (const width of [768, 776, 784, 792, 800]) {
      await page.setViewportSize({ width, height: 600 });
      const boxes = await page.evaluate(() =>
        [...document.querySelectorAll('.site-header .bar-inner :is(.panel-trigger, .bar-link, .button)')].map(
          (element) => element.getBoundingClientRect().toJSON() as DOMRect,
        ),
      );
      expect(boxes.length, `the bar's links and buttons at ${width} px`).toBeGreaterThanOrEqual(6);
      // One row: a horizontal line crosses every one of them.
      const lowestTop = Math.max(...boxes.map((box) => box.top));
      const highestBottom = Math.min(...boxes.map((box) => box.bottom));
      expect(lowestTop, `the bar at ${width} px: tops ${boxes.map((box) => box.top).join(', ')}`).toBeLessThan(
        highestBottom,
      );
    }
    await page.context().close();
  });

  test('opens the Products panel on hover and closes it with Escape', async () => {
    const page = await browser.open(`${prefix}/`);
    const panel = page.locator('#panel-products');
    await expect(panel.isVisible()).resolves.toBe(false);
    await page.hover(productsTrigger);
    await panel.waitFor({ state: 'visible' });
    expect(await page.getAttribute(productsTrigger, 'aria-expanded')).toBe('true');
    expect(await panel.locator('ul ul a').count()).toBeGreaterThan(3);
    await page.keyboard.press('Escape');
    await panel.waitFor({ state: 'hidden' });
    expect(await page.getAttribute(productsTrigger, 'aria-expanded')).toBe('false');
    await page.context().close();
  });

  test('opens the Products panel with Enter, Space or ArrowDown, never on focus alone, and reaches a child category', async () => {
    const page = await browser.open(`${prefix}/`);
    const panel = page.locator('#panel-products');
    const expanded = () => page.getAttribute(productsTrigger, 'aria-expanded');
    await tabTo(page, productsTrigger);
    await page.waitForTimeout(100);
    expect(await panel.isVisible()).toBe(false);
    expect(await expanded()).toBe('false');

    // Enter opens (the key a person presses to open it), Enter again closes.
    await page.keyboard.press('Enter');
    await panel.waitFor({ state: 'visible' });
    expect(await expanded()).toBe('true');
    await page.keyboard.press('Enter');
    await panel.waitFor({ state: 'hidden' });
    await page.keyboard.press('Space');
    await panel.waitFor({ state: 'visible' });
    await page.keyboard.press('Tab');
    expect(await focused(page, '#panel-products a.panel-top')).toBe(true);
    await page.keyboard.press('Escape');
    await panel.waitFor({ state: 'hidden' });
    expect(await focused(page, productsTrigger)).toBe(true);
    expect(await expanded()).toBe('false');

    // Tabbing on past the closed panel goes to the next item of the bar, not into the panel.
    await page.keyboard.press('Tab');
    expect(await focused(page, 'button[aria-controls="panel-solutions"]')).toBe(true);
    expect(await page.locator('#panel-solutions').isVisible()).toBe(false);
    await page.keyboard.press('Shift+Tab');

    await page.keyboard.press('ArrowDown');
    await panel.waitFor({ state: 'visible' });
    expect(await focused(page, '#panel-products a.panel-top')).toBe(true);
    await page.keyboard.press('Tab');
    expect(await focused(page, `#panel-products ul ul a[href^="${prefix}/category/list/"]`)).toBe(true);
    await page.keyboard.press('Enter');
    await page.waitForURL(new RegExp(`${prefix}/category/list/\\d+-[a-z0-9-]+$`));
    await page.context().close();
  });

  test('lists the three solution groups with their solutions in the Solutions panel', async () => {
    const page = await browser.open(`${prefix}/`);
    await page.hover('button[aria-controls="panel-solutions"]');
    const panel = page.locator('#panel-solutions');
    await panel.waitFor({ state: 'visible' });
    const groups = panel.locator('.solution-groups > li > a.panel-top');
    expect(await groups.count()).toBe(3);
    for (const href of await groups.evaluateAll((links) => links.map((a) => a.getAttribute('href')))) {
      expect(href).toMatch(new RegExp(`^${prefix}/solutions/[a-z0-9-]+$`));
    }
    // The solutions come from /menu.json once the pointer is over the item (decision 0082).
    await panel.locator('.solution-groups ul a').first().waitFor();
    expect(await panel.locator('.solution-groups ul a').count()).toBeGreaterThanOrEqual(3);
    await page.context().close();
  });

  test('folds the header past 164 px of scroll, closing an open panel, and unfolds at the top', async () => {
    const home = await browser.open(`${prefix}/`);
    const path = await firstCategoryListPath(home);
    await home.goto(`${prefix}${path}`);
    const page = home;
    expect(await page.evaluate(() => document.documentElement.scrollHeight)).toBeGreaterThan(720 + 200);
    expect(await isFolded(page)).toBe(false);

    await page.hover(productsTrigger);
    await page.locator('#panel-products').waitFor({ state: 'visible' });
    await page.evaluate(() => window.scrollTo(0, 200));
    await page.waitForFunction(() => document.querySelector('.site-header')?.classList.contains('folded'));
    await page.locator('#panel-products').waitFor({ state: 'hidden' });
    expect(await page.getAttribute(productsTrigger, 'aria-expanded')).toBe('false');
    expect(await page.evaluate(() => window.scrollY)).toBe(200);
    expect(await page.locator('.header-bar').isVisible()).toBe(true);

    await page.evaluate(() => window.scrollTo(0, 0));
    await page.waitForFunction(() => !document.querySelector('.site-header')?.classList.contains('folded'));
    await page.context().close();
  });

  test('opens the search panel with a hint on focus and closes it on blur', async () => {
    const page = await browser.open(`${prefix}/`);
    const input = page.locator('#search-keyword');
    const panel = page.locator('#search-panel');
    expect(await input.getAttribute('aria-controls')).toBe('search-panel');
    expect(await panel.isVisible()).toBe(false);
    await input.focus();
    await panel.waitFor({ state: 'visible' });
    expect(await input.getAttribute('aria-expanded')).toBe('true');
    expect(await panel.textContent()).toContain(hint);
    await input.blur();
    await panel.waitFor({ state: 'hidden' });
    expect(await input.getAttribute('aria-expanded')).toBe('false');
    await page.context().close();
  });

  test('opens the login dialog from Log in, keeps focus inside, and closes on Escape', async () => {
    const page = await browser.open(`${prefix}/`);
    const button = page.locator('.site-header button[data-login]');
    expect((await button.textContent())?.trim()).toBe(login);
    await button.click();
    const dialog = page.getByRole('dialog', { name: login });
    await dialog.waitFor({ state: 'visible' });
    for (let i = 0; i < 5; i++) {
      expect(await focused(page, 'dialog[data-login-dialog] *')).toBe(true);
      await page.keyboard.press('Tab');
    }
    expect(await dialog.locator(`a[href="${prefix}/register"]`).count()).toBe(1);
    expect(await dialog.locator(`a[href="${prefix}/forgot"]`).count()).toBe(1);
    expect(await dialog.locator('input[name=account]').count()).toBe(1);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    expect(await focused(page, '.site-header button[data-login]')).toBe(true);
    await page.context().close();
  });

  test('opens the login dialog instead of the cart for a visitor', async () => {
    const page = await browser.open(`${prefix}/`);
    const cart = page.locator('.site-header a[data-cart-link]');
    expect(await cart.getAttribute('href')).toBe(`${prefix}/account/cart`);
    expect(await cart.locator('[data-cart-count]').textContent()).toBe('0');
    const before = page.url();
    await cart.click();
    const dialog = page.getByRole('dialog', { name: login });
    await dialog.waitFor({ state: 'visible' });
    expect(await dialog.textContent()).toContain(cartReason);
    expect(page.url()).toBe(before);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    expect(await focused(page, '.site-header a[data-cart-link]')).toBe(true);
    await page.context().close();
  });

  test('sends the footer sign-up email to the register page', async () => {
    const page = await browser.open(`${prefix}/`);
    await page.fill('#footer-email', 'ada@example.com');
    await page.locator('footer form.signup button[type="submit"]').click();
    await page.waitForURL((url) => url.pathname === `${prefix}/register` && url.search === '?email=ada%40example.com');
    await page.context().close();
  });
});

describe('the header without JavaScript', () => {
  test('still opens the Products panel on hover and on focus, with the top categories (their pages list the rest)', async () => {
    const page = await browser.open('/', { javaScriptEnabled: false });
    const panel = page.locator('#panel-products');
    await page.hover('button[aria-controls="panel-products"]');
    await panel.waitFor({ state: 'visible' });
    await page.mouse.move(0, 600);
    await panel.waitFor({ state: 'hidden' });
    await tabTo(page, '#panel-products a.panel-top[href^="/category/top/"]');
    expect(await panel.isVisible()).toBe(true);
    expect(await panel.locator('a.panel-top').count()).toBeGreaterThanOrEqual(4);
    await page.context().close();
  });
});

describe('the panels’ subcategories and solutions', () => {
  test('come from /menu.json once, on the first sign of interest, and match the category tree and the solutions', async () => {
    const page = await browser.open('/zh-CN/');
    const asked: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname.endsWith('/menu.json')) asked.push(new URL(request.url()).pathname);
    });
    await page.waitForTimeout(300);
    expect(asked, 'nothing fetched before the visitor shows interest').toEqual([]);
    await page.hover('button[aria-controls="panel-products"]');
    const children = page.locator('#panel-products ul ul a');
    await children.first().waitFor();
    await page.mouse.move(0, 600);
    await page.hover('button[aria-controls="panel-solutions"]');
    const solutions = page.locator('#panel-solutions ul ul a');
    await solutions.first().waitFor();
    expect(asked).toEqual(['/zh-CN/menu.json']);

    const tree = await apiCall<Category[]>('/category/list', { language: 'zh' });
    const expected = tree.flatMap((top) =>
      top.children.map((child) => [`/zh-CN/category/list/${child.slug}`, child.name]),
    );
    const linksOf = (links: typeof children) =>
      links.evaluateAll((anchors) => anchors.map((a) => [a.getAttribute('href'), a.textContent]));
    expect(await linksOf(children)).toEqual(expected);
    const published = await apiCall<{ records: { slug: string; title: string }[] }>('/solutions/page', {
      language: 'zh',
      pageSize: 999,
    });
    expect((await linksOf(solutions)).sort()).toEqual(
      published.records.map((solution) => [`/zh-CN/solutions/${solution.slug}`, solution.title]).sort(),
    );
    await page.context().close();
  });
});

describe('the language switch', () => {
  test('remembers the choice in a cookie for a year and lands on the same page in Chinese and back', async () => {
    const home = await browser.open('/');
    const path = await firstCategoryListPath(home);
    const page = home;
    await page.goto(`${path}?ref=header#main`);
    expect(await page.getAttribute('a[data-locale-switch]', 'href')).toBe(`/zh-CN${path}`);

    await page.click('a[data-locale-switch]');
    await page.waitForURL((url) => url.pathname === `/zh-CN${path}` && url.search === '?ref=header');
    expect(new URL(page.url()).hash).toBe('#main');
    expect(await page.getAttribute('html', 'lang')).toBe('zh-CN');
    const [cookie] = (await page.context().cookies()).filter((c) => c.name === 'locale');
    expect(cookie).toMatchObject({ value: 'zh-CN', path: '/', sameSite: 'Lax' });
    expect(Math.abs((cookie?.expires ?? 0) - (Date.now() / 1000 + ONE_YEAR))).toBeLessThan(120);

    await page.click('a[data-locale-switch]');
    await page.waitForURL((url) => url.pathname === path && url.search === '?ref=header');
    expect(await page.getAttribute('html', 'lang')).toBe('en');
    const cookies = await page.context().cookies();
    expect(cookies.find((c) => c.name === 'locale')?.value).toBe('en');
    await page.context().close();
  });
});

describe('first-visit language detection', () => {
  /** A page in a context with the given browser language and `locale` cookie, not yet on a site page. */
  async function visitor(language: string, cookie?: string): Promise<Page> {
    const page = await browser.open('/favicon.svg', { locale: language });
    if (cookie) await page.context().addCookies([{ name: 'locale', value: cookie, url: browser.baseUrl }]);
    return page;
  }

  test('sends a Chinese browser without a cookie to the /zh-CN page of the same path', async () => {
    // Also shows that headless Chromium (HeadlessChrome in its user agent) is not taken for a crawler.
    const page = await visitor('zh-CN');
    await page.goto('/');
    await page.waitForURL((url) => url.pathname === '/zh-CN');
    expect(await page.getAttribute('html', 'lang')).toBe('zh-CN');

    const path = await firstCategoryListPath(page);
    await page.context().clearCookies();
    await page.goto(`${path}?q=1#main`);
    await page.waitForURL((url) => url.pathname === `/zh-CN${path}` && url.search === '?q=1' && url.hash === '#main');
    await page.context().close();
  });

  test('keeps an English browser without a cookie where it is, in either language', async () => {
    const page = await visitor('en-GB');
    await page.goto('/');
    await page.waitForTimeout(300);
    expect(new URL(page.url()).pathname).toBe('/');
    await page.goto('/zh-CN');
    await page.waitForTimeout(300);
    expect(new URL(page.url()).pathname).toBe('/zh-CN');
    await page.context().close();
  });

  test('lets a locale=en cookie keep a Chinese browser on the English page', async () => {
    const page = await visitor('zh-CN', 'en');
    await page.goto('/');
    await page.waitForTimeout(300);
    expect(new URL(page.url()).pathname).toBe('/');
    expect(await page.getAttribute('html', 'lang')).toBe('en');
    await page.goto('/zh-CN/about');
    await page.waitForURL((url) => url.pathname === '/about');
    await page.context().close();
  });

  test('lets a locale=zh-CN cookie send an English browser to Chinese', async () => {
    const page = await visitor('en-US', 'zh-CN');
    await page.goto('/about');
    await page.waitForURL((url) => url.pathname === '/zh-CN/about');
    await page.context().close();
  });

  test('leaves crawlers on the page they asked for', async () => {
    const page = await browser.open('/', { locale: 'zh-CN', userAgent: BAIDUSPIDER });
    await page.waitForTimeout(300);
    expect(new URL(page.url()).pathname).toBe('/');
    expect(await page.getAttribute('html', 'lang')).toBe('en');
    await page.context().close();
  });
});
