import { LOCALES, type Locale, localePath } from '#i18n/index.ts';
import { siteUrl } from '#lib/site-url.ts';
import { escapeXml } from '#lib/xml.ts';
import { BuildMemo } from './build-memo.ts';
import { digestOf } from './entry-digest.ts';
import { EntryMemo, sameItems } from './entry-memo.ts';
import type { RouteEntry } from './routes.ts';

// The sitemap is an index (`/sitemap.xml`) of files per locale and kind of page (`/sitemaps/…`), each
// within the protocol's 50,000 URLs: one file of 30,000 products in two languages would be past it, and
// files by kind let a build write again only those whose pages changed.

/** URLs in one sitemap file at most: the protocol allows 50,000 (and 50 MB). */
const SITEMAP_MAX_URLS = 45_000;

/** Which file a kind of page goes in. */
function groupOf(kind: string): string {
  if (kind === 'product') return 'products';
  if (kind.startsWith('category-')) return 'categories';
  if (kind === 'article' || kind === 'knowledge') return 'knowledge';
  if (kind.startsWith('solution')) return 'solutions';
  return 'pages';
}

/** One sitemap file: its name under /sitemaps/ and its `<url>` elements. */
export interface SitemapFile {
  name: string;
  urls: string[];
}

/** Each route entry's `<url>` elements by locale, kept while the entry is the same object (entry-memo.ts). */
const elements = new EntryMemo<RouteEntry, string>();

/** The `<url>` element of a page in a locale, with its alternates in every locale (hreflang). */
function urlElement(route: RouteEntry, locale: Locale, origin: string): string {
  return elements.get(route, locale, origin, () => makeUrlElement(route, locale, origin));
}

function makeUrlElement(route: RouteEntry, locale: Locale, origin: string): string {
  const url = (path: string) => escapeXml(siteUrl(path, origin));
  const alternates = [
    ...LOCALES.map((l) => `<xhtml:link rel="alternate" hreflang="${l}" href="${url(localePath(l, route.path))}"/>`),
    `<xhtml:link rel="alternate" hreflang="x-default" href="${url(localePath('en', route.path))}"/>`,
  ].join('');
  const lastmod = route.lastmod ? `<lastmod>${route.lastmod.slice(0, 10)}</lastmod>` : '';
  return `<url><loc>${url(localePath(locale, route.path))}</loc>${lastmod}${alternates}</url>`;
}

/** The sitemap files of a build's routes, made once (the index and the files share them). */
const filesOfBuild = new BuildMemo<string, { routes: readonly RouteEntry[]; files: SitemapFile[] }>();

/** The sitemap files of the indexed routes: per locale and kind, split every `max` URLs. */
export function sitemapFiles(routes: readonly RouteEntry[], origin: string, max = SITEMAP_MAX_URLS): SitemapFile[] {
  const key = `${origin} ${max}`;
  const made = filesOfBuild.get(key);
  if (made?.routes === routes) return made.files;
  const files = makeSitemapFiles(routes, origin, max);
  filesOfBuild.set(key, { routes, files });
  return files;
}

/** The last digest of each sitemap file, with its URLs: the same URL strings, the same digest. */
const digests = new Map<string, { urls: string[]; digest: string }>();

/** A sitemap file's digest (its key), kept while its URL elements are the same strings (entry-memo.ts). */
export function sitemapDigest(file: SitemapFile): string {
  const last = digests.get(file.name);
  if (last && sameItems(last.urls, file.urls)) return last.digest;
  const digest = digestOf(file);
  digests.set(file.name, { urls: file.urls, digest });
  return digest;
}

function makeSitemapFiles(routes: readonly RouteEntry[], origin: string, max = SITEMAP_MAX_URLS): SitemapFile[] {
  const files: SitemapFile[] = [];
  for (const locale of LOCALES) {
    const groups = new Map<string, string[]>();
    for (const route of routes) {
      if (!route.indexed) continue;
      const group = groupOf(route.kind);
      const urls = groups.get(group) ?? [];
      urls.push(urlElement(route, locale, origin));
      groups.set(group, urls);
    }
    for (const [group, urls] of groups) {
      for (let start = 0, n = 1; start < urls.length; start += max, n++) {
        files.push({ name: `${locale}-${group}-${n}.xml`, urls: urls.slice(start, start + max) });
      }
    }
  }
  return files;
}

/** A sitemap file's XML. */
export function urlSet(file: SitemapFile): string {
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n${file.urls.join('\n')}\n</urlset>\n`;
}

/** The index's XML: one `<sitemap>` per file. */
export function sitemapIndex(files: readonly SitemapFile[], origin: string): string {
  const entries = files.map(
    (file) => `<sitemap><loc>${escapeXml(siteUrl(`/sitemaps/${file.name}`, origin))}</loc></sitemap>`,
  );
  return `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${entries.join('\n')}\n</sitemapindex>\n`;
}
