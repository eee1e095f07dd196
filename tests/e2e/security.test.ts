import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, inject, test } from 'vitest';
import { islandsReady, startBrowser } from './browser.ts';
import { registeredCustomer } from './customer-api.ts';

const browser = startBrowser();
const siteDir = inject('siteDir');

/** The first record page the build wrote under `section`, e.g. '/product/1-fiber-laser'. */
function firstPage(section: string): string {
  const [name] = readdirSync(join(siteDir, section), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();
  if (!name) throw new Error(`the build wrote no page under /${section}`);
  return `/${section}/${name}`;
}

/** Every kind of page: the static ones, one of each record page, the customer's shells and the 404 page. */
const PAGE_TYPES = [
  '/',
  '/about',
  '/solutions',
  firstPage('solutions'),
  '/knowledge',
  firstPage('knowledge'),
  firstPage('category/top'),
  firstPage('category/list'),
  firstPage('category/detail'),
  firstPage('product'),
  '/files/faq',
  '/downloads',
  '/help',
  '/sitemap',
  '/search?keyword=laser',
  '/contact',
  '/newsletter',
  '/register',
  '/quick-order',
  '/forgot',
  '/account',
  '/account/cart',
  '/account/quotes',
  '/no/such/page',
];

/**
 * Opens a page with CSP violations recorded from the first byte: the securitypolicyviolation events and
 * the console errors Chromium logs for them (a blocked frame, a meta tag's ignored directive).
 */
async function openWatched(
  path: string,
  { token, locale = 'en-US' }: { token?: string | undefined; locale?: string } = {},
): Promise<{ page: Page; violations: string[] }> {
  const page = await browser.open('about:blank', { locale });
  const violations: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' && /content security policy/i.test(message.text())) violations.push(message.text());
  });
  await page.exposeFunction('reportCspViolation', (text: string) => violations.push(text));
  await page.addInitScript((value) => {
    if (value) localStorage.setItem('satoken', value);
    document.addEventListener('securitypolicyviolation', (event) => {
      const report = (window as unknown as { reportCspViolation: (text: string) => void }).reportCspViolation;
      report(
        `${event.violatedDirective} blocked ${event.blockedURI || 'inline'} (${event.sourceFile}:${event.lineNumber})`,
      );
    });
  }, token ?? '');
  await page.goto(new URL(path, browser.baseUrl).toString());
  return { page, violations };
}

describe('the Content-Security-Policy', () => {
  let token = '';
  beforeAll(async () => {
    token = await registeredCustomer({ tag: 'csp', name: 'Ada Policy', password: 'no inline scripts 7' });
  });

  describe.each([
    { prefix: '', locale: 'en-US' },
    { prefix: '/zh-CN', locale: 'zh-CN' },
  ])('in $locale', ({ prefix, locale }) => {
    test.each(PAGE_TYPES)('lets %s run for a visitor and a customer with no violation', async (path) => {
      for (const as of [undefined, token]) {
        const { page, violations } = await openWatched(prefix + path, { token: as, locale });
        await page.waitForLoadState('load');
        await islandsReady(page);
        // The inline scripts ran: the session script marks a customer's page before it paints.
        expect(await page.evaluate(() => document.documentElement.hasAttribute('data-session'))).toBe(!!as);
        expect(violations, `${prefix}${path} as ${as ? 'customer' : 'visitor'}`).toEqual([]);
        await page.context().close();
      }
    });
  });

  test('refuses a page with an inline script it does not list', async () => {
    const { page, violations } = await openWatched('/');
    await page.waitForLoadState('load');
    const ran = await page.evaluate(() => {
      const script = document.createElement('script');
      script.textContent = 'window.injected = 1';
      document.body.append(script);
      return (window as unknown as { injected?: number }).injected;
    });
    expect(ran).toBeUndefined();
    await expect.poll(() => violations.length).toBeGreaterThan(0);
    await page.context().close();
  });

  test('refuses to let another origin frame an account page', async () => {
    const account = new URL('/account', browser.baseUrl).toString();
    // The other origin: the second server's port, its page made up here. Chromium lets a page reach a
    // loopback address only with this permission, which the test grants so that only the policy can refuse.
    const framer = new URL('/framer', inject('plainBaseUrl')).toString();
    const page = await browser.open('about:blank', { permissions: ['local-network-access'] });
    const blocked: string[] = [];
    page.on('requestfailed', (request) => blocked.push(`${request.url()} ${request.failure()?.errorText}`));
    await page.route(framer, (route) =>
      route.fulfill({
        contentType: 'text/html',
        body: `<title>framer</title><iframe src="${account}" title="framed" onload="document.title='loaded'"></iframe>`,
      }),
    );
    await page.goto(framer);
    // The load event fires whether the page came or Chromium put its error page in its place.
    await page.waitForFunction(() => document.title === 'loaded');
    const framed = page.frames().find((frame) => frame !== page.mainFrame());
    expect(framed?.url()).toBe('chrome-error://chromewebdata/');
    expect(await framed?.locator('header').count()).toBe(0);
    expect(blocked).toEqual([`${account} net::ERR_BLOCKED_BY_RESPONSE`]);
    await page.context().close();
  });
});
