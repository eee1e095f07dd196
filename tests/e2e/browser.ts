import { existsSync } from 'node:fs';
import { type Browser, type BrowserContextOptions, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, inject } from 'vitest';

/** Chromium from CHROMIUM_PATH, else Debian's /usr/bin/chromium. */
export function chromiumPath(): string {
  const path = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
  if (!existsSync(path)) {
    throw new Error(
      `Chromium not found at ${path}. Install Debian's Chromium (apt-get install -y chromium) or set CHROMIUM_PATH.`,
    );
  }
  return path;
}

const FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/** One browser for a test file; pages from `open` start at a path of the served site. */
export function startBrowser() {
  let browser: Browser | undefined;
  const baseUrl = inject('baseUrl');
  beforeAll(async () => {
    browser = await chromium.launch({ executablePath: chromiumPath(), args: FLAGS });
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
