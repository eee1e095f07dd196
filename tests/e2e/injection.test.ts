import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, inject, test } from 'vitest';
import { scriptHash } from '#build/finish/site-csp.ts';
import { startBrowser } from './browser.ts';

// Editors' content and odd URLs are an attacker's way in: a name that closes a script, a body with an event
// handler, a path that looks like another host. None may run script or take a visitor off the site.
const browser = startBrowser();
const hostile = inject('hostile');
const origin = new URL(inject('baseUrl')).origin;

declare global {
  interface Window {
    pwned?: number;
  }
}

/** The parsed JSON-LD blocks of the page. */
async function jsonLd(page: Page): Promise<Record<string, unknown>[]> {
  const blocks = await page.locator('script[type="application/ld+json"]').allTextContents();
  return blocks.map((block) => JSON.parse(block));
}

/** The `name` of the BreadcrumbList's last item. */
function lastCrumb(blocks: Record<string, unknown>[]): unknown {
  const list = blocks.find((block) => block['@type'] === 'BreadcrumbList') as
    | { itemListElement: { name: string }[] }
    | undefined;
  return list?.itemListElement.at(-1)?.name;
}

describe.each([
  { locale: 'en', prefix: '' },
  { locale: 'zh-CN', prefix: '/zh-CN' },
] as const)('a build with hostile content ($locale)', ({ locale, prefix }) => {
  const name = hostile.names[locale];
  test('shows a product named to close the JSON-LD script as text, and its JSON-LD still names it', async () => {
    const page = await browser.open(`${prefix}${hostile.productPath}`);
    await page.waitForLoadState('load');
    expect(await page.evaluate(() => window.pwned)).toBeUndefined();
    expect(await page.locator('h1').first().textContent()).toContain(name);
    const blocks = await jsonLd(page);
    expect(blocks.find((block) => block['@type'] === 'Product')?.name).toBe(name);
    expect(lastCrumb(blocks)).toBe(name);
    await page.context().close();
  });

  test('shows an article with a hostile name and body without running either', async () => {
    const page = await browser.open(`${prefix}${hostile.articlePath}`);
    await page.waitForLoadState('load');
    expect(await page.evaluate(() => window.pwned)).toBeUndefined();
    expect(await page.locator('.prose').first().textContent()).toContain('Setup');
    expect(await page.locator('.prose img, .prose script, [onerror]').count()).toBe(0);
    const blocks = await jsonLd(page);
    expect(blocks.find((block) => /Article$/.test(String(block['@type'])))?.headline).toBe(name);
    expect(lastCrumb(blocks)).toBe(name);
    await page.context().close();
  });
});

describe('the policy of a build with hostile content', () => {
  test("allows none of the hostile names' script, in _headers or in any page: only the build's own", () => {
    const siteDir = inject('siteDir');
    // The name closes a script and opens another; where it stands in an attribute's value as it is (an
    // image's alt), a policy that hashed every `<script>` it read would list this one.
    const hostileHash = scriptHash('window.pwned=1');
    expect(readFileSync(join(siteDir, '_headers'), 'utf8')).not.toContain(hostileHash);
    const pages = readdirSync(siteDir, { recursive: true, encoding: 'utf8' }).filter((file) => file.endsWith('.html'));
    expect(pages.length).toBeGreaterThan(100);
    const listing = pages.filter((file) => readFileSync(join(siteDir, file), 'utf8').includes(hostileHash));
    expect(listing).toEqual([]);
  });
});

describe('a path that looks like another host', () => {
  /** A page at the path for a visitor whose `locale` cookie is set, not yet on a site page. */
  async function visit(path: string, cookie: string): Promise<Page> {
    const page = await browser.open('/favicon.svg');
    await page.context().addCookies([{ name: 'locale', value: cookie, url: origin }]);
    // Absolute: a path starting with // would be taken for a host by the browser's URL resolution.
    await page.goto(`${origin}${path}`);
    return page;
  }

  test('keeps a locale=en visitor of /zh-CN//evil.example/ on the site', async () => {
    const page = await visit('/zh-CN//evil.example/', 'en');
    await page.waitForURL((url) => url.origin === origin && url.pathname === '/evil.example/');
    expect(await page.getAttribute('html', 'lang')).toBe('en');
    await page.context().close();
  });

  test('keeps the language switch of /zh-CN//evil.example/ on the site', async () => {
    const page = await visit('/zh-CN//evil.example/?q=1', 'zh-CN');
    expect(await page.getAttribute('html', 'lang')).toBe('zh-CN');
    await page.click('a[data-locale-switch]');
    await page.waitForURL((url) => url.origin === origin && url.pathname === '/evil.example/' && url.search === '?q=1');
    expect(await page.getAttribute('html', 'lang')).toBe('en');
    await page.context().close();
  });
});
