import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { expectAccessible } from './axe.ts';
import { startBrowser } from './browser.ts';
import { apiCall } from './customer-api.ts';
import { ACCOUNT_PAGES, customerWithData, PAGE_TYPES, type PageType, pathsOfEachType, visit } from './page-types.ts';

// The site on a phone (issue 18): a 390 × 844 touch screen, in both languages. The compact header and its menu
// (by touch and by keyboard, every destination of the desktop header in it), what a buyer came for in the first
// screen of a product page, and every page type at 320, 390, 768 and 820 px: no sideways scrolling, body copy at
// 16 px or more, and targets in lists at least 44 px apart.

const browser = startBrowser();
const PHONE = { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true };
const MENU = 'dialog[data-site-menu]';
const MENU_BUTTON = '.site-header [data-menu-open]';

interface Category {
  slug: string;
  children: Category[];
}

/** The hrefs the menu must reach: every top and child category, solution group, solution and fixed page. */
async function destinations(prefix: string, language: 'en' | 'zh'): Promise<string[]> {
  const tree = await apiCall<Category[]>('/category/list', { language });
  const solutions = await apiCall<{ records: { slug: string }[] }>('/solutions/page', { language, pageSize: 999 });
  return [
    ...tree.flatMap((top) => [
      `${prefix}/category/top/${top.slug}`,
      ...top.children.map((child) => `${prefix}/category/list/${child.slug}`),
    ]),
    ...['microscopy-techniques', 'spectroscopy-instruments', 'semiconductor-microelectronics'].map(
      (key) => `${prefix}/solutions/${key}`,
    ),
    ...solutions.records.map((solution) => `${prefix}/solutions/${solution.slug}`),
    `${prefix}/solutions`,
    `${prefix}/knowledge`,
    `${prefix}/about`,
    `${prefix}/contact`,
    `${prefix}/files/faq`,
    `${prefix}/account/cart`,
  ];
}

const focused = (page: Page, selector: string) =>
  page.evaluate((s) => document.activeElement?.matches(s) ?? false, selector);

const menuOpen = (page: Page) =>
  page.evaluate((s) => document.querySelector<HTMLDialogElement>(s)?.open ?? false, MENU);

/** The element's box in the viewport. */
const box = async (page: Page, selector: string) => {
  const rect = await page.locator(selector).first().boundingBox();
  if (!rect) throw new Error(`${selector} is not shown on ${page.url()}`);
  return rect;
};

/** What makes the page wider than the screen, as `tag.class right-edge` lines; empty when nothing does. */
function sidewaysScroll(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const root = document.documentElement;
    if (root.scrollWidth <= root.clientWidth) return [];
    const wide = [...document.body.querySelectorAll<HTMLElement>('*')].filter(
      (el) => el.getBoundingClientRect().right > root.clientWidth + 0.5,
    );
    return [
      `scrollWidth ${root.scrollWidth} > clientWidth ${root.clientWidth}`,
      ...wide
        .slice(0, 8)
        .map((el) => `${el.tagName.toLowerCase()}.${el.className} ${el.getBoundingClientRect().right}`),
    ];
  });
}

/** Shown paragraphs, list items, cells and values in main whose own text is set under 16 px. */
function smallBodyText(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>('main p, main li, main dd, main td, main label')]
      // Labels rather than copy: breadcrumbs, badges and the eyebrow above a heading.
      .filter((el) => !el.closest('.breadcrumbs, .badge, .eyebrow'))
      .filter((el) => [...el.childNodes].some((node) => node.nodeType === 3 && node.textContent?.trim()))
      .filter((el) => el.getClientRects().length > 0 && parseFloat(getComputedStyle(el).fontSize) < 15.5)
      .slice(0, 8)
      .map(
        (el) =>
          `${el.tagName.toLowerCase()}.${el.className} ${getComputedStyle(el).fontSize}: ${el.textContent?.trim().slice(0, 40)}`,
      ),
  );
}

/**
 * Links and buttons that sit in the same list (ul, ol) closer than 44 px, centre to centre, to a neighbour in
 * the same column (or the same row); one line per pair.
 */
function crowdedTargets(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const found: string[] = [];
    for (const list of document.querySelectorAll<HTMLElement>('main ul, main ol, footer ul, footer ol')) {
      const boxes = [...list.children]
        .map((item) => item.querySelector<HTMLElement>('a[href], button, input, select'))
        .filter((el): el is HTMLElement => el !== null && el.getClientRects().length > 0)
        .filter((el) => !el.closest('.visually-hidden'))
        .map((el) => ({ el, r: el.getBoundingClientRect() }));
      for (let i = 0; i < boxes.length; i++) {
        for (let j = i + 1; j < boxes.length; j++) {
          const a = boxes[i];
          const b = boxes[j];
          if (!a || !b) continue;
          const column = a.r.left < b.r.right && b.r.left < a.r.right;
          const row = a.r.top < b.r.bottom && b.r.top < a.r.bottom;
          const dy = Math.abs(a.r.top + a.r.height / 2 - (b.r.top + b.r.height / 2));
          const dx = Math.abs(a.r.left + a.r.width / 2 - (b.r.left + b.r.width / 2));
          if ((column && dy < 43.5) || (row && !column && dx < 43.5)) {
            found.push(
              `${a.el.textContent?.trim().slice(0, 30)} / ${b.el.textContent?.trim().slice(0, 30)}: ${Math.round(column ? dy : dx)} px`,
            );
          }
        }
      }
    }
    return found.slice(0, 8);
  });
}

let token = '';
beforeAll(async () => {
  token = await customerWithData('phone');
});

describe.each([
  { locale: 'en', prefix: '', language: 'en', other: '/zh-CN', menu: 'Menu', login: 'Log in', account: 'Account' },
  { locale: 'zh-CN', prefix: '/zh-CN', language: 'zh', other: '', menu: '菜单', login: '登录', account: '账户' },
] as const)('on a 390 px phone in $locale', ({ prefix, language, other, menu, login }) => {
  test('the header is one row of at most 64 px: logo, search, cart and the menu button', async () => {
    const page = await browser.open(`${prefix}/`, PHONE);
    const header = await box(page, '.site-header');
    expect(header.height).toBeLessThanOrEqual(64);
    for (const part of [
      '.logo',
      '#search-keyword',
      '.site-header button[type=submit]',
      '[data-cart-link]',
      MENU_BUTTON,
    ]) {
      const rect = await box(page, part);
      expect(rect.y, part).toBeGreaterThanOrEqual(header.y);
      expect(rect.y + rect.height, part).toBeLessThanOrEqual(header.y + header.height);
      expect(rect.x + rect.width, part).toBeLessThanOrEqual(390);
    }
    expect(await page.locator('.site-header .header-bar').isVisible()).toBe(false);
    expect(await page.locator('.site-header [data-login]').isVisible()).toBe(false);
    // It stays one row when the page scrolls (nothing to fold on a phone).
    await page.evaluate(() => window.scrollTo(0, 600));
    await page.waitForFunction(() => document.querySelector('.site-header')?.classList.contains('folded'));
    expect((await box(page, MENU_BUTTON)).y).toBeGreaterThanOrEqual(0);
    await page.context().close();
  });

  test('search suggestions are as wide as the header row, a name on at most two lines', async () => {
    const page = await browser.open(`${prefix}/`, PHONE);
    await page.locator('#search-keyword').pressSequentially('LS-405', { delay: 20 });
    const option = page.locator('#search-panel [role=option][id^="search-option-"]').first();
    await option.waitFor();
    const panel = await box(page, '#search-panel');
    expect(panel.x).toBeGreaterThanOrEqual(0);
    expect(panel.x + panel.width).toBeLessThanOrEqual(390);
    // The field alone is about 160 px wide; the panel spans the row but for its margins.
    expect(panel.width).toBeGreaterThanOrEqual(390 - 24);
    // Padding and two lines (41 px in Chinese, 66 px in English): a name that wrapped beside its part number
    // in the field's width was 165-214 px high.
    expect((await option.boundingBox())?.height).toBeLessThanOrEqual(72);
    await page.context().close();
  });

  test('the menu opens by a tap and closes by its close button, focus back on the menu button', async () => {
    const page = await browser.open(`${prefix}/`, PHONE);
    const button = page.locator(MENU_BUTTON);
    expect(await button.getAttribute('aria-expanded')).toBe('false');
    await button.tap();
    const dialog = page.getByRole('dialog', { name: menu });
    await dialog.waitFor({ state: 'visible' });
    expect(await button.getAttribute('aria-expanded')).toBe('true');
    expect(await focused(page, `${MENU} *`)).toBe(true);
    await dialog.locator('[data-menu-close]').tap();
    await dialog.waitFor({ state: 'hidden' });
    expect(await menuOpen(page)).toBe(false);
    // The dialog's close event, which puts the bar back, comes a moment after it is hidden.
    await expect.poll(() => button.getAttribute('aria-expanded')).toBe('false');
    expect(await focused(page, MENU_BUTTON)).toBe(true);
    // The bar went back where it was.
    expect(await page.locator('.site-header > nav.header-bar').count()).toBe(1);
    await page.context().close();
  });

  test('the menu opens with Enter, keeps Tab inside, opens a group with Enter and closes with Escape', async () => {
    const page = await browser.open(`${prefix}/`, PHONE);
    for (let i = 0; i < 10 && !(await focused(page, MENU_BUTTON)); i++) await page.keyboard.press('Tab');
    expect(await focused(page, MENU_BUTTON)).toBe(true);
    await page.keyboard.press('Enter');
    await page.locator(`${MENU}[open]`).waitFor();
    for (let i = 0; i < 20; i++) {
      await page.keyboard.press('Tab');
      expect(await focused(page, `${MENU} *`), `focus after ${i + 1} Tabs`).toBe(true);
    }
    await page.locator(`${MENU} button[aria-controls="panel-products"]`).focus();
    await page.keyboard.press('Enter');
    await page.locator(`${MENU} #panel-products`).waitFor({ state: 'visible' });
    await page.keyboard.press('Tab');
    expect(await focused(page, `${MENU} #panel-products a`)).toBe(true);
    await page.keyboard.press('Escape');
    await page.locator(MENU).waitFor({ state: 'hidden' });
    await expect.poll(() => page.locator(MENU_BUTTON).getAttribute('aria-expanded')).toBe('false');
    expect(await focused(page, MENU_BUTTON)).toBe(true);
    await page.context().close();
  });

  test('every destination of the header is in the menu, and a tap on one goes there', async () => {
    const page = await browser.open(`${prefix}/`, PHONE);
    await page.tap(MENU_BUTTON);
    const dialog = page.locator(`${MENU}[open]`);
    await dialog.waitFor();
    const shownLinks = () =>
      dialog
        .locator('a[href]')
        .evaluateAll((links) => links.filter((a) => a.getClientRects().length > 0).map((a) => a.getAttribute('href')));
    // Products and Solutions are groups that open by a tap (one at a time) and close by another.
    const shown = new Set(await shownLinks());
    for (const group of ['products', 'solutions']) {
      const trigger = dialog.locator(`button[aria-controls="panel-${group}"]`);
      await trigger.tap();
      await dialog.locator(`#panel-${group}`).waitFor({ state: 'visible' });
      expect(await trigger.getAttribute('aria-expanded')).toBe('true');
      for (const href of await shownLinks()) shown.add(href);
    }
    await dialog.locator('button[aria-controls="panel-solutions"]').tap();
    await dialog.locator('#panel-solutions').waitFor({ state: 'hidden' });
    const expected = await destinations(prefix, language);
    expect(expected.length).toBeGreaterThan(20);
    expect(
      expected.filter((href) => !shown.has(href)),
      'destinations the menu does not show',
    ).toEqual([]);
    // Inquire writes to sales; log in, help and the other language are there too, each a visible target.
    expect(await dialog.locator('a[href^="mailto:"]').isVisible()).toBe(true);
    expect((await dialog.locator('[data-login]').textContent())?.trim()).toBe(login);
    const switcher = dialog.locator('[data-locale-switch]');
    expect(await switcher.getAttribute('href')).toBe(other || '/');
    for (const target of await dialog.locator('a[href]:visible, button:visible').all()) {
      const rect = await target.boundingBox();
      expect(rect?.height ?? 0, (await target.textContent()) ?? '').toBeGreaterThanOrEqual(44);
      expect((rect?.x ?? 0) + (rect?.width ?? 0)).toBeLessThanOrEqual(390);
    }
    await dialog.locator('button[aria-controls="panel-solutions"]').tap();
    const child = dialog.locator('#panel-solutions ul a').first();
    const href = (await child.getAttribute('href')) ?? '';
    await child.tap();
    await page.waitForURL((url) => url.pathname === href);
    expect(await menuOpen(page)).toBe(false);
    await page.context().close();
  });

  test('log in from the menu closes the menu and opens the login dialog', async () => {
    const page = await browser.open(`${prefix}/`, PHONE);
    await page.tap(MENU_BUTTON);
    await page.locator(`${MENU} [data-login]`).tap();
    await page.getByRole('dialog', { name: login }).waitFor({ state: 'visible' });
    expect(await menuOpen(page)).toBe(false);
    await page.keyboard.press('Escape');
    await page.locator('dialog[data-login-dialog]').waitFor({ state: 'hidden' });
    await expect.poll(() => focused(page, MENU_BUTTON)).toBe(true);
    await page.context().close();
  });

  test('axe finds nothing with the menu open, and with a group open', async () => {
    const page = await browser.open(`${prefix}/`, PHONE);
    await page.tap(MENU_BUTTON);
    await page.locator(`${MENU}[open]`).waitFor();
    await expectAccessible(page, 'the open menu');
    await page.tap(`${MENU} button[aria-controls="panel-products"]`);
    await page.locator(`${MENU} #panel-products`).waitFor({ state: 'visible' });
    await expectAccessible(page, 'the open menu with Products open');
    await page.context().close();
  });

  test('a logged-in customer finds Account in the menu', async () => {
    const page = await browser.open('/favicon.svg', PHONE);
    await page.evaluate((value) => localStorage.setItem('satoken', value), token);
    await page.goto(`${prefix}/`);
    await page.tap(MENU_BUTTON);
    const account = page.locator(`${MENU} [data-account-link]`);
    await account.waitFor({ state: 'visible' });
    expect(await account.getAttribute('href')).toBe(`${prefix}/account`);
    expect(await page.locator(`${MENU} [data-login]`).isVisible()).toBe(false);
    await account.tap();
    await page.waitForURL((url) => url.pathname === `${prefix}/account`);
    await page.context().close();
  });

  test('a product page shows its name, part number, price and ship date in the first screen', async () => {
    const page = await browser.open(`${prefix}/`, PHONE);
    const product = await page.locator('main a[href*="/product/"]').first().getAttribute('href');
    await page.goto(product ?? '/');
    for (const part of ['main h1', 'main .part-number', 'main .facts .price', 'main .facts dd:last-child']) {
      const rect = await box(page, part);
      expect(rect.y, part).toBeGreaterThanOrEqual(0);
      expect(rect.y + rect.height, part).toBeLessThanOrEqual(844);
      expect(rect.x + rect.width, part).toBeLessThanOrEqual(390);
    }
    // The image fits its frame and keeps its shape; configure now and the specifications follow it.
    const image = await page.evaluate(() => {
      const img = document.querySelector<HTMLImageElement>('main .gallery img');
      if (!img) return undefined;
      const rect = img.getBoundingClientRect();
      return { right: rect.right, ratio: rect.width / rect.height, natural: img.naturalWidth / img.naturalHeight };
    });
    expect(image?.right).toBeLessThanOrEqual(390);
    expect(image?.ratio).toBeCloseTo(image?.natural ?? 0, 1);
    const order = await page.evaluate(() =>
      ['main h1', 'main .gallery', 'main .configure', 'main .specs'].map(
        (s) => document.querySelector(s)?.getBoundingClientRect().top ?? -1,
      ),
    );
    expect(order).toEqual([...order].sort((a, b) => a - b));
    expect(await sidewaysScroll(page)).toEqual([]);
    await page.context().close();
  });
});

describe.each([
  { locale: 'en', prefix: '' },
  { locale: 'zh-CN', prefix: '/zh-CN' },
])('every page type on a phone in $locale', ({ prefix }) => {
  let page: Page;
  let paths: Record<PageType, string>;
  beforeAll(async () => {
    page = await browser.open(`${prefix}/`, { ...PHONE, viewport: { width: 320, height: 700 } });
    paths = await pathsOfEachType(page, prefix);
  });
  afterAll(async () => {
    await page?.context().close();
  });

  /**
   * No sideways scroll at 320, 390, 768 and 820 px (a tablet, where the header's line was longest); at 390 body
   * copy of 16 px and targets 44 px apart.
   */
  async function expectPhoneFriendly(what: string) {
    for (const width of [320, 390, 768, 820]) {
      await page.setViewportSize({ width, height: 700 });
      await page.waitForTimeout(50);
      expect(await sidewaysScroll(page), `${what} at ${width} px scrolls sideways`).toEqual([]);
      if (width !== 390) continue;
      expect(await smallBodyText(page), `${what}: body text under 16 px`).toEqual([]);
      expect(await crowdedTargets(page), `${what}: targets closer than 44 px`).toEqual([]);
    }
    await page.setViewportSize({ width: 320, height: 700 });
  }

  test.each(PAGE_TYPES)('the %s page fits the screen', async (type) => {
    await visit(page, paths[type]);
    await expectPhoneFriendly(type);
  });

  test('a part number is never broken at its hyphens, nor a value parted from its unit', async () => {
    const brokenAt = (selector: string) =>
      page.evaluate((s) => {
        // A text's lines: the distinct tops of its ranges' boxes.
        const lines = (element: Element) => {
          const range = document.createRange();
          range.selectNodeContents(element);
          return new Set([...range.getClientRects()].map((rect) => Math.round(rect.top))).size;
        };
        return [...document.querySelectorAll(s)].filter((e) => lines(e) > 1).map((e) => e.textContent);
      }, selector);
    await visit(page, `${prefix}/downloads`);
    expect(await page.locator('td.part-number').count()).toBeGreaterThan(10);
    expect(await brokenAt('td.part-number')).toEqual([]);
    await visit(page, paths.product);
    expect(await brokenAt('main .part-number .pn, main .product-card .pn')).toEqual([]);
    // Between a number and its unit the space is one that does not break ("785 nm", "< 1 %").
    const cells = await page.locator('main table.specs td').allTextContents();
    expect(cells.some((text) => /\d\u00a0\S/.test(text))).toBe(true);
    expect(cells.filter((text) => /\d (nm|mm|µm|mW|W|%|°C|kg|Hz|MHz)\b/.test(text))).toEqual([]);
  });

  test('the product finder fits the screen', async () => {
    await visit(page, paths['category list']);
    await page.locator('.category-browser [role=tab][id$="-tab-finder"]').tap();
    await page.locator('.finder-facets').waitFor();
    await expectPhoneFriendly('the product finder');
  });

  test("the finder's link past its facets brings its results into view", async () => {
    await page.setViewportSize({ width: 390, height: 700 });
    await visit(page, paths['category list']);
    await page.locator('.category-browser [role=tab][id$="-tab-finder"]').tap();
    const link = page.locator('.finder .to-results');
    await link.waitFor();
    const count = Number(((await link.textContent()) ?? '').match(/\d+/)?.[0]);
    expect(count).toBeGreaterThan(0);
    await link.tap();
    await expect
      .poll(() => page.evaluate(() => document.querySelector('.finder-results')?.getBoundingClientRect().top ?? -1))
      .toBeLessThan(100);
    expect(await page.evaluate(() => document.activeElement?.classList.contains('finder-results'))).toBe(true);
    await page.setViewportSize({ width: 320, height: 700 });
  });

  describe('logged in', () => {
    beforeAll(async () => {
      await page.evaluate((value) => localStorage.setItem('satoken', value), token);
    });
    afterAll(async () => {
      await page.evaluate(() => localStorage.removeItem('satoken'));
    });
    test.each(ACCOUNT_PAGES)('the account $name page fits the screen', async ({ name, path, ready }) => {
      await visit(page, `${prefix}${path}`, ready);
      await expectPhoneFriendly(`the account ${name} page`);
    });
  });
});
