import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { type CheckedApi, startCheckedApi } from '#tests/support/checked-api.ts';
import { readLinks, verifySite } from './verify-site.ts';

// The checks a build passes before it is published, on a small site written here against the real API
// (the demo catalogue): as many product pages as it has published products.
describe('the checks of a built site', () => {
  let checked: CheckedApi;
  let api = '';
  let products = 0;
  let dir = '';
  let site = '';
  let cache = '';

  beforeAll(async () => {
    checked = await startCheckedApi();
    ({ api, products } = checked);
  });
  afterAll(() => checked.close());

  const write = (file: string, text: string) => {
    mkdirSync(dirname(join(site, file)), { recursive: true });
    writeFileSync(join(site, file), text);
  };
  const page = (path: string, links: string[]) => {
    const body = links.map((link) => `<a href="${link}">x</a>`).join('');
    write(`${path}/index.html`.replace(/^\//, ''), `<!doctype html><html><body>${body}</body></html>\n`);
    write(`${path}/_payload.json`.replace(/^\//, ''), '{}');
  };
  const product = (i: number) => `/product/p${i}`;
  /** Home lists every product; each product links home, to the next one, and the third to /about/. */
  const build = (paths: string[] = []) => {
    const all = ['/', '/about', ...Array.from({ length: products }, (_, i) => product(i)), ...paths];
    write('builds/latest.json', '{"id":"b1"}');
    write('builds/meta/b1.json', JSON.stringify({ prerendered: all }));
    page(
      '',
      Array.from({ length: products }, (_, i) => `${product(i)}/`),
    );
    page('/about', ['/']);
    for (let i = 0; i < products; i++) {
      page(product(i), ['/', `${product((i + 1) % products)}/`, ...(i === 3 ? ['/about/'] : [])]);
    }
    write(
      'sitemap.xml',
      '<sitemapindex><sitemap><loc>https://example.com/sitemap-en.xml</loc></sitemap></sitemapindex>',
    );
    write(
      'sitemap-en.xml',
      `<urlset>${all.map((path) => `<url><loc>https://example.com${path}/</loc></url>`).join('')}</urlset>`,
    );
  };
  const pageFiles = () => [
    'index.html',
    'about/index.html',
    ...Array.from({ length: products }, (_, i) => `product/p${i}/index.html`),
  ];

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'verify-site-'));
    site = join(dir, 'site');
    cache = join(dir, 'links.ndjson');
    build();
    return () => rmSync(dir, { recursive: true, force: true });
  });

  test('a whole site passes; a missing page, payload or link target is named', async () => {
    expect(products).toBeGreaterThan(3);
    expect(await verifySite(site, api)).toEqual({ pages: products + 2, links: products * 3 + 2 });
    page(product(1), ['/', '/nowhere/']);
    rmSync(join(site, 'product', 'p2', '_payload.json'));
    await expect(verifySite(site, api)).rejects.toThrow(
      /the page \/product\/p2 has no _payload.json[\s\S]*product\/p1\/index.html links to \/nowhere\/, which is missing/,
    );
  });

  test('links to the API and to editors’ uploads, which the API serves, are not looked for in the build', async () => {
    const upload = `/files/uploads/${'a'.repeat(64)}/front.png`;
    page('/about', ['/', '/api/product/item', upload]);
    expect(await verifySite(site, api)).toEqual({ pages: products + 2, links: products * 3 + 2 });
    page('/about', ['/', '/files/other.png']);
    await expect(verifySite(site, api)).rejects.toThrow(/links to \/files\/other.png, which is missing/);
  });

  test('the product pages must be as many as the API publishes', async () => {
    rmSync(join(site, 'product', `p${products - 1}`), { recursive: true });
    write(
      'builds/meta/b1.json',
      JSON.stringify({ prerendered: ['/', '/about', ...Array.from({ length: products - 1 }, (_, i) => product(i))] }),
    );
    await expect(verifySite(site, api)).rejects.toThrow(
      new RegExp(`${products - 1} English product pages for the API's ${products}`),
    );
  });

  test('after a build that removed no file a page links to, only the pages it wrote are read; the cache grows by their lines', async () => {
    const all = new Set(pageFiles());
    await verifySite(site, api, { written: all, linkCache: cache, removed: [] });
    const whole = statSync(cache).size;
    expect(readFileSync(cache, 'utf8').trim().split('\n')).toHaveLength(all.size);

    // A page it did not write is not read: its links come from the cache, and every file they lead to is
    // still there (the manifest of the build before, which no page links to, is gone).
    page(product(5), ['/', '/not-read/']);
    const removed = ['builds/meta/b0.json'];
    await verifySite(site, api, { written: new Set(['index.html']), linkCache: cache, removed });
    page(product(5), ['/', `${product(6)}/`]);
    // A page this build wrote is read and checked.
    page(product(1), ['/', '/nowhere/']);
    const options = { written: new Set(['product/p1/index.html']), linkCache: cache, removed };
    await expect(verifySite(site, api, options)).rejects.toThrow(/product\/p1\/index.html links to \/nowhere\//);
    page(product(1), ['/']);
    await verifySite(site, api, options);
    expect(statSync(cache).size).toBeGreaterThan(whole);
    expect(readFileSync(cache, 'utf8').trim().split('\n').at(-1)).toBe('["product/p1/index.html",["/"]]');

    // Lines that would take it past twice its size when written whole: it is written whole again, one line a page.
    await verifySite(site, api, { ...options, written: all });
    expect(readFileSync(cache, 'utf8').trim().split('\n')).toHaveLength(all.size);
    expect(readFileSync(cache, 'utf8')).toContain('["product/p1/index.html",["/"]]');
  });

  test('after a build that removed a file, every page is checked again, a page it did not write too', async () => {
    await verifySite(site, api, { written: new Set(pageFiles()), linkCache: cache, removed: [] });
    // /about/ goes (this build did not write the third product, which links to it).
    rmSync(join(site, 'about'), { recursive: true });
    write(
      'builds/meta/b1.json',
      JSON.stringify({ prerendered: ['/', ...Array.from({ length: products }, (_, i) => product(i))] }),
    );
    await expect(
      verifySite(site, api, {
        written: new Set(['index.html']),
        linkCache: cache,
        removed: ['about/index.html', 'about/_payload.json'],
      }),
    ).rejects.toThrow(/product\/p3\/index.html links to \/about\/, which is missing/);
  });

  test('stops on a page that is not a whole HTML document: cut short, or left empty', async () => {
    await expect(verifySite(site, api)).resolves.toMatchObject({ pages: products + 2 });
    // Astro puts a page's module scripts after its </html>: still whole.
    write('index.html', `${readFileSync(join(site, 'index.html'), 'utf8')}<script type="module">go()</script>\n`);
    await expect(verifySite(site, api)).resolves.toMatchObject({ pages: products + 2 });
    write('index.html', `${readFileSync(join(site, 'index.html'), 'utf8')}<script type="module">go(`);
    write('about/index.html', '<!doctype html><html><body><a href="/">x</a>');
    write('product/p2/index.html', '');
    const failed = verifySite(site, api);
    await expect(failed).rejects.toThrow(/about\/index\.html is not a whole HTML document \(no <\/html> at its end\)/);
    await expect(failed).rejects.toThrow(/product\/p2\/index\.html is not a whole HTML document/);
    await expect(failed).rejects.toThrow(/- index\.html is not a whole HTML document/);
  });

  test('pages read by threads sharing them give the links one thread reads, each page its own', async () => {
    const files = pageFiles();
    const alone = await readLinks(site, files, 1);
    expect(alone.get('product/p3/index.html')).toEqual(['/', `${product(4)}/`, '/about/']);
    const shared = await readLinks(site, files, 3);
    expect([...shared]).toEqual([...alone]);
    await expect(readLinks(site, [...files, 'gone/index.html'], 2)).rejects.toThrow(/ENOENT/);
  });
});
