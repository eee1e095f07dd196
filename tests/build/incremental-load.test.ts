import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { buildSite } from '#build/site-build.ts';
import { escapeXml } from '#lib/xml.ts';
import type { Db } from '#server/db/index.ts';
import type { RunningServer } from '#server/server.ts';
import { type Rebuilding, startRebuilding } from '#tests/support/rebuilding.ts';

// The products collection loaded from the change feed (src/data/products/loader.ts, decision 0024), in
// real builds: the demo catalogue on PGlite, the API serving the build, Astro's data store kept in the
// cache directory from one build to the next.

interface ProductRecord {
  id: number;
  name: string;
  slug: string;
}

describe('the products loader between builds', { timeout: 600_000 }, () => {
  let dir: string;
  let outDir: string;
  let db: Db;
  let server: RunningServer;

  let site: Rebuilding;

  beforeAll(async () => {
    // Verbose: Astro's output goes to this process's stdout, where the test reads the loader's line.
    site = await startRebuilding('incremental', { verbose: true });
    ({ dir, outDir, db, server } = site);
  });

  afterAll(() => site.close());

  /** Queues a build, runs it here, and answers how it ended with the products loader's line of output. */
  const rebuild = async () => {
    let output = '';
    const write = vi.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => {
      output += chunk.toString();
      return true;
    });
    let row: Awaited<ReturnType<Rebuilding['rebuild']>>;
    try {
      row = await site.rebuild();
    } finally {
      write.mockRestore();
    }
    // biome-ignore lint/suspicious/noControlCharactersInRegex: the colour codes Astro writes
    const loader = output.replace(/\u001b\[[\d;]*m/g, '').match(/products: (.*)/)?.[1] ?? '';
    if (row.status !== 'published') throw new Error(`the build ${row.status}: ${row.error}\n${output.slice(-3000)}`);
    return { row, loader };
  };

  /** The published products in a language, as the API answers them. */
  const apiProducts = async (language: 'en' | 'zh'): Promise<ProductRecord[]> => {
    const answer = await fetch(`${server.url}/api/product/page`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ language, pageSize: 999 }),
    });
    return ((await answer.json()) as { data: { records: ProductRecord[] } }).data.records;
  };

  const page = (locale: 'en' | 'zh', product: { slug: string }) =>
    join(outDir, ...(locale === 'zh' ? ['zh-CN'] : []), 'product', product.slug, 'index.html');
  const read = (file: string) => readFileSync(file, 'utf8');

  /** Every published product has its page in both languages, showing its name as the API has it now. */
  const expectProductPagesRight = async () => {
    for (const language of ['en', 'zh'] as const) {
      const products = await apiProducts(language);
      expect(products.length).toBeGreaterThan(40);
      const wrong = products.filter((product) => {
        const file = page(language, product);
        return !existsSync(file) || !read(file).includes(escapeXml(product.name));
      });
      expect(wrong.map((product) => product.slug)).toEqual([]);
    }
  };

  /** The published products whose records show `id` in their related or alternative cards. */
  const relatingTo = async (id: number) =>
    (
      await db.query<{ id: number; slug: string }>(
        `select distinct p.id, p.slug from product_relation r join product p on p.id = r.product_id
         where r.related_id = $1 and p.published order by p.id`,
        [id],
      )
    ).map((row) => ({ id: row.id, slug: `${row.id}-${row.slug}` }));

  test("a rename reads that product and those that show it again; unpublishing one removes its page; the result is a full load's", async () => {
    const first = await rebuild();
    expect(first.loader).toMatch(/^full load \(\d+ products; no earlier load\)/);

    // The product most others point at, renamed by SQL typed straight into the database.
    const [target] = await db.query<{ id: number; slug: string }>(
      `select p.id, p.slug from product p join product_relation r on r.related_id = p.id join product o on o.id = r.product_id
       where p.published and o.published group by p.id order by count(*) desc, p.id limit 1`,
    );
    if (!target) throw new Error('no related product in the demo catalogue');
    const renamed = { id: target.id, slug: `${target.id}-${target.slug}` };
    const relating = await relatingTo(target.id);
    expect(relating.length).toBeGreaterThan(0);
    const names = { en: 'Incrementally Renamed Photometer', zh: '增量重命名光度计' };
    await db.query('update product set name_en = $2, name_zh = $3 where id = $1', [target.id, names.en, names.zh]);

    const second = await rebuild();
    expect(second.row.changes).toBe(1);
    // Each publish prunes the feed below the oldest position the kept releases' builds read from: the seed's
    // history went with the first.
    const [feed] = await db.query<{ oldest: string | null; below: string; kept: string }>(
      `select (select min(xid) from content_change)::text as oldest,
              (select below from content_change_pruned)::text as below,
              (select min(feed_position) from site_build where status = 'published')::text as kept`,
    );
    expect(Number(feed?.below)).toBe(Number(feed?.kept));
    expect(Number(feed?.oldest ?? feed?.below)).toBeGreaterThanOrEqual(Number(feed?.below));
    const total = (await apiProducts('en')).length;
    expect(second.loader).toMatch(
      new RegExp(`^refreshed ${relating.length + 1}, removed 0, kept ${total - relating.length - 1} in \\d+ ms`),
    );
    // The store took the products read again as lines of their own, after the full load's.
    const lines = read(join(dir, 'astro-cache', 'products-store.ndjson'))
      .trim()
      .split('\n');
    expect(lines).toHaveLength(total + relating.length + 1);
    expect(lines.at(-1)).toMatch(/^\{"id":"\d+","en":\{/);
    expect(read(page('en', renamed))).toContain(names.en);
    expect(read(page('zh', renamed))).toContain(names.zh);
    for (const other of relating) {
      expect(read(page('en', other))).toContain(names.en);
      expect(read(page('zh', other))).toContain(names.zh);
    }
    await expectProductPagesRight();

    // Unpublished: gone from the store, its page gone, and the products that showed it read again.
    const gone = relating[0] as { id: number; slug: string };
    const showingGone = await relatingTo(gone.id);
    await db.query('update product set published = false where id = $1', [gone.id]);
    const third = await rebuild();
    expect(third.loader).toMatch(
      new RegExp(`^refreshed ${showingGone.length}, removed 1, kept ${total - 1 - showingGone.length} in \\d+ ms`),
    );
    expect(existsSync(page('en', gone))).toBe(false);
    expect(existsSync(page('zh', gone))).toBe(false);
    await expectProductPagesRight();

    // A change it cannot follow (a product family) reads everything: the same store, so every page is
    // reused but the few files every build writes (five: the manifest's two, robots.txt, sitemap.xml and
    // the workspace's page). What the incremental loads kept equals a full load.
    await db.query("update product_family set name_en = name_en where key = 'laser'");
    const full = await rebuild();
    expect(full.loader).toMatch(/^full load \(\d+ products; a change to product_family\)/);
    expect(full.row.pages_rendered).toBeLessThanOrEqual(5);

    // Published again: its place in the order and who relates to it are unknown, so everything is read.
    await db.query('update product set published = true where id = $1', [gone.id]);
    const fourth = await rebuild();
    expect(fourth.loader).toMatch(/^full load \(\d+ products; a product published again\)/);
    expect(existsSync(page('en', gone))).toBe(true);
    await expectProductPagesRight();

    // A build without a credential for the feed (a plain `npm run build` without EDITOR_TOKEN) reads
    // everything, and says why.
    let output = '';
    const write = vi.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => {
      output += chunk.toString();
      return true;
    });
    try {
      await buildSite({ apiBaseUrl: `${server.url}/api`, outDir, cacheDir: join(dir, 'astro-cache') });
    } finally {
      write.mockRestore();
    }
    expect(output).toMatch(/products: full load \(\d+ products; no credential for the change feed\)/);
  });
});
