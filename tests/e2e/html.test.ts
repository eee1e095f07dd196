import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { type HtmlElement, HtmlValidate } from 'html-validate';
import { beforeAll, describe, expect, inject, test } from 'vitest';
import { calls } from '#api/index.ts';
import { LOCALES } from '#i18n/index.ts';

// Every .html file of the built site: valid HTML (html-validate with .htmlvalidate.json), every internal link
// and asset resolving to a built file, one canonical link to the page itself, and reciprocal hreflang links.
//
// .htmlvalidate.json is html-validate:recommended, relaxed only where the output is a deliberate choice (JSON
// has no comments, so the reasons are here):
// - attr-case allows camelCase: React's server renderer writes `srcSet`, `dateTime`, `autoComplete`;
//   attribute names are case-insensitive in HTML.
// - attribute-boolean-style and void-style are off: React writes `selected=""` and `<img/>`, Astro writes
//   `novalidate` and `<img>`; all are valid HTML and the mix is the two renderers', not ours.
// - valid-id is relaxed: React's useId makes ids like `_r1R_0_-email` (valid HTML, no whitespace); the
//   strict mode also wants ids to start with a letter.
// - prefer-native-element allows role=listbox: the search suggestions are an ARIA combobox's popup, which a
//   native <select> cannot be.
// - long-title is off: titles are `{name} | {company}` and names (articles, products) are editors' content;
//   search engines truncate long titles rather than reject them.

const siteDir = inject('siteDir');
/** The origin of canonical and hreflang links: SITE_URL, as astro.config.mjs's `site` reads it. */
const siteOrigin = new URL(process.env.SITE_URL ?? 'http://localhost:4321').origin;
/** Paths the API server answers under /api: the contract's calls, the OpenAPI document and its reference. */
const apiPaths = new Set(['/api/openapi.json', '/api/docs', ...calls.map((call) => `/api${call.path}`)]);

interface Ref {
  /** Where the reference was found, e.g. `<img srcset>`. */
  where: string;
  url: string;
}

interface Page {
  /** The file, relative to the site directory, e.g. `product/1-laser/index.html`. */
  file: string;
  /** The page's own URL on the site, e.g. `http://localhost:4321/product/1-laser`. */
  url: string;
  lang: string | null;
  problems: string[];
  refs: Ref[];
  ids: Set<string>;
  canonicals: string[];
  alternates: { hreflang: string; href: string }[];
}

function listFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile())
    .map((entry) => relative(dir, join(entry.parentPath, entry.name)).split(sep).join('/'));
}

/** The URL path a built HTML file is served at (as src/server/middleware/static.ts serves it): `a/b/index.html` is `/a/b`. */
function pathOf(file: string): string {
  const path = `/${file.replace(/(^|\/)index\.html$/, '').replace(/\.html$/, '')}`;
  return path.length > 1 ? path.replace(/\/$/, '') : path;
}

/** The built file a URL path names: the file itself, its directory's index.html, or the path plus .html. */
function fileOf(files: Set<string>, pathname: string): string | undefined {
  let path: string;
  try {
    path = decodeURIComponent(pathname).replace(/^\/+/, '').replace(/\/+$/, '');
  } catch {
    return undefined;
  }
  const candidates = path === '' ? ['index.html'] : [path, `${path}/index.html`, `${path}.html`];
  return candidates.find((candidate) => files.has(candidate));
}

const URL_IN_CSS = /url\(\s*(['"]?)(.*?)\1\s*\)/g;

/** Every URL an element refers to: href, src, srcset, action, poster, url() in its style, JSON-LD and og: URLs. */
function refsOf(node: HtmlElement): Ref[] {
  const tag = node.tagName;
  const refs: Ref[] = [];
  const add = (attr: string, url: string) => refs.push({ where: `<${tag} ${attr}>`, url: url.trim() });
  for (const attr of ['href', 'src', 'action', 'formaction', 'poster', 'data']) {
    const value = node.getAttributeValue(attr);
    if (value !== null && !(attr === 'data' && tag !== 'object')) add(attr, value);
  }
  for (const attr of ['srcset', 'imagesrcset']) {
    for (const candidate of node.getAttributeValue(attr)?.split(',') ?? []) {
      const url = candidate.trim().split(/\s+/)[0];
      if (url) add(attr, url);
    }
  }
  for (const match of (node.getAttributeValue('style') ?? '').matchAll(URL_IN_CSS)) add('style url()', match[2] ?? '');
  if (tag === 'style') for (const match of node.textContent.matchAll(URL_IN_CSS)) add('url()', match[2] ?? '');
  if (tag === 'meta' && /^og:(url|image)$/.test(node.getAttributeValue('property') ?? '')) {
    add('content', node.getAttributeValue('content') ?? '');
  }
  if (tag === 'script' && node.getAttributeValue('type') === 'application/ld+json') {
    const walk = (value: unknown): void => {
      if (typeof value === 'string' && value.startsWith(`${siteOrigin}/`)) add('JSON-LD', value);
      else if (value && typeof value === 'object') for (const item of Object.values(value)) walk(item);
    };
    try {
      walk(JSON.parse(node.textContent));
    } catch (error) {
      add('JSON-LD (unparsable)', `invalid JSON: ${(error as Error).message}`);
    }
  }
  return refs;
}

/** Pages that are one page for both languages: the editors' workspace. */
const ONE_PAGE_FOR_BOTH = new Set(['editor/index.html']);

let files: Set<string>;
/** Every HTML page by its file. */
let pages: Map<string, Page>;

beforeAll(async () => {
  files = new Set(listFiles(siteDir));
  const validator = new HtmlValidate(JSON.parse(readFileSync('.htmlvalidate.json', 'utf8')));
  pages = new Map();
  for (const file of [...files].filter((name) => name.endsWith('.html')).sort()) {
    const page: Page = {
      file,
      url: new URL(pathOf(file), siteOrigin).href,
      lang: null,
      problems: [],
      refs: [],
      ids: new Set(),
      canonicals: [],
      alternates: [],
    };
    const report = await validator.validateString(readFileSync(join(siteDir, file), 'utf8'), file, {
      // Called once for every element with its attributes and content: collect what the link checks need.
      processElement(node) {
        if (node.id) page.ids.add(node.id);
        if (node.tagName === 'html') page.lang = node.getAttributeValue('lang');
        const rel = (node.getAttributeValue('rel') ?? '').toLowerCase().split(/\s+/);
        const href = node.getAttributeValue('href');
        if (node.tagName === 'link' && href !== null) {
          if (rel.includes('canonical')) page.canonicals.push(href);
          const hreflang = node.getAttributeValue('hreflang');
          if (rel.includes('alternate') && hreflang !== null) page.alternates.push({ hreflang, href });
        }
        page.refs.push(...refsOf(node));
      },
    });
    for (const result of report.results) {
      for (const message of result.messages) {
        page.problems.push(`${file}:${message.line}:${message.column} [${message.ruleId}] ${message.message}`);
      }
    }
    pages.set(file, page);
  }
}, 180_000);

/** Fails with every problem found, one per line, or passes when there is none. */
function expectNone(problems: string[], what: string): void {
  if (problems.length > 0) expect.fail(`${problems.length} ${what}:\n${problems.join('\n')}`);
}

/** The built page a URL (absolute on siteOrigin) names, if any. */
function pageAt(url: string): Page | undefined {
  const parsed = new URL(url);
  if (parsed.origin !== siteOrigin) return undefined;
  const file = fileOf(files, parsed.pathname);
  return file === undefined ? undefined : pages.get(file);
}

describe('the built site', () => {
  test('has HTML pages in every locale', () => {
    expect(pages.size).toBeGreaterThan(50);
    expect(new Set([...pages.values()].map((page) => page.lang))).toEqual(new Set(LOCALES));
  });

  test('is valid HTML on every page', () => {
    const problems = [...pages.values()].flatMap((page) => page.problems);
    expectNone(problems, 'HTML problems');
  });

  test('links only to files, pages, anchors and API calls that exist', () => {
    const broken: string[] = [];
    for (const page of pages.values()) {
      for (const { where, url } of page.refs) {
        let target: URL;
        try {
          target = new URL(url, page.url);
        } catch {
          broken.push(`${page.file}: ${where} "${url}" is not a URL`);
          continue;
        }
        if (target.origin !== siteOrigin) continue;
        if (target.pathname === '/api' || target.pathname.startsWith('/api/')) {
          if (!apiPaths.has(target.pathname)) broken.push(`${page.file}: ${where} "${url}" is no API call`);
          continue;
        }
        const file = fileOf(files, target.pathname);
        if (file === undefined) {
          broken.push(`${page.file}: ${where} "${url}" names no built file`);
          continue;
        }
        const fragment = decodeURIComponent(target.hash.slice(1));
        if (fragment && !fragment.startsWith(':~:') && file.endsWith('.html')) {
          if (!pages.get(file)?.ids.has(fragment))
            broken.push(`${page.file}: ${where} "${url}" names no element id in ${file}`);
        }
      }
    }
    expectNone(broken, 'broken links');
  });

  test('gives every page one canonical link to itself and reciprocal hreflang links for en, zh-CN and x-default', () => {
    const wrong: string[] = [];
    const expected = [...LOCALES, 'x-default'].sort();
    for (const page of pages.values()) {
      if (page.canonicals.length !== 1) {
        wrong.push(`${page.file}: ${page.canonicals.length} canonical links`);
      } else if (page.canonicals[0] !== page.url) {
        wrong.push(`${page.file}: canonical ${page.canonicals[0]} is not the page's own URL ${page.url}`);
      }
      const languages = page.alternates.map((alternate) => alternate.hreflang).sort();
      // The editors' workspace is one page for both languages (it switches on the page): no alternates.
      if (ONE_PAGE_FOR_BOTH.has(page.file)) {
        if (languages.length > 0)
          wrong.push(`${page.file}: hreflang links on a page that is the same in both languages`);
      } else if (languages.join() !== expected.join()) {
        wrong.push(`${page.file}: hreflang links for [${languages}], expected one each for [${expected}]`);
      }
      for (const { hreflang, href } of page.alternates) {
        const other = pageAt(new URL(href, page.url).href);
        if (new URL(href, page.url).origin !== siteOrigin) {
          wrong.push(`${page.file}: hreflang ${hreflang} ${href} is not on ${siteOrigin}`);
        } else if (!other) {
          wrong.push(`${page.file}: hreflang ${hreflang} ${href} names no built page`);
        } else if (hreflang === page.lang && other !== page) {
          wrong.push(`${page.file}: hreflang ${hreflang} ${href} should be the page itself`);
        } else if (hreflang === 'x-default' && other.lang !== 'en') {
          wrong.push(`${page.file}: x-default ${href} is not the English page`);
        } else if (hreflang !== 'x-default' && other.lang !== hreflang) {
          wrong.push(`${page.file}: hreflang ${hreflang} ${href} is a page in ${other.lang}`);
        } else if (!other.alternates.some((back) => back.hreflang === page.lang && back.href === page.url)) {
          wrong.push(`${page.file}: ${href} (hreflang ${hreflang}) does not link back with hreflang ${page.lang}`);
        }
      }
    }
    expectNone(wrong, 'canonical or hreflang problems');
  });
});
