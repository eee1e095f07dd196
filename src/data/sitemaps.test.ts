import { describe, expect, test } from 'vitest';
import type { RouteEntry } from './routes.ts';
import { sitemapFiles, sitemapIndex, urlSet } from './sitemaps.ts';

const route = (path: string, kind: string, indexed = true): RouteEntry => ({
  path,
  kind,
  indexed,
  lastmod: '2026-11-24T10:00:00.000Z',
  payload: async () => ({}),
});

describe('sitemap files', () => {
  const routes = [
    route('/', 'home'),
    route('/account', 'account', false),
    ...Array.from({ length: 5 }, (_, i) => route(`/product/${i + 1}-lens`, 'product')),
    route('/category/list/3-optics', 'category-list'),
    route('/knowledge/7-raman-&-you', 'article'),
  ];

  test('one file per locale and kind, split past the limit, indexed pages only, each with its alternates', () => {
    const files = sitemapFiles(routes, 'https://shop.example', 2);
    expect(files.map((file) => `${file.name}:${file.urls.length}`)).toEqual([
      'en-pages-1.xml:1',
      'en-products-1.xml:2',
      'en-products-2.xml:2',
      'en-products-3.xml:1',
      'en-categories-1.xml:1',
      'en-knowledge-1.xml:1',
      'zh-CN-pages-1.xml:1',
      'zh-CN-products-1.xml:2',
      'zh-CN-products-2.xml:2',
      'zh-CN-products-3.xml:1',
      'zh-CN-categories-1.xml:1',
      'zh-CN-knowledge-1.xml:1',
    ]);
    const zh = files.find((file) => file.name === 'zh-CN-knowledge-1.xml');
    expect(zh?.urls[0]).toBe(
      '<url><loc>https://shop.example/zh-CN/knowledge/7-raman-&amp;-you</loc><lastmod>2026-11-24</lastmod>' +
        '<xhtml:link rel="alternate" hreflang="en" href="https://shop.example/knowledge/7-raman-&amp;-you"/>' +
        '<xhtml:link rel="alternate" hreflang="zh-CN" href="https://shop.example/zh-CN/knowledge/7-raman-&amp;-you"/>' +
        '<xhtml:link rel="alternate" hreflang="x-default" href="https://shop.example/knowledge/7-raman-&amp;-you"/></url>',
    );
    expect(files.flatMap((file) => file.urls).some((url) => url.includes('/account'))).toBe(false);
  });

  test('the index names every file; a file is a urlset', () => {
    const files = sitemapFiles(routes, 'https://shop.example');
    const index = sitemapIndex(files, 'https://shop.example');
    expect(index).toContain('<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    expect(index.match(/<sitemap><loc>https:\/\/shop\.example\/sitemaps\/[\w-]+\.xml<\/loc><\/sitemap>/g)).toHaveLength(
      files.length,
    );
    expect(urlSet(files[0] ?? { name: '', urls: [] })).toMatch(/^<\?xml[^>]*>\n<urlset [^>]*>\n<url><loc>/);
  });
});
