import { extname, resolve, sep } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { AstroPrerenderer } from 'astro';
import { COMPRESSIBLE, metaPolicy } from '#lib/published-site.ts';
import { withPageText } from '../internals/page-text.ts';
import { type Compressing, startCompressing } from './precompress.ts';
import { checkedScriptHashes, hasPolicyMeta, policyMeta, policyPlace, scriptHash, withMetaPolicy } from './site-csp.ts';

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
  /** How many of them were taken as Astro's text (`pageTextPlugin`) rather than read back from bytes. */
  fromText: number;
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
 * page it renders (`withMetaPolicy`, with the hashes of the page's inline scripts, each one the build's own:
 * another stops the build, naming the page) and has its compressed copies made (`startCompressing`);
 * `compress` has them made for a file written elsewhere, and `write` has a file written by the thread too
 * (false when it declines: the caller writes it).
 */
export function pageFinisher({
  outDir,
  connectOrigins,
  ownScripts,
  limit = FINISHED_AS_RENDERED,
  writtenElsewhere,
}: {
  outDir: string;
  connectOrigins: readonly string[];
  /**
   * The hashes of the inline scripts the build emits (own-scripts.ts), known once Astro's prerenderer is
   * set up: a page carrying another stops the build.
   */
  ownScripts: () => ReadonlySet<string>;
  /** How many files to finish as rendered; the rest are left to the steps after Astro. */
  limit?: number;
  /**
   * With it, the thread writes each page it takes as well, and adds its file here: Astro's own write of it
   * is then left out (astro-preload.ts, written-elsewhere.ts). Without it Astro writes every page.
   */
  writtenElsewhere?: Set<string> | undefined;
}) {
  const policies = new Map<string, readonly string[]>();
  const compressing = startCompressing();
  const encoder = new TextEncoder();
  let finishing = 0;
  let fromText = 0;
  // Pages share their inline scripts and so their hashes and policy: each is worked out once.
  const hashes = new Map<string, string>();
  const shared = new Map<string, { own: readonly string[]; policy: string; meta: Uint8Array }>();
  const hashOf = (script: string) => {
    let hash = hashes.get(script);
    if (hash === undefined) {
      hash = scriptHash(script);
      if (hashes.size < MEMO_LIMIT) hashes.set(script, hash);
    }
    return hash;
  };
  const policyOf = (html: string, page: string) => {
    const own = checkedScriptHashes(html, page, ownScripts(), hashOf);
    const key = own.join(' ');
    let found = shared.get(key);
    if (!found) {
      const policy = metaPolicy({ scriptHashes: own, connectOrigins });
      found = { own, policy, meta: encoder.encode(policyMeta(policy)) };
      if (shared.size < MEMO_LIMIT) shared.set(key, found);
    }
    return found;
  };
  // Where pages are encoded before they are copied into arrays of their exact size, with the policy.
  let scratch = new Uint8Array(1 << 20);
  /**
   * The page with its policy, as UTF-8, and the policy's hashes. The page is encoded into the scratch array
   * (UTF-8 takes at most three bytes a UTF-16 unit), then copied around the policy: two copies cost less
   * than measuring the page's UTF-8 length first (`Buffer.byteLength`): 117-177 ms against 162-366 ms
   * for 3,000 built product pages (decision 0044).
   */
  const finish = (html: string, page: string) => {
    const { own, policy, meta } = policyOf(html, page);
    // A page that has a policy already (not one Astro just rendered) goes the long way.
    if (hasPolicyMeta(html)) return { own, body: encoder.encode(withMetaPolicy(html, policy)) };
    const at = policyPlace(html);
    if (scratch.length < html.length * 3) scratch = new Uint8Array(html.length * 3);
    const head = encoder.encodeInto(html.slice(0, at), scratch).written;
    const end = head + encoder.encodeInto(html.slice(at), scratch.subarray(head)).written;
    const body = new Uint8Array(end + meta.length);
    body.set(scratch.subarray(0, head));
    body.set(meta, head);
    body.set(scratch.subarray(head, end), head + meta.length);
    return { own, body };
  };
  const take = (file: string, body: Uint8Array, write: boolean, transfer = false) =>
    finishing++ < limit && compressing.add(file, body, write, transfer);
  const compress = (file: string, body: Uint8Array) => {
    if (COMPRESSIBLE.has(extname(file))) take(file, body, false);
  };
  // A file written by the thread as well (the side files): its open and write leave the renderer's thread.
  // Its bytes move to the thread (side-files.ts: a file taken is not read again).
  const write = (file: string, body: Uint8Array) => take(file, body, true, true);
  const wrap = (base: AstroPrerenderer): AstroPrerenderer => ({
    ...base,
    name: `${base.name}+finishing`,
    async render(request, options) {
      const { rendered, html } = await withPageText(() => base.render(request, options));
      const response = rendered instanceof Response ? rendered : rendered.response;
      const answer = (body: Uint8Array<ArrayBuffer>) => {
        const headers = new Headers(response.headers);
        headers.set('Content-Length', String(body.byteLength));
        const finished = new Response(body, { status: response.status, statusText: response.statusText, headers });
        return rendered instanceof Response ? finished : { ...rendered, response: finished };
      };
      const file = renderedFile(outDir, new URL(request.url).pathname, options.routeData.type);
      if (!file?.endsWith('.html') || response.status !== 200 || !response.body) {
        return html === undefined ? rendered : answer(encoder.encode(html));
      }
      if (html !== undefined) fromText++;
      const { own, body } = finish(html ?? (await response.text()), new URL(request.url).pathname);
      policies.set(file, own);
      // Written by the thread, its open and writes leave the renderer's thread (Astro awaits four file
      // system calls a page there, each a hand-over to libuv's pool and back), and its bytes go to the
      // thread without a copy: Astro is answered an empty body, which it does not write (astro-preload.ts).
      if (writtenElsewhere && take(file, body, true, true)) {
        writtenElsewhere.add(file);
        return answer(new Uint8Array(0));
      }
      compress(file, body);
      return answer(body);
    },
  });
  return { wrap, compress, write, finished: (): FinishedPages => ({ policies, fromText, compressing }) };
}
