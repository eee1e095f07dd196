import type { Browser, BrowserContextOptions, Page, Request } from 'playwright-core';
import { afterAll, afterEach, beforeAll, inject } from 'vitest';
import { launchChromium } from './chromium.ts';

/** Schemes that never leave the browser. */
const LOCAL_SCHEMES = new Set(['data:', 'blob:', 'about:']);

/**
 * One browser for a test file; pages from `open` start at a path of the served site. Every request of every
 * page they open is watched: one to any host other than the served site's own origins (the site must work
 * without third parties, e.g. from mainland China) fails the test that was running, naming the URL.
 */
export function startBrowser() {
  let browser: Browser | undefined;
  const baseUrl = inject('baseUrl');
  const ownOrigins = new Set([baseUrl, inject('plainBaseUrl'), inject('publishUrl')].map((url) => new URL(url).origin));
  const foreign: string[] = [];
  const watch = (request: Request) => {
    const url = new URL(request.url());
    if (LOCAL_SCHEMES.has(url.protocol) || ownOrigins.has(url.origin)) return;
    let from = '';
    try {
      from = ` (from ${request.frame().url()})`;
    } catch {
      // A request of a service worker has no frame.
    }
    foreign.push(`${request.method()} ${request.url()}${from}`);
  };
  const expectNoForeignRequests = () => {
    const found = foreign.splice(0);
    if (found.length > 0) {
      throw new Error(`requests to hosts other than the site (${[...ownOrigins].join(', ')}):\n${found.join('\n')}`);
    }
  };

  beforeAll(async () => {
    browser = await launchChromium();
  });
  afterEach(expectNoForeignRequests);
  afterAll(async () => {
    await browser?.close();
    expectNoForeignRequests();
  });
  return {
    baseUrl,
    async open(path: string, options: BrowserContextOptions = {}): Promise<Page> {
      if (!browser) throw new Error('the browser is not running');
      const context = await browser.newContext({ baseURL: baseUrl, ...options });
      context.on('request', watch);
      const page = await context.newPage();
      await page.goto(path);
      return page;
    },
  };
}

/**
 * Waits until every island on the page that hydrates by itself has hydrated (Astro drops `ssr` from
 * <astro-island> then) and has read its state from the URL (islands and plain-DOM modules that do, such as
 * the knowledge centre's, mark themselves `data-restoring` until then).
 */
export async function islandsReady(page: Page): Promise<void> {
  await page.waitForFunction(
    // An island hydrated on interaction (client:interact: the header's search box) waits for the visitor.
    () => document.querySelectorAll('astro-island[ssr]:not([client="interact"]), [data-restoring]').length === 0,
  );
}
