import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, test } from 'vitest';
import { expectAccessible } from './axe.ts';
import { startBrowser } from './browser.ts';
import { ACCOUNT_PAGES, customerWithData, PAGE_TYPES, type PageType, pathsOfEachType, visit } from './page-types.ts';

// axe-core on every page type in both languages, visitor and logged-in customer, and on the header's and the
// dialogs' open states: WCAG 2.2 A and AA (touch target size included, as Lighthouse checks it) and axe's best
// practices, zero violations.

const browser = startBrowser();
let token: string | undefined;
beforeAll(async () => {
  token = await customerWithData('axe');
});

describe.each([
  { locale: 'en', prefix: '' },
  { locale: 'zh-CN', prefix: '/zh-CN' },
])('accessibility in $locale', ({ prefix }) => {
  let context: BrowserContext;
  let page: Page;
  let paths: Record<PageType, string>;

  beforeAll(async () => {
    page = await browser.open(`${prefix}/`);
    context = page.context();
    paths = await pathsOfEachType(page, prefix);
  });
  afterAll(async () => {
    await context?.close();
  });

  test.each(PAGE_TYPES)('the %s page has no violations', async (type) => {
    await visit(page, paths[type]);
    await expectAccessible(page, type);
  });

  test('the open login dialog has no violations', async () => {
    await visit(page, `${prefix}/`);
    await page.locator('.site-header button[data-login]').click();
    await page.locator('dialog[data-login-dialog][open]').waitFor();
    await expectAccessible(page, 'the login dialog');
    await page.keyboard.press('Escape');
  });

  test('the open Products and Solutions panels have no violations', async () => {
    await visit(page, `${prefix}/`);
    for (const panel of ['products', 'solutions']) {
      await page.hover(`button[aria-controls="panel-${panel}"]`);
      await page.locator(`#panel-${panel}`).waitFor({ state: 'visible' });
      await expectAccessible(page, `the ${panel} panel`);
    }
    await page.mouse.move(0, 600);
  });

  test('the open search panel has no violations', async () => {
    await visit(page, `${prefix}/`);
    await page.locator('#search-keyword').focus();
    await page.locator('#search-panel').waitFor({ state: 'visible' });
    await expectAccessible(page, 'the search panel');
    // With suggestions, one of them active and its matched part marked.
    await page.locator('#search-keyword').pressSequentially('spectrometer', { delay: 20 });
    await page.locator('#search-panel [role=option][id^="search-option-"]').first().waitFor();
    await page.keyboard.press('ArrowDown');
    await expectAccessible(page, 'the search suggestions');
  });

  test('the product finder view of a category has no violations', async () => {
    await visit(page, paths['category list']);
    await page.locator('.category-browser [role=tab][id$="-tab-finder"]').click();
    await page.locator('.finder-facets').waitFor();
    await expectAccessible(page, 'the product finder');
  });

  test('the folded header has no violations', async () => {
    await visit(page, paths['category list']);
    await page.evaluate(() => window.scrollTo(0, 400));
    await page.waitForFunction(() => document.querySelector('.site-header')?.classList.contains('folded'));
    // The header only: axe does not model sticky positioning (dequelabs/axe-core#3720), so on a scrolled page
    // the links passing under the header count as crowding its targets. The page itself is checked unscrolled.
    await expectAccessible(page, 'the folded header', '.site-header');
  });

  describe('logged in', () => {
    let customer: Page;
    beforeAll(async () => {
      customer = await browser.open('/favicon.svg');
      await customer.evaluate((value) => localStorage.setItem('satoken', value), token ?? '');
    });
    afterAll(async () => {
      await customer?.context().close();
    });

    test.each(ACCOUNT_PAGES)('the account $name page has no violations', async ({ name, path, ready }) => {
      await visit(customer, `${prefix}${path}`, ready);
      await expectAccessible(customer, `the account ${name} page`);
    });

    test('the open logout confirmation has no violations', async () => {
      await visit(customer, `${prefix}/account`, '[data-profile-name]');
      await customer.locator('.logout > button').click();
      await customer.locator('dialog.confirm-dialog[open]').waitFor();
      await expectAccessible(customer, 'the logout confirmation');
      await customer.keyboard.press('Escape');
    });

    test('the header of a logged-in customer has no violations', async () => {
      await visit(customer, `${prefix}/`);
      await customer.locator('.site-header a[data-account-link]').waitFor({ state: 'visible' });
      await expectAccessible(customer, 'the home page, logged in');
    });
  });
});
