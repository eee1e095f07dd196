// `npm run bench:weight`: builds the demo from a fresh API, opens one page of each main type in
// Chromium, and prints the bytes (gzip) of its HTML and of all the JavaScript it loads.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { prepareDb, startServer } from '../src/server/server.ts';
import { buildSite } from '../src/server/site-build.ts';
import { launchChromium } from '../tests/e2e/chromium.ts';

const db = await prepareDb({});
const dir = mkdtempSync(join(tmpdir(), 'storefront-weight-'));
const siteDir = join(dir, 'site');
const server = await startServer({ db, port: 0, host: '127.0.0.1', siteDir });
const browser = await launchChromium();
try {
  await buildSite({ apiBaseUrl: `http://127.0.0.1:${server.port}/api`, outDir: siteDir, verbose: false });
  const base = `http://127.0.0.1:${server.port}`;
  const [product] = await db.query<{ id: number; slug: string }>('select id, slug from product order by id limit 1');
  const [category] = await db.query<{ id: number; slug: string }>(
    'select id, slug from category where parent_id is not null order by id limit 1',
  );
  const pages = {
    home: '/',
    'category list': `/category/list/${category?.id}-${category?.slug}`,
    product: `/product/${product?.id}-${product?.slug}`,
    'product (zh-CN)': `/zh-CN/product/${product?.id}-${product?.slug}`,
    knowledge: '/knowledge',
  };
  console.log(`${'page'.padEnd(18)} ${'HTML gzip'.padStart(10)} ${'JS gzip'.padStart(10)}  JS files`);
  for (const [name, path] of Object.entries(pages)) {
    const context = await browser.newContext();
    const page = await context.newPage();
    const scripts = new Map<string, number>();
    page.on('response', async (response) => {
      const type = response.headers()['content-type'] ?? '';
      if (!type.includes('javascript')) return;
      const body = await response.body().catch(() => Buffer.alloc(0));
      scripts.set(response.url(), gzipSync(body).length);
    });
    const response = await page.goto(base + path, { waitUntil: 'networkidle' });
    // Bring client:visible islands into view so their code loads too.
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await page.waitForLoadState('networkidle');
    const html = gzipSync((await response?.body()) ?? Buffer.alloc(0)).length;
    const js = [...scripts.values()].reduce((sum, n) => sum + n, 0);
    console.log(
      `${name.padEnd(18)} ${`${(html / 1024).toFixed(1)} KB`.padStart(10)} ${`${(js / 1024).toFixed(1)} KB`.padStart(10)}  ${scripts.size}`,
    );
    await context.close();
  }
} finally {
  await browser.close();
  await server.close();
  await db.close();
  rmSync(dir, { recursive: true, force: true });
}
