import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { releasesTidied } from '#build/publish/releases.ts';
import { buildSite } from '#build/site-build.ts';
import type { Db } from '#server/db/index.ts';
import { prepareDb, type RunningServer, startServer } from '#server/server.ts';

// A failed build must stop with a clear message and leave the published site exactly as it was.
describe('building the site from a broken API', () => {
  let dir: string;
  let outDir: string;
  let db: Db;
  let server: RunningServer;

  beforeEach(async () => {
    dir = mkdtempSync(join(tmpdir(), 'storefront-build-'));
    outDir = join(dir, 'site');
    mkdirSync(outDir);
    writeFileSync(join(outDir, 'index.html'), 'the published site');
    db = await prepareDb({});
    server = await startServer({ db, port: 0, host: '127.0.0.1' });
  });

  afterEach(async () => {
    await server.close();
    await db.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const build = () =>
    buildSite({
      apiBaseUrl: `http://127.0.0.1:${server.port}/api`,
      outDir,
      verbose: false,
      cacheDir: join(dir, 'astro-cache'),
      feedCredential: server.builderKey,
    });

  test('stops when the API cannot be reached', async () => {
    await server.close();
    await expect(build()).rejects.toThrow(/Build stopped: POST http:\/\/127\.0\.0\.1:\d+\/api\/\S+ .*failed/);
    expect(readFileSync(join(outDir, 'index.html'), 'utf8')).toBe('the published site');
  });

  test('stops when the API answers an error', async () => {
    await db.query('alter table product rename to product_gone');
    await expect(build()).rejects.toThrow(/Build stopped: POST \S+\/api\/\S+ .* answered HTTP 500: .*"code":500/);
    expect(readFileSync(join(outDir, 'index.html'), 'utf8')).toBe('the published site');
  });

  test('stops when the API answers data that does not fit the contract', async () => {
    await db.query("update product set currency = 'dollars' where id = 1");
    await expect(build()).rejects.toThrow(/does not fit the contract at "data\.records\.0\.currency"/);
    expect(readFileSync(join(outDir, 'index.html'), 'utf8')).toBe('the published site');
  });
});

// An editor may paste a character XML 1.0 has no place for (a vertical tab from a spreadsheet, say) into a
// name: the feed and the sitemaps must stay readable, as a parser stops at the first such character.
describe('building the site from content holding a character XML forbids', () => {
  // What XML 1.0 forbids: C0 controls but tab, LF and CR (\p{Cc} less DEL and C1, which it only discourages).
  const NOT_XML = /(?![\t\n\r\u007F-\u009F])[\p{Cc}\uFFFE\uFFFF]/u;
  let dir: string;
  let outDir: string;
  let db: Db;
  let server: RunningServer;
  let article: { title: string };

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'storefront-build-xml-'));
    outDir = join(dir, 'site');
    db = await prepareDb({});
    await db.query("update product set name_en = 'Fiber\u000bLaser ' || name_en where id = 1");
    const [news] = await db.query<{ title: string }>(
      `update article set title_en = 'Raman\u000bDay ' || title_en, summary_en = 'Setup\u000cnotes ' || summary_en
       where id = (select id from article where kind = 'news' and published order by id limit 1)
       returning title_en as title`,
    );
    if (!news) throw new Error('The demo catalogue has no news article.');
    article = news;
    server = await startServer({ db, port: 0, host: '127.0.0.1' });
    await buildSite({
      apiBaseUrl: `http://127.0.0.1:${server.port}/api`,
      outDir,
      verbose: false,
      cacheDir: join(dir, 'astro-cache'),
    });
  }, 600_000);

  afterAll(async () => {
    await server?.close();
    await db?.close();
    await releasesTidied();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  test('writes the RSS feed and every sitemap without it, the feed still naming the article', () => {
    const rss = readFileSync(join(outDir, 'rss.xml'), 'utf8');
    expect(rss).not.toMatch(NOT_XML);
    expect(rss).toContain(`<title>${article.title.replace('\u000b', '').replace(/&/g, '&amp;')}</title>`);
    expect(rss).toContain('<description>Setupnotes ');
    const sitemaps = readdirSync(join(outDir, 'sitemaps')).filter((file) => file.endsWith('.xml'));
    expect(sitemaps.length).toBeGreaterThan(0);
    for (const file of ['sitemap.xml', ...sitemaps.map((name) => `sitemaps/${name}`)]) {
      expect(readFileSync(join(outDir, file), 'utf8')).not.toMatch(NOT_XML);
    }
  });
});
