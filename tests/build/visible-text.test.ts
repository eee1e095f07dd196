import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { type BuiltSite, buildFresh } from './built-site.ts';

// What a visitor reads on a sample of pages and what their payloads hold, in both languages, against
// snapshots (tests/build/__snapshots__/visible/). The build's speed-ups (issue 17) must not change them;
// a change on purpose is reviewed in the snapshot's diff (`npx vitest run tests/build/visible-text.test.ts -u`).
// The snapshots were first written by the build before issue 17 (commit 017fce7).

const PAGES = [
  '/',
  '/category/top/2-spectroscopy',
  '/category/list/2-spectroscopy',
  '/category/detail/2-spectroscopy',
  '/product/21-uv-vis-fiber-spectrometer-200-850-nm',
  '/solutions',
  '/solutions/1-long-term-live-cell-imaging',
  '/knowledge/1-beating-fluorescence-in-raman-spectroscopy-785-nm-or-1064-nm',
  '/knowledge',
  '/downloads',
  '/sitemap',
  '/about',
  '/contact',
];
const PAYLOADS = ['/', '/category/list/2-spectroscopy', '/product/21-uv-vis-fiber-spectrometer-200-850-nm', '/about'];

/** Dates and years follow the day of the build (ship dates, the footer's copyright); the rest must not move. */
const undated = (text: string) =>
  text
    .replace(/\d{4}-\d{2}-\d{2}(?:T[\d:.]+Z)?/g, '<date>')
    .replace(/\d{4}年\d{1,2}月\d{1,2}日/g, '<date>')
    .replace(/\b(?:Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)[a-z]* \d{1,2}, \d{4}\b/g, '<date>')
    .replace(/\b20\d{2}\b/g, '<year>');

/** The text a page shows: no scripts, styles or tags, one line per block. */
function visibleText(html: string): string {
  return undated(
    html
      .replace(/<(script|style|template)\b[^>]*>[\s\S]*?<\/\1>/g, '')
      // Comments show nothing (React's between adjacent texts among them).
      .replace(/<!--[\s\S]*?-->/g, '')
      .replace(/<head>[\s\S]*?<\/head>/, '')
      .replace(/<\/(p|li|h[1-6]|tr|div|section|article|nav|header|footer|dt|dd|table|ul|ol|main)>|<br\s*\/?>/g, '\n')
      .replace(/<(td|th)\b[^>]*>/g, ' | ')
      .replace(/<[^>]+>/g, ' ')
      .replace(/&nbsp;/g, ' ')
      .replace(/&amp;/g, '&')
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&quot;/g, '"')
      .replace(/&#39;/g, "'")
      .split('\n')
      .map((line) => line.replace(/\s+/g, ' ').trim())
      .filter(Boolean)
      .join('\n'),
  );
}

describe('what the pages show', { timeout: 300_000 }, () => {
  let site: BuiltSite;

  beforeAll(async () => {
    site = await buildFresh('visible');
  });

  afterAll(() => site.close());

  const file = (locale: string, path: string, name: string) =>
    join(site.outDir, ...(locale === 'en' ? [] : [locale]), ...path.split('/').filter(Boolean), name);
  const snapshot = (locale: string, path: string, kind: string) =>
    `./__snapshots__/visible/${locale}${path === '/' ? '/home' : path.replaceAll('/', '_').replace(/^_/, '/')}.${kind}`;

  test.each(['en', 'zh-CN'])('the pages in %s', async (locale) => {
    for (const path of PAGES) {
      const text = visibleText(readFileSync(file(locale, path, 'index.html'), 'utf8'));
      expect(text.length, path).toBeGreaterThan(200);
      await expect(text).toMatchFileSnapshot(snapshot(locale, path, 'txt'));
    }
  });

  // Static pages render product cards and favourite toggles as Astro components, islands as React ones
  // (src/components/card-view.ts): the two must give the same markup, but for spellings HTML reads alike.
  test('a product card is the same markup from an island and from a static page', () => {
    const same = (html: string) =>
      html
        .replaceAll('<!-- -->', '')
        .replaceAll('srcSet=', 'srcset=')
        .replace(/\s*\/>/g, '>')
        .replace(/>\s+</g, '><');
    const cards = { island: new Map<string, string>(), static: new Map<string, string>() };
    for (const entry of readdirSync(site.outDir, { recursive: true, withFileTypes: true })) {
      if (entry.name !== 'index.html') continue;
      const html = readFileSync(join(entry.parentPath, entry.name), 'utf8');
      // Islands' cards sit inside an <astro-island>; the page's own outside any.
      const parts = html.split(/(<astro-island\b[\s\S]*?<\/astro-island>)/);
      for (const part of parts) {
        const into = part.startsWith('<astro-island') ? cards.island : cards.static;
        for (const [card] of part.matchAll(/<article class="product-card">[\s\S]*?<\/article>/g)) {
          const href = card.match(/<h3><a href="([^"]+)"/)?.[1];
          if (href) into.set(href, same(card));
        }
      }
    }
    const both = [...cards.static.keys()].filter((href) => cards.island.has(href));
    expect(both.length).toBeGreaterThan(10);
    expect(both.some((href) => href.startsWith('/zh-CN/'))).toBe(true);
    for (const href of both) expect(cards.static.get(href), href).toBe(cards.island.get(href));
  });

  // React's ids (useId) are made with the island's prefix on the server, as hydration makes them on the
  // client (src/build/internals/island-render.ts): an id made without it would differ from the one the script uses.
  test("each island's server HTML makes its ids with the prefix it hydrates with", () => {
    let ids = 0;
    for (const entry of readdirSync(site.outDir, { recursive: true, withFileTypes: true })) {
      if (entry.name !== 'index.html') continue;
      const html = readFileSync(join(entry.parentPath, entry.name), 'utf8');
      for (const [island = ''] of html.matchAll(/<astro-island\b[\s\S]*?<\/astro-island>/g)) {
        const prefix = /^<astro-island\b[^>]*\sprefix="([^"]*)"/.exec(island)?.[1];
        for (const [, made] of island.matchAll(/\s(?:id|for|aria-[a-z]+)="_([a-z0-9]*)R_/g)) {
          expect(made, entry.parentPath).toBe(prefix);
          ids++;
        }
      }
    }
    expect(ids).toBeGreaterThan(10);
  });

  test('a Chinese product page links the Chinese documents (hreflang zh-CN), and says which files are in English', () => {
    const links = (locale: string, path: string) =>
      [
        ...(readFileSync(file(locale, path, 'index.html'), 'utf8')
          .match(/<ul class="resources">[\s\S]*?<\/ul>/)?.[0]
          .matchAll(/<a href="([^"]+)"(?: hreflang="([^"]+)")?>([^<]+)<\/a>/g) ?? []),
      ].map(([, href, hreflang, text]) => ({ href, hreflang, text }));
    const raman = '/product/18-benchtop-raman-spectrometer-785-nm';
    expect(links('zh-CN', raman)).toEqual([
      { href: '/files/datasheets/RS-785-B.zh-CN.pdf', hreflang: 'zh-CN', text: 'RS-785-B 产品规格书' },
      { href: '/files/manuals/RS-785-B.zh-CN.pdf', hreflang: 'zh-CN', text: 'RS-785-B 用户手册' },
      { href: '/files/software/raman-studio.zip', hreflang: 'en', text: '拉曼采集软件（英文）' },
    ]);
    expect(links('en', raman)).toEqual([
      { href: '/files/datasheets/RS-785-B.pdf', hreflang: 'en', text: 'RS-785-B datasheet' },
      { href: '/files/manuals/RS-785-B.pdf', hreflang: 'en', text: 'RS-785-B user manual' },
      { href: '/files/software/raman-studio.zip', hreflang: 'en', text: 'Raman acquisition software' },
    ]);
    expect(links('zh-CN', '/product/2-532-nm-single-frequency-dpss-laser-100-mw').at(-1)).toEqual({
      href: '/files/application-notes/laser-selection-for-raman.zh-CN.pdf',
      hreflang: 'zh-CN',
      text: '如何为拉曼光谱选择激发激光器',
    });
    // Both datasheets are there, the Chinese one with its own font.
    const datasheet = (name: string) => readFileSync(join(site.outDir, 'files', 'datasheets', name)).toString('latin1');
    expect(datasheet('RS-785-B.pdf')).toContain('/BaseFont /Helvetica ');
    expect(datasheet('RS-785-B.zh-CN.pdf')).toMatch(/\/BaseFont \/[A-Z]{6}\+NotoSansSC-Regular /);
    const downloads = readFileSync(file('zh-CN', '/downloads', 'index.html'), 'utf8');
    expect(downloads).toContain(
      '<a href="/files/datasheets/RS-785-B.zh-CN.pdf" hreflang="zh-CN">RS-785-B 产品规格书</a>',
    );
    expect(downloads).toContain('<a href="/files/software/raman-studio.zip" hreflang="en">拉曼采集软件（英文）</a>');
  });

  test.each(['en', 'zh-CN'])('the payloads in %s', async (locale) => {
    for (const path of PAYLOADS) {
      const { data } = JSON.parse(readFileSync(file(locale, path, '_payload.json'), 'utf8')) as { data: unknown };
      await expect(undated(JSON.stringify(data, null, 1))).toMatchFileSnapshot(snapshot(locale, path, 'json'));
    }
  });
});
