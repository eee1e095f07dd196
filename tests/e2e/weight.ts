import { gzipSync } from 'node:zlib';
import type { Page, Response } from 'playwright-core';

// Shared by the budgets test and `npm run bench:weight`; free of Vitest so a plain script can import it.

export interface Weight {
  /** Gzip bytes of the page's HTML. */
  html: number;
  /** Gzip bytes of all the JavaScript the page loaded. */
  js: number;
  /** Gzip bytes of each JavaScript file, by URL. */
  scripts: Map<string, number>;
}

/**
 * Loads a URL in the page and weighs what it shipped: its HTML and every JavaScript file it loaded until the
 * network was quiet, after scrolling to the bottom so that client:visible islands load too. Sizes are gzip
 * bytes of the bodies, as a compressing host would send them.
 */
export async function weigh(page: Page, url: string): Promise<Weight> {
  const scripts = new Map<string, number>();
  const reading: Promise<void>[] = [];
  const onResponse = (response: Response) => {
    if (!(response.headers()['content-type'] ?? '').includes('javascript')) return;
    reading.push(
      response.body().then(
        (body) => void scripts.set(response.url(), gzipSync(body).length),
        () => undefined,
      ),
    );
  };
  page.on('response', onResponse);
  try {
    const response = await page.goto(url, { waitUntil: 'networkidle' });
    if (!response?.ok()) throw new Error(`${url} answered ${response?.status()}`);
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await page.waitForLoadState('networkidle');
    await Promise.all(reading);
    const html = gzipSync(await response.body()).length;
    return { html, js: [...scripts.values()].reduce((sum, bytes) => sum + bytes, 0), scripts };
  } finally {
    page.off('response', onResponse);
  }
}
