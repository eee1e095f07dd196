import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { HEADERS_FILE, headersFile, metaPolicy, type SitePolicyOptions } from '#lib/published-site.ts';
import { walkTree } from '../tree-thread.ts';
import { inlineScriptSpans, quickInlineScriptSpans } from './html-scripts.ts';

/** A CSP source that allows exactly one inline script (its text, or the text's UTF-8 bytes). */
export function scriptHash(text: string | Uint8Array): string {
  const hash = createHash('sha256');
  if (typeof text === 'string') hash.update(text, 'utf8');
  else hash.update(text);
  return `'sha256-${hash.digest('base64')}'`;
}

/**
 * The hashes of a page's inline scripts, each once, sorted; a script whose hash is not among `own` (the
 * scripts the build itself emits, own-scripts.ts) stops the build, naming the page: the policy allows what
 * it lists by hash, and a script that came in with content must not be listed (decision 0067).
 */
export function checkedScriptHashes(
  html: string,
  page: string,
  own: ReadonlySet<string>,
  hashOf: (text: string) => string = scriptHash,
): string[] {
  // The quick way first: its spans are every script's and maybe some text's; all allowed, they are the answer.
  const quick = quickInlineScriptSpans(html)?.map(([start, end]) => hashOf(html.slice(start, end)));
  if (quick?.every((hash) => own.has(hash))) return [...new Set(quick)].sort();
  const hashes = new Set<string>();
  for (const [start, end] of inlineScriptSpans(html)) {
    const text = html.slice(start, end);
    const hash = hashOf(text);
    if (!own.has(hash)) {
      const words = JSON.stringify(text.trim().replace(/\s+/g, ' ').slice(0, 80));
      throw new Error(
        `${page} carries an inline script the build does not make (${hash}: ${words}). The Content-Security-Policy ` +
          "allows only the site's own inline scripts (is:inline in src/, and Astro's), so the build stops: a script " +
          'of the site belongs in a component, and content that brings one must be cleaned.',
      );
    }
    hashes.add(hash);
  }
  return [...hashes].sort();
}

/** The `<meta>` withMetaPolicy puts in a page. */
const META_POLICY = /<meta http-equiv="content-security-policy" content="[^"]*">/;

/**
 * The page with the policy in a `<meta>` right after its charset, before any script it governs; a policy
 * the page had already (from an earlier build of a kept staging tree) is replaced.
 */
export function withMetaPolicy(html: string, policy: string): string {
  const page = html.replace(META_POLICY, '');
  const at = policyPlace(page);
  return `${page.slice(0, at)}${policyMeta(policy)}${page.slice(at)}`;
}

/** How a policy's `<meta>` begins, up to its content. */
const POLICY_META_START = '<meta http-equiv="content-security-policy" content="';

/** The `<meta>` that carries a policy. */
export const policyMeta = (policy: string) =>
  `${POLICY_META_START}${policy.replaceAll('&', '&amp;').replaceAll('"', '&quot;')}">`;

/** Whether a page carries a policy in a `<meta>` already. */
export const hasPolicyMeta = (html: string) =>
  // A plain search first: it takes a page a fraction of the expression's time, and most pages have none.
  html.includes(POLICY_META_START) && META_POLICY.test(html);

/** Where in a page (without a policy) withMetaPolicy puts it: right after its charset, else after `<head>`. */
export function policyPlace(html: string): number {
  const anchor = /<meta\s+charset\s*=[^>]*>/i.exec(html) ?? /<head\b[^>]*>/i.exec(html);
  if (!anchor) throw new Error('a page without <head>: nowhere to put its Content-Security-Policy');
  return anchor.index + anchor[0].length;
}

/** What the policy of a kept staging tree's pages was made from (decisions 0025, 0030). */
interface PolicyState {
  /** Every page's hashes, as far as the builds since the last pass over every page know. */
  scriptHashes: string[];
  connectOrigins: string[];
}

/**
 * Puts a Content-Security-Policy on every page of the built site in `dir`: in each page a `<meta>` that
 * allows the page's own inline scripts by their hashes (what any static host serves), and `_headers` with
 * the hashes of every page's and frame-ancestors (read by the API server and by CDNs that know it).
 * Scripts may come from the site, or be inline with a hash the policy lists: those the page carries, no
 * others. An inline script not among `ownScripts` (the hashes of those the build emits) stops the build,
 * naming its page. One pass: each page is read and written once.
 *
 * With `only` (the pages a build wrote into a kept staging tree) and `stateFile` (where the last policy's
 * sources are kept), only those pages are read and written; `_headers` then lists the hashes it listed
 * before and theirs (a full pass, when the origins change, without a state, or when the state lists a
 * hash that is not the build's own, lists only what pages carry, and checks every page).
 * Pages in `secured` got their policy as they were rendered by this build (page-finish.ts), with the hashes
 * given and checked: they are only counted, in a full pass too. Answers the pages it rewrote.
 */
export async function secureSite(
  dir: string,
  {
    ownScripts,
    connectOrigins = [],
    only,
    stateFile,
    secured,
  }: Pick<SitePolicyOptions, 'connectOrigins'> & {
    /** The hashes of the inline scripts the build emits (own-scripts.ts): a page may carry no other. */
    ownScripts: ReadonlySet<string>;
    only?: readonly string[];
    stateFile?: string;
    secured?: ReadonlyMap<string, readonly string[]>;
  },
) {
  const origins = [...connectOrigins];
  const state = stateFile ? await readState(stateFile) : undefined;
  const kept =
    only &&
    state &&
    JSON.stringify(state.connectOrigins) === JSON.stringify(origins) &&
    // A hash the build no longer makes (or never made, before its scripts were checked) is not carried
    // over: every page is read again, and checked.
    state.scriptHashes.every((hash) => ownScripts.has(hash));
  const pages = kept
    ? only.filter((file) => file.endsWith('.html'))
    : walkTree(dir)
        .files.filter((file) => file.endsWith('.html'))
        .map((file) => join(dir, file));
  const all = new Set(kept ? state.scriptHashes : []);
  const rewritten: string[] = [];
  // One page at a time with plain synchronous reads and writes: a full build has over 20,000 pages, and a
  // promise a file costs three times the time (issue 17).
  for (const file of pages) {
    const own = secured?.get(file);
    if (own) {
      for (const hash of own) all.add(hash);
      continue;
    }
    const html = readFileSync(file, 'utf8');
    const hashes = checkedScriptHashes(html, `/${relative(dir, file)}`, ownScripts);
    for (const hash of hashes) all.add(hash);
    writeFileSync(file, withMetaPolicy(html, metaPolicy({ scriptHashes: hashes, connectOrigins: origins })));
    rewritten.push(file);
  }
  const options = { scriptHashes: [...all].sort(), connectOrigins: origins };
  await writeFile(join(dir, HEADERS_FILE), headersFile(options));
  if (stateFile) await writeFile(stateFile, JSON.stringify(options));
  return { pages: pages.length, scriptHashes: options.scriptHashes, rewritten };
}

async function readState(file: string): Promise<PolicyState | undefined> {
  try {
    const state = JSON.parse(await readFile(file, 'utf8')) as PolicyState;
    return Array.isArray(state.scriptHashes) && Array.isArray(state.connectOrigins) ? state : undefined;
  } catch {
    return undefined;
  }
}
