import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Db } from '#server/db/index.ts';
import { catalogue } from '#server/seed/data/index.ts';
import { syntheticCatalogue } from '#server/seed/synthetic.ts';
import { type BuiltSite, buildFresh } from './built-site.ts';

// Paged category views (issue 17), in a real build of a synthetic catalogue large enough that categories
// fill many pages: every product is on exactly one page of its categories' lists and comparisons, the pages
// link to each other in both directions, and the finder's file holds the whole category.

const PRODUCTS = 400;

interface FinderFile {
  facets: { key: string }[];
  products: { id: number; slug: string; attributes: unknown[]; priceText: string }[];
}

describe('paged category views', { timeout: 300_000 }, () => {
  let site: BuiltSite;
  let outDir: string;
  let db: Db;

  beforeAll(async () => {
    site = await buildFresh('paging', syntheticCatalogue(catalogue, PRODUCTS));
    ({ outDir, db } = site);
  });

  afterAll(() => site.close());

  const read = (...path: string[]) => readFileSync(join(outDir, ...path), 'utf8');
  const links = (html: string, prefix: string) =>
    [...html.matchAll(/href="([^"]+)"/g)].map((m) => m[1] ?? '').filter((href) => href.startsWith(prefix));

  /** The products of a category and the categories under it, with the top category's slug. */
  const largest = async () => {
    const [top] = await db.query<{ id: number; slug: string }>(
      'select id, slug from category where parent_id is null order by id limit 1',
    );
    if (!top) throw new Error('no top category');
    const products = await db.query<{ id: number; slug: string }>(
      `with recursive tree as (select id from category where id = $1
         union all select c.id from category c join tree on c.parent_id = tree.id)
       select id, slug from product where published and category_id in (select id from tree) order by id`,
      [top.id],
    );
    return { name: `${top.id}-${top.slug}`, products };
  };

  test.each([
    { locale: 'en', prefix: '', view: 'list', size: 24 },
    { locale: 'zh-CN', prefix: '/zh-CN', view: 'list', size: 24 },
    { locale: 'en', prefix: '', view: 'detail', size: 50 },
  ])('the $view view in $locale pages through every product of the category once', async ({ prefix, view, size }) => {
    const { name, products } = await largest();
    const pages = Math.ceil(products.length / size);
    expect(pages).toBeGreaterThan(2);
    const base = `${prefix}/category/${view}/${name}`;
    const seen: string[] = [];
    for (let page = 1; page <= pages; page++) {
      const path = page === 1 ? base : `${base}/${page}`;
      const html = read(...path.split('/').filter(Boolean), 'index.html');
      const shown = [...new Set(links(html, `${prefix}/product/`))];
      expect(shown.length, path).toBe(page < pages ? size : products.length - size * (pages - 1));
      seen.push(...shown);
      expect(html).toContain(`<link rel="canonical" href="http://localhost:4321${path}">`);
      if (page > 1)
        expect(html).toContain(
          `<link rel="prev" href="http://localhost:4321${page === 2 ? base : `${base}/${page - 1}`}">`,
        );
      else expect(html).not.toContain('rel="prev"');
      if (page < pages) expect(html).toContain(`<link rel="next" href="http://localhost:4321${base}/${page + 1}">`);
      else expect(html).not.toContain('rel="next"');
      expect(html).toMatch(new RegExp(`<a href="${path}" aria-current="page"`));
      expect(read(...path.split('/').filter(Boolean), '_payload.json')).toContain(`"page":${page},"pages":${pages}`);
    }
    expect(seen.toSorted()).toEqual(products.map((p) => `${prefix}/product/${p.id}-${p.slug}`).toSorted());
    expect(() => read(...`${base}/${pages + 1}`.split('/').filter(Boolean), 'index.html')).toThrow();
  });

  test("the finder's file holds every product of the category with its specifications and facets", async () => {
    const { name, products } = await largest();
    for (const prefix of ['', '/zh-CN']) {
      const file = JSON.parse(
        read(...`${prefix}/category/list/${name}/products.json`.split('/').filter(Boolean)),
      ) as FinderFile;
      expect(file.products.map((p) => p.id).toSorted((a, b) => a - b)).toEqual(products.map((p) => p.id));
      expect(file.products.every((p) => p.attributes.length > 0 && p.priceText.length > 0)).toBe(true);
      expect(file.facets.length).toBeGreaterThan(0);
      // The page points the island at it.
      expect(read(...`${prefix}/category/list/${name}`.split('/').filter(Boolean), 'index.html')).toContain(
        `${prefix}/category/list/${name}/products.json`,
      );
    }
  });

  test('the downloads list pages through every product with downloads once', async () => {
    const products = await db.query<{ id: number; slug: string }>(
      `select p.id, p.slug from product p where p.published
       and exists (select 1 from product_resource r where r.product_id = p.id) order by p.id`,
    );
    const pages = Math.ceil(products.length / 100);
    expect(pages).toBeGreaterThan(1);
    const seen: string[] = [];
    for (let page = 1; page <= pages; page++) {
      const path = page === 1 ? '/zh-CN/downloads' : `/zh-CN/downloads/${page}`;
      const html = read(...path.split('/').filter(Boolean), 'index.html');
      seen.push(...new Set(links(html, '/zh-CN/product/')));
      expect(html).toMatch(new RegExp(`<a href="${path}" aria-current="page"`));
    }
    expect(seen.toSorted()).toEqual(products.map((p) => `/zh-CN/product/${p.id}-${p.slug}`).toSorted());
  });

  test('the HTML sitemap names a page of products under each category and links to them all', async () => {
    const html = read('sitemap', 'index.html');
    const children = await db.query<{ id: number; slug: string; n: number }>(
      `select c.id, c.slug, count(p.id)::int as n from category c join product p on p.category_id = c.id and p.published
       where c.parent_id in (select id from category where parent_id is null) group by c.id order by c.id`,
    );
    const big = children.filter((c) => c.n > 24);
    expect(big.length).toBeGreaterThan(0);
    for (const child of big) expect(html).toContain(`<a href="/category/list/${child.id}-${child.slug}">View all`);
    const named = new Set(links(html, '/product/'));
    expect(named.size).toBe(children.reduce((sum, c) => sum + Math.min(c.n, 24), 0));
  });

  test('no page is over 100 KB of gzip', () => {
    const sizes = readdirSync(outDir, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile() && entry.name === 'index.html')
      .map((entry) => gzipSync(readFileSync(join(entry.parentPath, entry.name))).length);
    expect(sizes.length).toBeGreaterThan(PRODUCTS * 2);
    expect(Math.max(...sizes)).toBeLessThan(100 * 1024);
  });
});
