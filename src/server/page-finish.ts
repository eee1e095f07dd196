import { extname, resolve, sep } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { AstroPrerenderer } from 'astro';
import { COMPRESSIBLE, type Compressing, startCompressing } from './precompress.ts';
import { inlineScripts, metaPolicy, scriptHash, withMetaPolicy } from './site-csp.ts';

// Pages finished as they are rendered (decision 0031). A build into the staging tree used to finish its
// pages after Astro: read each page again to put its Content-Security-Policy in, write it again, then read
// it a third time to compress it, all while the second core idled (at 10,000 products, 5 s of policy and
// 15-23 s of compressing after 45 s of rendering). Now each page gets its policy from the rendered bytes,
// before Astro writes it, and its compressed copies are made from those bytes in a worker thread while the
// next pages render. What Astro writes itself (bundled assets, redirects) is finished after it, as before.

/**
 * How many files a build compresses (and writes, for the side files) as it renders them; the rest are left to
 * the steps after Astro. Every page gets its policy as it is rendered, whatever this says. No limit: once
 * pages had gzip copies only (decision 0034), the thread's work beside the renderer cost less than it saved,
 * also in a full build (10,000 products: 87 s against 96 s with a limit of 4,000, where it used to lose
 * 6-10 s with brotli, decision 0031). `SITE_FINISH_AS_RENDERED` sets one (the rebuild test uses 40, so both
 * ways run).
 */
export const FINISHED_AS_RENDERED = Number.POSITIVE_INFINITY;

/** How many scripts and policies are remembered: pages share a handful. */
const MEMO_LIMIT = 1000;

/** Pages finished as they were rendered: each page's own script hashes, and their compressed copies. */
export interface FinishedPages {
  /** The policy's script hashes of each page given its policy, by file. */
  policies: ReadonlyMap<string, readonly string[]>;
  compressing: Compressing;
}

/**
 * The file Astro writes a rendered path to, for `build.format: 'directory'` (Astro's getOutFile): an
 * endpoint's path is its file; a page's is a folder with `index.html`, except the status pages; undefined
 * for other route types (redirects: Astro writes its own body).
 */
export function renderedFile(outDir: string, pathname: string, type: string): string | undefined {
  const root = pathToFileURL(`${resolve(outDir)}${sep}`);
  const path = pathname.replace(/\/+$/, '') || '/';
  if (type === 'endpoint') return path === '/' ? undefined : fileURLToPath(new URL(`.${path}`, root));
  if (type !== 'page' && type !== 'fallback') return undefined;
  if (path === '/404' || path === '/500') return fileURLToPath(new URL(`.${path}.html`, root));
  return fileURLToPath(new URL(`.${path === '/' ? '' : path}/index.html`, root));
}

/**
 * Finishes files as they are rendered: `wrap` gives Astro's prerenderer one that puts its policy in every
 * page it renders (`withMetaPolicy`, with the hashes of the page's own inline scripts) and has its
 * compressed copies made (`startCompressing`); `compress` has them made for a file written elsewhere, and
 * `write` has a file written by the thread too (false when it declines: the caller writes it).
 */
export function pageFinisher({
  outDir,
  connectOrigins,
  limit = FINISHED_AS_RENDERED,
}: {
  outDir: string;
  connectOrigins: readonly string[];
  /** How many files to finish as rendered; the rest are left to the steps after Astro. */
  limit?: number;
}) {
  const policies = new Map<string, readonly string[]>();
  const compressing = startCompressing();
  const decoder = new TextDecoder();
  const encoder = new TextEncoder();
  let finishing = 0;
  // Pages share their inline scripts and so their hashes and policy: each is worked out once.
  const hashes = new Map<string, string>();
  const shared = new Map<string, { own: readonly string[]; policy: string }>();
  const hashOf = (text: string) => {
    let hash = hashes.get(text);
    if (hash === undefined) {
      hash = scriptHash(text);
      if (hashes.size < MEMO_LIMIT) hashes.set(text, hash);
    }
    return hash;
  };
  const policyOf = (html: string) => {
    const own = [...new Set(inlineScripts(html).map(hashOf))].sort();
    const key = own.join(' ');
    let found = shared.get(key);
    if (!found) {
      found = { own, policy: metaPolicy({ scriptHashes: own, connectOrigins }) };
      if (shared.size < MEMO_LIMIT) shared.set(key, found);
    }
    return found;
  };
  const take = (file: string, body: Uint8Array, write: boolean) =>
    finishing++ < limit && compressing.add(file, body, write);
  const compress = (file: string, body: Uint8Array) => {
    if (COMPRESSIBLE.has(extname(file))) take(file, body, false);
  };
  // A file written by the thread as well (the side files): its open and write leave the renderer's thread.
  const write = (file: string, body: Uint8Array) => take(file, body, true);
  const wrap = (base: AstroPrerenderer): AstroPrerenderer => ({
    ...base,
    name: `${base.name}+finishing`,
    async render(request, options) {
      const rendered = await base.render(request, options);
      const response = rendered instanceof Response ? rendered : rendered.response;
      const file = renderedFile(outDir, new URL(request.url).pathname, options.routeData.type);
      if (!file?.endsWith('.html') || response.status !== 200 || !response.body) return rendered;
      const html = decoder.decode(await response.arrayBuffer());
      const { own, policy } = policyOf(html);
      const body = encoder.encode(withMetaPolicy(html, policy));
      policies.set(file, own);
      compress(file, body);
      const finished = new Response(body, {
        status: response.status,
        statusText: response.statusText,
        headers: response.headers,
      });
      return rendered instanceof Response ? finished : { ...rendered, response: finished };
    },
  });
  return { wrap, compress, write, finished: (): FinishedPages => ({ policies, compressing }) };
}
