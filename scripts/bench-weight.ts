// `npm run bench:weight`: builds the demo from a fresh API, opens one page of each main type in
// Chromium, and prints the bytes (gzip) of its HTML and of all the JavaScript it loads; the product page
// also as a logged-in customer, whose session loads the customer's code (API client, stores).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { releasesTidied } from '#build/publish/releases.ts';
import { buildSite } from '#build/site-build.ts';
import { createMailer } from '#server/mail/mailer.ts';
import { prepareDb, startServer } from '#server/server.ts';
import { launchChromium } from '#tests/e2e/chromium.ts';
import { weigh } from '#tests/e2e/weight.ts';
import { loggedInCustomer } from './bench-setup.ts';

const db = await prepareDb({});
const dir = mkdtempSync(join(tmpdir(), 'storefront-weight-'));
const siteDir = join(dir, 'site');
const server = await startServer({
  db,
  port: 0,
  host: '127.0.0.1',
  siteDir,
  mailer: createMailer({ outboxDir: join(dir, 'outbox') }),
});
const browser = await launchChromium();
try {
  await buildSite({ apiBaseUrl: `http://127.0.0.1:${server.port}/api`, outDir: siteDir, verbose: false });
  const base = `http://127.0.0.1:${server.port}`;
  const [product] = await db.query<{ id: number; slug: string }>('select id, slug from product order by id limit 1');
  const [category] = await db.query<{ id: number; slug: string }>(
    'select id, slug from category where parent_id is not null order by id limit 1',
  );
  const { token } = await loggedInCustomer(db, `${base}/api`, 'bench-weight', 'bench weight password');

  const productPath = `/product/${product?.id}-${product?.slug}`;
  const pages: [name: string, path: string, loggedIn?: boolean][] = [
    ['home', '/'],
    ['category list', `/category/list/${category?.id}-${category?.slug}`],
    ['product', productPath],
    ['product (zh-CN)', `/zh-CN${productPath}`],
    ['product (logged in)', productPath, true],
    ['product (zh-CN, logged in)', `/zh-CN${productPath}`, true],
    ['knowledge', '/knowledge'],
    ['knowledge (zh-CN)', '/zh-CN/knowledge'],
  ];
  console.log(`${'page'.padEnd(27)} ${'HTML gzip'.padStart(10)} ${'JS gzip'.padStart(10)}  JS files`);
  for (const [name, path, loggedIn] of pages) {
    const context = await browser.newContext();
    if (loggedIn) await context.addInitScript((value) => localStorage.setItem('satoken', value), token);
    const page = await context.newPage();
    const { html, js, scripts } = await weigh(page, base + path);
    console.log(
      `${name.padEnd(27)} ${`${(html / 1024).toFixed(1)} KB`.padStart(10)} ${`${(js / 1024).toFixed(1)} KB`.padStart(10)}  ${scripts.size}`,
    );
    await context.close();
  }
} finally {
  await browser.close();
  await server.close();
  await db.close();
  // A first build's staging tree is copied back after its publish (decision 0031).
  await releasesTidied();
  rmSync(dir, { recursive: true, force: true });
}
