import { readFileSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { isMainThread, Worker, workerData } from 'node:worker_threads';
import { UPLOADS_PATH } from '#api/editor-files.ts';
import { lineLogFits, readLineLog, writeLineLog } from '#lib/line-log.ts';
import { answerFromThread, type Tree, threadAnswer, walkTree } from '../tree-thread.ts';

// The checks a build passes before it is published (DESIGN.md section 8): every page the manifest
// lists is there with its payload, the product pages are as many as the API's published products,
// every internal link and every sitemap entry leads to a file of the build.

/** Broken links named in the error, at most. */
const SHOWN = 10;

/** What a site path (no query) names: decoded, without slashes around; undefined when it cannot be decoded. */
function target(path: string): string | undefined {
  try {
    return decodeURIComponent(path).replace(/^\/+|\/+$/g, '');
  } catch {
    return undefined;
  }
}

/** Whether a site path (no query) names a file of the build: itself, its index.html, or `.html`. */
function resolves(files: ReadonlySet<string>, path: string): boolean {
  const file = target(path);
  if (file === undefined) return false;
  return files.has(file) || files.has(file ? `${file}/index.html` : 'index.html') || files.has(`${file}.html`);
}

/** The targets (as `target` gives them) that would lead to a file. */
const targetsOf = (file: string) => [file, file.replace(/\/?index\.html$/, ''), file.replace(/\.html$/, '')];

/** The page's file for a prerendered path: `/` is index.html, `/zh-CN/product/x` its index.html. */
const pageFile = (path: string) => join(path, 'index.html').replace(/^\/+/, '');
const payloadFile = (path: string) => join(path, '_payload.json').replace(/^\/+/, '');

/** Internal links of an HTML page: href and src values starting with one slash, without query or hash. */
function internalLinks(html: string): string[] {
  const links = new Set<string>();
  for (const match of html.matchAll(/\s(?:href|src)="(\/(?!\/)[^"?#]*)/g)) {
    const link = (match[1] ?? '').replaceAll('&amp;', '&');
    // The API is another service; the browser's links to it are not pages of the build, nor are the
    // editors' uploads it serves from the database (decision 0071).
    if (!link.startsWith('/api/') && !link.startsWith(`${UPLOADS_PATH}/`)) links.add(link);
  }
  // Copied out of the page: a match is a slice that keeps the whole page's text alive, and a full build's
  // check keeps every page's links at once (20,000 pages' text, 1.9 GB at the peak, before this).
  return JSON.parse(JSON.stringify([...links])) as string[];
}

/** What may follow `</html>` in a whole page: the module scripts Astro puts after a page's own markup. */
const AFTER_DOCUMENT = /^(?:\s*<script\b[^>]*>[\s\S]*?<\/script>)*\s*$/i;

/**
 * A page's internal links, or null when the page is not a whole HTML document: a page cut short, or left
 * empty by a write that was skipped (internals/astro-preload.ts), has no `</html>` followed by nothing but
 * scripts.
 */
function pageLinks(html: string): string[] | null {
  const end = html.lastIndexOf('</html>');
  return end >= 0 && AFTER_DOCUMENT.test(html.slice(end + 7)) ? internalLinks(html) : null;
}

/** Below this many pages to read, this thread reads them all; above, threads share them. */
const PAGES_FOR_THREADS = 2000;

/** The links of each page named (paths relative to dir), read with plain synchronous reads (`pageLinks`). */
const linksOfFiles = (dir: string, files: readonly string[]) =>
  files.map((file) => pageLinks(readFileSync(join(dir, file), 'utf8')));

/** In a thread `readLinks` started (it loads this module again): the links of its share of the pages. */
if (!isMainThread && (workerData as { linksOf?: unknown } | null)?.linksOf) {
  const { dir, files } = (workerData as { linksOf: { dir: string; files: string[] } }).linksOf;
  answerFromThread(() => linksOfFiles(dir, files));
}

/**
 * The links of each page named, read by this thread and threads of its own, a share each, one a core: the
 * check comes after Astro, with the cores free (at 10,000 products, 22,866 pages read in 2.4 s by one).
 */
export async function readLinks(
  dir: string,
  files: readonly string[],
  count = files.length < PAGES_FOR_THREADS ? 1 : Math.max(1, availableParallelism()),
): Promise<Map<string, string[] | null>> {
  // Whole runs of pages a share: the pages of a folder are read together.
  const size = Math.ceil(files.length / count);
  const shares = Array.from({ length: count }, (_, n) => files.slice(n * size, (n + 1) * size));
  const theirs = shares
    .slice(1)
    .map((share) =>
      threadAnswer<(string[] | null)[]>(
        new Worker(new URL(import.meta.url), { workerData: { linksOf: { dir, files: share } } }),
        'a thread reading links',
      ),
    );
  // Settled here too: this thread's own share may throw first.
  for (const answer of theirs) answer.catch(() => {});
  const mine = linksOfFiles(dir, shares[0] ?? []);
  const links = [mine, ...(await Promise.all(theirs))].flat();
  // Pages share most of their links (1.6 million links, 23,000 pages, about 100,000 distinct): each page
  // keeps the one copy of a link, not its own, which a full build's check held all at once.
  const one = new Map<string, string>();
  const shared = (page: string[] | null | undefined) =>
    page?.map((link) => {
      const kept = one.get(link);
      if (kept !== undefined) return kept;
      one.set(link, link);
      return link;
    });
  return new Map(files.map((file, i) => [file, shared(links[i]) ?? (links[i] === null ? null : [])]));
}

/** For a build into a kept staging tree: the files it wrote, and where each page's links are kept between builds. */
export interface VerifyOptions {
  written: ReadonlySet<string> | undefined;
  /** A file of lines `[page, links]`, one a page read; a later line for a page replaces an earlier one. */
  linkCache: string;
  /** The files and folders of dir, when the build has listed them already. */
  tree?: Tree;
  /**
   * The files the site had after its last build that passed these checks and has no more; undefined when
   * not known. When no page linked to any of them, and the link cache holds every page's links, only the
   * pages this build wrote are read and checked: every link of the others found its file before, and
   * that file is still there.
   */
  removed?: readonly string[];
}

/**
 * Throws, naming what is wrong, unless the build in dir is whole and consistent with the API. With
 * `options`, the links of a page this build did not write are taken from the cache rather than read
 * again, and when no file went since the last build (`removed`), they are not checked again.
 */
export async function verifySite(
  dir: string,
  apiBaseUrl: string,
  options?: VerifyOptions,
): Promise<{ pages: number; links: number }> {
  const problems: string[] = [];
  const latest = JSON.parse(await readFile(join(dir, 'builds', 'latest.json'), 'utf8')) as { id: string };
  const manifest = JSON.parse(await readFile(join(dir, 'builds', 'meta', `${latest.id}.json`), 'utf8')) as {
    prerendered: string[];
  };
  const files = new Set((options?.tree ?? walkTree(dir)).files);
  for (const path of manifest.prerendered) {
    if (!files.has(pageFile(path))) problems.push(`the page ${path} is missing`);
    else if (!files.has(payloadFile(path))) problems.push(`the page ${path} has no _payload.json`);
  }

  const productPages = manifest.prerendered.filter((path) => /^\/product\//.test(path)).length;
  const published = await publishedProducts(apiBaseUrl);
  if (productPages !== published) {
    problems.push(`${productPages} English product pages for the API's ${published} published products`);
  }

  const htmlFiles = [...files].filter((file) => file.endsWith('.html'));
  // Every page read is checked whole; a page not read is the one an earlier build wrote, read and checked.
  const cutShort: string[] = [];
  const checkWhole = (file: string, links: string[] | null | undefined) => {
    if (links === null) cutShort.push(file);
    return links ?? undefined;
  };
  // Plain synchronous reads: a full build has over 20,000 pages, and a promise a file costs three times the time.
  const read = (file: string) => checkWhole(file, pageLinks(readFileSync(join(dir, file), 'utf8'))) ?? [];
  const linksOf = new Map<string, string[]>();
  const written = options?.written;
  const known = options && written && options.removed ? linkCacheState(options.linkCache) : undefined;
  const targets = new Set(known?.targets);
  if (options && known && !options.removed?.some((file) => targetsOf(file).some((name) => targets.has(name)))) {
    const fresh = await readLinks(
      dir,
      htmlFiles.filter((file) => written?.has(file)),
    );
    for (const [file, links] of fresh) linksOf.set(file, checkWhole(file, links) ?? []);
    // The pages read go after the cache's lines; past twice its size it is written whole (the rest cached).
    let all: Map<string, string[]> | undefined;
    const whole = writeLineLog(options.linkCache, {
      changed: linksOf,
      whole: known.whole,
      all: () => {
        const cached = readLinkCache(options.linkCache);
        all = new Map(htmlFiles.map((file) => [file, linksOf.get(file) ?? cached.get(file)?.[1] ?? read(file)]));
        return all;
      },
    });
    writeLinkCacheState(options.linkCache, whole, all ? new Set() : targets, all ?? linksOf);
  } else {
    const cached = options && written ? readLinkCache(options.linkCache) : new Map<string, PageLinks>();
    const reuse = (file: string) => cached.get(file)?.[1] !== undefined && written !== undefined && !written.has(file);
    const fresh = await readLinks(
      dir,
      htmlFiles.filter((file) => !reuse(file)),
    );
    for (const file of htmlFiles) linksOf.set(file, checkWhole(file, fresh.get(file)) ?? cached.get(file)?.[1] ?? []);
    if (options) {
      const whole = writeLineLog(options.linkCache, { all: () => linksOf, whole: 0 });
      writeLinkCacheState(options.linkCache, whole, new Set(), linksOf);
    }
  }
  for (const file of cutShort.slice(0, SHOWN))
    problems.push(`${file} is not a whole HTML document (no </html> at its end)`);
  if (cutShort.length > SHOWN) problems.push(`and ${cutShort.length - SHOWN} more pages cut short`);
  const broken = new Map<string, string>();
  let links = 0;
  const checked = new Map<string, boolean>();
  for (const [file, pageLinks] of linksOf) {
    for (const link of pageLinks) {
      links++;
      let ok = checked.get(link);
      if (ok === undefined) {
        ok = resolves(files, link);
        checked.set(link, ok);
      }
      if (!ok && !broken.has(link)) broken.set(link, file);
    }
  }
  for (const [link, file] of [...broken].slice(0, SHOWN)) problems.push(`${file} links to ${link}, which is missing`);
  if (broken.size > SHOWN) problems.push(`and ${broken.size - SHOWN} more broken links`);

  // The index names the sitemap files; each of those lists pages.
  const locs = (xml: string) =>
    [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => new URL(match[1] ?? '').pathname);
  const index = await readFile(join(dir, 'sitemap.xml'), 'utf8').catch(() => '');
  const locations: string[] = [];
  for (const file of locs(index)) {
    if (!files.has(file.slice(1))) problems.push(`sitemap.xml names ${file}, which is missing`);
    else locations.push(...locs(await readFile(join(dir, file), 'utf8')));
  }
  if (locations.length === 0) problems.push('sitemap.xml is missing or empty');
  for (const path of locations) {
    if (!resolves(files, path)) problems.push(`sitemap.xml lists ${path}, which is missing`);
  }
  if (productPages > 0 && locations.filter((path) => path.includes('/product/')).length < productPages) {
    problems.push('sitemap.xml does not list every product page');
  }

  if (problems.length > 0) {
    throw new Error(`Build stopped: the built site failed its checks:\n- ${problems.slice(0, 20).join('\n- ')}`);
  }
  return { pages: manifest.prerendered.length, links };
}

/** A line of the link cache. */
type PageLinks = [file: string, links: string[]];

/** The link cache's lines by page (line-log.ts). */
const readLinkCache = (path: string) =>
  readLineLog<PageLinks>(path, (line) => (Array.isArray(line) && Array.isArray(line[1]) ? line[0] : undefined));

/** Beside the cache: its size when last written whole, and every target its pages link to. */
const statePath = (path: string) => `${path}.state.json`;

interface LinkCacheState {
  whole: number;
  targets: string[];
}

function writeLinkCacheState(
  path: string,
  whole: number,
  targets: Set<string>,
  linksOf: ReadonlyMap<string, string[]>,
): void {
  // Pages share most of their links (1.6 million links, 23,000 pages): each is decoded once.
  const links = new Set<string>();
  for (const pageLinks of linksOf.values()) for (const link of pageLinks) links.add(link);
  for (const link of links) {
    const name = target(link);
    if (name !== undefined) targets.add(name);
  }
  writeFileSync(statePath(path), JSON.stringify({ whole, targets: [...targets] } satisfies LinkCacheState));
}

/**
 * The cache's state, when it was written whole by a build that passed the checks and has grown by less
 * than that since (each build adds the lines of the pages it wrote); past that, the next build writes it
 * whole again.
 */
function linkCacheState(path: string): LinkCacheState | undefined {
  try {
    const state = JSON.parse(readFileSync(statePath(path), 'utf8')) as LinkCacheState;
    return lineLogFits(path, state.whole) && Array.isArray(state.targets) ? state : undefined;
  } catch {
    return undefined;
  }
}

/** The API's count of published products. */
async function publishedProducts(apiBaseUrl: string): Promise<number> {
  const url = `${apiBaseUrl}/product/page`;
  let response: Response;
  try {
    response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ language: 'en', pageNum: 1, pageSize: 1 }),
      signal: AbortSignal.timeout(30_000),
    });
  } catch (error) {
    throw new Error(`Build stopped: POST ${url} failed while checking the build: ${(error as Error).message}`);
  }
  const body = (await response.json().catch(() => undefined)) as { data?: { total?: unknown } } | undefined;
  const total = body?.data?.total;
  if (!response.ok || typeof total !== 'number') {
    throw new Error(`Build stopped: POST ${url} answered HTTP ${response.status} while checking the build.`);
  }
  return total;
}
