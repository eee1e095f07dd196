import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

/** The file a build writes beside its pages: the headers a CDN that reads `_headers` sends, and the API server. */
export const HEADERS_FILE = '_headers';

/** What every answer carries, site and API. */
export const COMMON_HEADERS: Readonly<Record<string, string>> = {
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin-when-cross-origin',
  // For browsers that predate frame-ancestors.
  'x-frame-options': 'DENY',
};

export interface SitePolicyOptions {
  /** `'sha256-…'` sources of the inline scripts the pages carry. */
  scriptHashes?: readonly string[];
  /** Origins the pages' scripts call besides their own, e.g. an API on another host. */
  connectOrigins?: readonly string[];
}

/**
 * The site's policy as a `<meta>` can carry it: nothing from other hosts, scripts from the site or matching
 * a hash (no 'unsafe-inline'), inline styles allowed (Astro inlines small stylesheets).
 */
export function metaPolicy({ scriptHashes = [], connectOrigins = [] }: SitePolicyOptions = {}): string {
  return [
    "default-src 'self'",
    ["script-src 'self'", ...scriptHashes].join(' '),
    "style-src 'self' 'unsafe-inline'",
    ["connect-src 'self'", ...connectOrigins].join(' '),
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
  ].join('; ');
}

/** The site's policy as a header: the meta policy and what only a header can say (no framing). */
export function headerPolicy(options: SitePolicyOptions = {}): string {
  return `${metaPolicy(options)}; frame-ancestors 'none'`;
}

/** The Content-Security-Policy line of a `_headers` file; undefined when it has none. */
export function policyOfHeadersFile(text: string): string | undefined {
  return /^\s*Content-Security-Policy:\s*(.+?)\s*$/im.exec(text)?.[1];
}

/** The `_headers` file (Netlify, Cloudflare Pages): the headers the API server sends with the site. */
export function headersFile(options: SitePolicyOptions): string {
  const lines = ['/*', `  Content-Security-Policy: ${headerPolicy(options)}`];
  for (const [name, value] of Object.entries(COMMON_HEADERS)) lines.push(`  ${name}: ${value}`);
  lines.push('/_astro/*', '  Cache-Control: public, max-age=31536000, immutable');
  return `${lines.join('\n')}\n`;
}

/** Script types the browser does not run (data blocks such as JSON-LD): a policy need not allow them. */
const DATA_BLOCK = /^(application|text)\/([\w.-]+\+)?json$/i;

/** The text of every inline script in a page that the browser would run. For built pages: no scripts in comments. */
export function inlineScripts(html: string): string[] {
  const scripts: string[] = [];
  for (const [, attributes = '', text = ''] of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi)) {
    if (/\ssrc\s*=/i.test(attributes)) continue;
    const type = /\stype\s*=\s*["']?([^"'\s>]+)/i.exec(attributes)?.[1];
    if (type && DATA_BLOCK.test(type)) continue;
    scripts.push(text);
  }
  return scripts;
}

/** A CSP source that allows exactly one inline script. */
export function scriptHash(text: string): string {
  return `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;
}

/** The `<meta>` withMetaPolicy puts in a page. */
const META_POLICY = /<meta http-equiv="content-security-policy" content="[^"]*">/;

/**
 * The page with the policy in a `<meta>` right after its charset, before any script it governs; a policy
 * the page had already (from an earlier build of a kept staging tree) is replaced.
 */
export function withMetaPolicy(html: string, policy: string): string {
  const content = policy.replaceAll('&', '&amp;').replaceAll('"', '&quot;');
  const page = html.replace(META_POLICY, '');
  const anchor = /<meta\s+charset\s*=[^>]*>/i.exec(page) ?? /<head\b[^>]*>/i.exec(page);
  if (!anchor) throw new Error('a page without <head>: nowhere to put its Content-Security-Policy');
  const at = anchor.index + anchor[0].length;
  return `${page.slice(0, at)}<meta http-equiv="content-security-policy" content="${content}">${page.slice(at)}`;
}

/** What the policy of a kept staging tree's pages was made from (decision 0025). */
interface PolicyState {
  scriptHashes: string[];
  connectOrigins: string[];
}

/**
 * Puts one Content-Security-Policy on every page of the built site in `dir`: a `<meta>` in each page (what any
 * static host serves) and `_headers` adding frame-ancestors (read by the API server and by CDNs that know it).
 * Scripts may come from the site, or be inline with a hash the policy lists: those the pages carry, no others.
 *
 * With `only` (the pages a build wrote into a kept staging tree) and `stateFile` (where the last policy's
 * sources are kept), only those pages are read and written, as long as their inline scripts are all among
 * the hashes the other pages' policy already lists; a new script's hash means every page gets the new policy.
 */
export async function secureSite(
  dir: string,
  {
    connectOrigins = [],
    only,
    stateFile,
  }: Pick<SitePolicyOptions, 'connectOrigins'> & { only?: readonly string[]; stateFile?: string } = {},
) {
  const origins = [...connectOrigins];
  const state = stateFile ? await readState(stateFile) : undefined;
  // One page at a time with plain synchronous reads and writes: a full build has over 20,000 pages, and a
  // promise a file costs three times the time (issue 17).
  const hashesOf = (pages: readonly string[]) => {
    const hashes = new Set<string>();
    for (const file of pages) {
      for (const script of inlineScripts(readFileSync(file, 'utf8'))) hashes.add(scriptHash(script));
    }
    return hashes;
  };
  let pages: readonly string[] | undefined;
  let scriptHashes: string[] | undefined;
  if (only && state && JSON.stringify(state.connectOrigins) === JSON.stringify(origins)) {
    const known = new Set(state.scriptHashes);
    const found = hashesOf(only.filter((file) => file.endsWith('.html')));
    if ([...found].every((hash) => known.has(hash))) {
      pages = only.filter((file) => file.endsWith('.html'));
      scriptHashes = state.scriptHashes;
    }
  }
  if (!pages || !scriptHashes) {
    const entries = readdirSync(dir, { recursive: true, withFileTypes: true });
    pages = entries
      .filter((entry) => entry.isFile() && entry.name.endsWith('.html'))
      .map((entry) => join(entry.parentPath, entry.name));
    scriptHashes = [...hashesOf(pages)].sort();
  }
  const options = { scriptHashes, connectOrigins: origins };
  const policy = metaPolicy(options);
  for (const file of pages) writeFileSync(file, withMetaPolicy(readFileSync(file, 'utf8'), policy));
  await writeFile(join(dir, HEADERS_FILE), headersFile(options));
  if (stateFile) await writeFile(stateFile, JSON.stringify(options));
  return { pages: pages.length, scriptHashes };
}

async function readState(file: string): Promise<PolicyState | undefined> {
  try {
    const state = JSON.parse(await readFile(file, 'utf8')) as PolicyState;
    return Array.isArray(state.scriptHashes) && Array.isArray(state.connectOrigins) ? state : undefined;
  } catch {
    return undefined;
  }
}
