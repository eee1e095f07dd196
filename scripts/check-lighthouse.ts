// `npm run check:lighthouse`: builds the demo from a fresh in-memory API, serves it, and runs Lighthouse
// (default mobile settings: Moto G Power emulation, simulated slow 4G and 4x CPU throttling) in Debian's
// Chromium on one page of each main type in both languages, the account page logged in. Prints a table and
// the audits that cost points; exits 1 when accessibility, best practices or SEO is under 100, or
// performance under 95. Simulated throttling estimates from the trace, so a busy machine still moves the
// performance score by a few points: a page that misses it is measured again, and its best run counts.
// To measure a subset, LIGHTHOUSE_PAGES takes page names or their first words (`account,home,category`)
// and LIGHTHOUSE_LOCALES the locales (`zh-CN`), both comma-separated; LIGHTHOUSE_RUNS=<n> measures each page
// n times; LIGHTHOUSE_JSON=<dir> writes each page's full report (of its best run) there as JSON.
import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import lighthouse, { type Flags, type Result } from 'lighthouse';
import { chromium } from 'playwright-core';
import { releasesTidied } from '#build/publish/releases.ts';
import { buildSite } from '#build/site-build.ts';
import { createEditorToken } from '#server/auth/editors.ts';
import { prepareDb, startServer } from '#server/server.ts';
import { CHROMIUM_FLAGS, chromiumPath } from '#tests/e2e/chromium.ts';
import { loggedInCustomer } from './bench-setup.ts';

const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
type Category = (typeof CATEGORIES)[number];
/** The performance score the site is held to. */
const PERFORMANCE_BAR = 95;
/**
 * LIGHTHOUSE_MIN_PERFORMANCE lowers the performance score that fails the run, for a run that cannot be
 * quiet (CI on a shared 2-core machine: see .ci/run). A page under PERFORMANCE_BAR is still measured
 * again, so one stall of the host does not stand for the page.
 */
const MIN_PERFORMANCE = Number(process.env.LIGHTHOUSE_MIN_PERFORMANCE ?? PERFORMANCE_BAR);
const MINIMUM: Record<Category, number> = {
  performance: MIN_PERFORMANCE,
  accessibility: 100,
  'best-practices': 100,
  seo: 100,
};
/** LIGHTHOUSE_PAGES and LIGHTHOUSE_LOCALES as lists; empty when unset (every page, every locale). */
const listFromEnv = (name: string) =>
  (process.env[name] ?? '')
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);
const PAGES = listFromEnv('LIGHTHOUSE_PAGES');
const LOCALES = listFromEnv('LIGHTHOUSE_LOCALES');
const JSON_DIR = process.env.LIGHTHOUSE_JSON;
/** A page is measured when no filter is set or its name or first word is listed. */
const wanted = (target: Target) =>
  (PAGES.length === 0 || PAGES.some((name) => target.name === name || target.name.split(' ')[0] === name)) &&
  (LOCALES.length === 0 || LOCALES.includes(target.locale));
/**
 * Runs of a page whose performance misses the minimum, before it counts as a miss; LIGHTHOUSE_RUNS=<n>
 * measures every page n times instead, to compare builds (the table shows each page's best run).
 */
const FIXED_RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 0);
// Five: on this 2-core host one page's TBT ranges from 70 to 460 ms between runs of the same build (the
// simulation schedules observed task times x 4 around a first paint that moves with them), and CI once
// saw three runs of the account page in a row under 95 while the same build measured 100 here.
const PERFORMANCE_RUNS = FIXED_RUNS || 5;

interface Target {
  name: string;
  locale: 'en' | 'zh-CN';
  path: string;
  loggedIn?: boolean;
  /** The editors' workspace, signed in (with `loggedIn`) and shown in `locale`. */
  workspace?: boolean;
  /** The page asks search engines not to index it (`noindex`) on purpose, so `is-crawlable` does not apply. */
  noindex?: boolean;
}

interface Measured extends Target {
  scores: Record<Category, number>;
  runs: number;
  lhr: Result;
}

/** Starts headless Chromium with a DevTools port and answers the port. */
async function launchBrowser(profileDir: string): Promise<{ port: number; process: ChildProcess }> {
  const child = spawn(
    chromiumPath(),
    ['--headless=new', ...CHROMIUM_FLAGS, '--remote-debugging-port=0', `--user-data-dir=${profileDir}`, 'about:blank'],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  const port = await new Promise<number>((resolve, reject) => {
    let output = '';
    const timer = setTimeout(() => reject(new Error(`Chromium did not start:\n${output}`)), 30_000);
    child.stderr?.on('data', (chunk) => {
      output += chunk;
      const match = /DevTools listening on ws:\/\/[^:]+:(\d+)\//.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve(Number(match[1]));
      }
    });
    child.once('exit', (code) => reject(new Error(`Chromium exited (${code}):\n${output}`)));
  });
  child.stderr?.resume();
  return { port, process: child };
}

/** The first link on a built page whose path starts with the prefix. */
async function firstLink(base: string, path: string, prefix: string): Promise<string> {
  const html = await (await fetch(new URL(path, base))).text();
  const href = new RegExp(`href="(${prefix}[^"#?]+)"`).exec(html)?.[1];
  if (!href) throw new Error(`no link to ${prefix} on ${path}`);
  return href;
}

/** One page of each type in a locale, found by following links as a visitor would; and the workspace's. */
async function targets(base: string, locale: Target['locale'], productId: number): Promise<Target[]> {
  const prefix = locale === 'en' ? '' : '/zh-CN';
  const categoryTop = await firstLink(base, prefix || '/', `${prefix}/category/top/`);
  const categoryList = await firstLink(base, categoryTop, `${prefix}/category/list/`);
  const product = await firstLink(base, categoryList, `${prefix}/product/`);
  const solution = await firstLink(base, `${prefix}/solutions/spectroscopy-instruments`, `${prefix}/solutions/\\d`);
  const article = await firstLink(base, `${prefix}/knowledge`, `${prefix}/knowledge/`);
  return [
    { name: 'home', locale, path: prefix || '/' },
    { name: 'category top', locale, path: categoryTop },
    { name: 'category list', locale, path: categoryList },
    { name: 'product', locale, path: product },
    { name: 'solution', locale, path: solution },
    { name: 'article', locale, path: article },
    { name: 'knowledge centre', locale, path: `${prefix}/knowledge` },
    { name: 'search', locale, path: `${prefix}/search?keyword=laser`, noindex: true },
    { name: 'contact', locale, path: `${prefix}/contact` },
    { name: 'account (logged in)', locale, path: `${prefix}/account`, loggedIn: true, noindex: true },
    { name: 'quick order', locale, path: `${prefix}/quick-order`, noindex: true },
    { name: 'account quotes (logged in)', locale, path: `${prefix}/account/quotes`, loggedIn: true, noindex: true },
    { name: 'workspace sign-in', locale, path: '/editor', workspace: true, noindex: true },
    {
      name: 'workspace product form',
      locale,
      path: `/editor#/products/${productId}`,
      workspace: true,
      loggedIn: true,
      noindex: true,
    },
  ];
}

/**
 * Stores the token in (or, with null, removes it from) the site origin's local storage of the browser's
 * default profile, and empties the HTTP cache. Lighthouse does not clear local storage between runs, so a
 * page after the logged-in one would otherwise be measured logged in too; and the logged-in run, which keeps
 * the origin's storage, would otherwise also keep the cache and load its scripts from it.
 */
async function storeToken(port: number, base: string, stored: Record<string, string> | null): Promise<void> {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  try {
    const context = browser.contexts()[0];
    if (!context) throw new Error('Chromium has no default context');
    const page = await context.newPage();
    await page.goto(new URL('/favicon.svg', base).href);
    await (await context.newCDPSession(page)).send('Network.clearBrowserCache');
    await page.evaluate((values) => {
      if (values) for (const [key, value] of Object.entries(values)) localStorage.setItem(key, value);
      else localStorage.clear();
    }, stored);
    await page.close();
  } finally {
    // Disconnects; the browser keeps running for Lighthouse.
    await browser.close();
  }
}

async function audit(
  port: number,
  base: string,
  target: Target,
): Promise<{ scores: Record<Category, number>; lhr: Result }> {
  const flags: Flags = {
    port,
    logLevel: 'error',
    output: 'json',
    onlyCategories: [...CATEGORIES],
    // The logged-in run needs the token Lighthouse would otherwise clear with the origin's storage.
    disableStorageReset: target.loggedIn === true || target.workspace === true,
    ...(target.noindex ? { skipAudits: ['is-crawlable'] } : {}),
  };
  const result = await lighthouse(new URL(target.path, base).href, flags);
  if (!result) throw new Error(`Lighthouse gave no result for ${target.path}`);
  const { lhr } = result;
  if (lhr.runtimeError) throw new Error(`${target.path}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
  const scores = Object.fromEntries(
    CATEGORIES.map((id) => [id, Math.round((lhr.categories[id]?.score ?? 0) * 100)]),
  ) as Record<Category, number>;
  return { scores, lhr };
}

const misses = (scores: Record<Category, number>) => CATEGORIES.filter((id) => scores[id] < MINIMUM[id]);

/** The audits that cost a category points, with what Lighthouse says about each. */
function failingAudits(lhr: Result, category: Category): string[] {
  return (lhr.categories[category]?.auditRefs ?? [])
    .filter((ref) => ref.weight > 0 || category === 'performance')
    .map((ref) => lhr.audits[ref.id])
    .filter((item) => item && item.score !== null && item.score < (category === 'performance' ? 0.9 : 1))
    .map((item) => `    ${item?.id}: ${item?.title}${item?.displayValue ? ` (${item.displayValue})` : ''}`);
}

const dir = mkdtempSync(join(tmpdir(), 'storefront-lighthouse-'));
const siteDir = join(dir, 'site');
const db = await prepareDb({});
const server = await startServer({ db, port: 0, host: '127.0.0.1', siteDir });
const base = `http://127.0.0.1:${server.port}`;
let browser: ChildProcess | undefined;
let failed = false;
try {
  const { ms } = await buildSite({
    apiBaseUrl: `${base}/api`,
    outDir: siteDir,
    verbose: false,
    cacheDir: join(dir, 'astro-cache'),
  });
  console.log(`site built in ${(ms / 1000).toFixed(1)} s, served at ${base}`);
  const launched = await launchBrowser(join(dir, 'profile'));
  browser = launched.process;
  const { token } = await loggedInCustomer(db, new URL('/api', base).href, 'lighthouse', 'lighthouse keeper 1848');
  const editor = await createEditorToken(db, 'lighthouse-editor@example.com', { role: 'editor' });
  const [product] = await db.query<{ id: number }>('select id from product where published order by id limit 1');
  if (!product) throw new Error('the demo catalogue has no product');
  // A quote for the account's quotes page to show.
  for (const [path, body] of [
    ['/shop/cart/save', { productId: product.id, quantity: 2 }],
    ['/quote/create', {}],
  ] as const) {
    const answer = await fetch(new URL(`/api${path}`, base), {
      method: 'POST',
      headers: { 'content-type': 'application/json', Satoken: token },
      body: JSON.stringify(body),
    });
    if (!answer.ok) throw new Error(`${path}: ${answer.status} ${await answer.text()}`);
  }
  const storage = (target: Target): Record<string, string> =>
    target.workspace
      ? {
          'lumenlab.workspace.locale': target.locale,
          ...(target.loggedIn && {
            'lumenlab.workspace.session': JSON.stringify({
              token: editor.token,
              email: editor.editor.email,
              role: 'editor',
              expiresAt: editor.expiresAt,
              kind: 'api',
            }),
          }),
        }
      : { satoken: token };
  const pages = [...(await targets(base, 'en', product.id)), ...(await targets(base, 'zh-CN', product.id))].filter(
    wanted,
  );
  if (pages.length === 0) throw new Error('LIGHTHOUSE_PAGES and LIGHTHOUSE_LOCALES match no page');

  const measured: Measured[] = [];
  for (const target of pages) {
    let best: { scores: Record<Category, number>; lhr: Result } | undefined;
    let runs = 0;
    const performances: string[] = [];
    const again = (performance: number) => performance < Math.max(MINIMUM.performance, PERFORMANCE_BAR);
    while (runs < PERFORMANCE_RUNS && (FIXED_RUNS > 0 || !best || again(best.scores.performance))) {
      if (target.loggedIn || target.workspace) await storeToken(launched.port, base, storage(target));
      const run = await audit(launched.port, base, target);
      runs++;
      performances.push(
        `${run.scores.performance} (TBT ${Math.round(run.lhr.audits['total-blocking-time']?.numericValue ?? 0)} ms)`,
      );
      if (!best || run.scores.performance > best.scores.performance) best = run;
      // Only performance varies from run to run; another miss is a real one.
      if (misses(run.scores).some((id) => id !== 'performance')) break;
    }
    if (target.loggedIn || target.workspace) await storeToken(launched.port, base, null);
    if (!best) continue;
    measured.push({ ...target, ...best, runs });
    if (JSON_DIR) {
      mkdirSync(JSON_DIR, { recursive: true });
      const file = `${target.locale}-${target.name.replace(/\W+/g, '-').replace(/-$/, '')}.json`;
      writeFileSync(join(JSON_DIR, file), JSON.stringify(best.lhr, null, 1));
    }
    console.log(`  measured ${target.locale} ${target.name}: performance ${performances.join(', ')}`);
  }

  // Lighthouse's CPU benchmark of the run that counts: the lower, the slower or busier the machine was, and
  // the more the simulated main-thread times (observed times x 4) are inflated.
  const header = ['page', 'locale', 'performance', 'accessibility', 'best-practices', 'seo', 'cpu index'];
  const rows = measured.map((m) => [
    m.name,
    m.locale,
    ...CATEGORIES.map(
      (id) =>
        `${m.scores[id]}${m.scores[id] < MINIMUM[id] ? ' ✗' : ''}${id === 'performance' && m.runs > 1 ? ` (best of ${m.runs})` : ''}`,
    ),
    String(Math.round(m.lhr.environment.benchmarkIndex)),
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((row) => row[i]?.length ?? 0)));
  const line = (cells: string[]) => `| ${cells.map((cell, i) => cell.padEnd(widths[i] ?? 0)).join(' | ')} |`;
  console.log(
    `\nLighthouse ${measured[0]?.lhr.lighthouseVersion}, ${measured[0]?.lhr.configSettings.formFactor}, throttling: ${measured[0]?.lhr.configSettings.throttlingMethod}`,
  );
  console.log(line(header));
  console.log(line(widths.map((w) => '-'.repeat(w))));
  for (const row of rows) console.log(line(row));
  const skipped = measured.filter((m) => m.noindex).map((m) => `${m.locale} ${m.name}`);
  if (skipped.length > 0) console.log(`\nnoindex on purpose, is-crawlable not audited: ${skipped.join(', ')}`);

  for (const m of measured) {
    const missed = misses(m.scores);
    if (missed.length === 0) continue;
    failed = true;
    console.log(`\n${m.locale} ${m.name} (${m.path}):`);
    for (const id of missed) {
      console.log(`  ${id} ${m.scores[id]} < ${MINIMUM[id]}`);
      for (const text of failingAudits(m.lhr, id)) console.log(text);
    }
  }
  console.log(failed ? '\nLighthouse check failed.' : '\nLighthouse check passed.');
} finally {
  if (browser && browser.exitCode === null) {
    browser.kill();
    await once(browser, 'exit');
  }
  await server.close();
  await db.close();
  // A first build's staging tree is copied back after its publish (decision 0031).
  await releasesTidied();
  rmSync(dir, { recursive: true, force: true });
}
process.exitCode = failed ? 1 : 0;
