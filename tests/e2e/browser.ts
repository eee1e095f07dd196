import type { Browser, BrowserContextOptions, Page } from 'playwright-core';
import { afterAll, beforeAll, inject } from 'vitest';
import { launchChromium } from './chromium.ts';

/** One browser for a test file; pages from `open` start at a path of the served site. */
export function startBrowser() {
  let browser: Browser | undefined;
  const baseUrl = inject('baseUrl');
  beforeAll(async () => {
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
  });
  return {
    baseUrl,
    async open(path: string, options: BrowserContextOptions = {}): Promise<Page> {
      if (!browser) throw new Error('the browser is not running');
      const context = await browser.newContext({ baseURL: baseUrl, ...options });
      const page = await context.newPage();
      await page.goto(path);
      return page;
    },
  };
}

/** Waits until every island on the page has hydrated (Astro drops `ssr` from <astro-island> then). */
export async function islandsReady(page: Page): Promise<void> {
  await page.waitForFunction(() => document.querySelectorAll('astro-island[ssr]').length === 0);
}
