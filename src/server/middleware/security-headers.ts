import { readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { MiddlewareHandler } from 'hono';
import { COMMON_HEADERS, HEADERS_FILE, headerPolicy, policyOfHeadersFile } from '#lib/published-site.ts';
import { TOKEN_HEADER } from '../router.ts';

/** The API answers JSON, never a document: it may load nothing and be framed by nobody. */
const API_POLICY = "default-src 'none'; frame-ancestors 'none'";

/**
 * The policy for the pages of the site in `root`: the one its build wrote into `_headers` (site-csp.ts),
 * read again when that file changes; without one (a site built some other way), the policy that allows
 * no inline script.
 */
export function sitePolicyReader(root: string): () => Promise<string> {
  let cached: { stamp: number; policy: string } | undefined;
  const fallback = headerPolicy();
  return async () => {
    const path = join(root, HEADERS_FILE);
    try {
      const stamp = (await stat(path)).mtimeMs;
      if (cached?.stamp !== stamp) {
        cached = { stamp, policy: policyOfHeadersFile(await readFile(path, 'utf8')) ?? fallback };
      }
      return cached.policy;
    } catch {
      return fallback;
    }
  };
}

export interface SecurityHeadersOptions {
  /** The policy for HTML answers (the site's pages); without it, the policy that allows no inline script. */
  pagePolicy?: (() => Promise<string>) | undefined;
  /** Strict-Transport-Security's max-age in seconds; 0 or unset sends none (the server is not behind TLS). */
  hstsMaxAge?: number | undefined;
}

/**
 * Adds the security headers to every answer: nosniff, referrer policy, no framing, HSTS when configured,
 * and a Content-Security-Policy: the site's for HTML, API_POLICY for JSON and text. Other files (images,
 * PDFs) get none, so a browser's own viewer for them is not hindered. A page with a policy of its own (the
 * workspace's previews, the API reference at /api/docs) keeps it.
 */
export function securityHeaders({ pagePolicy, hstsMaxAge }: SecurityHeadersOptions = {}): MiddlewareHandler {
  return async (c, next) => {
    await next();
    const headers = c.res.headers;
    // A route that sets its own framing (the workspace's previews, framed on this origin) keeps it.
    const framed = headers.has('x-frame-options');
    for (const [name, value] of Object.entries(COMMON_HEADERS))
      if (!(framed && name === 'x-frame-options')) headers.set(name, value);
    if (hstsMaxAge) headers.set('strict-transport-security', `max-age=${hstsMaxAge}`);
    const type = headers.get('content-type') ?? '';
    if (type.startsWith('text/html') && !headers.has('content-security-policy'))
      headers.set('content-security-policy', (await pagePolicy?.()) ?? headerPolicy());
    else if (type.startsWith('application/json') || type.startsWith('text/plain'))
      headers.set('content-security-policy', API_POLICY);
  };
}

/**
 * `Cache-Control: no-store` on answers no cache may keep: to any request carrying a session token, and on
 * the paths `isPrivate` names (a customer's data, a new token), whatever their status.
 */
export function noStoreForSessions(isPrivate: (path: string) => boolean): MiddlewareHandler {
  return async (c, next) => {
    await next();
    if (c.req.header(TOKEN_HEADER) !== undefined || isPrivate(c.req.path))
      c.res.headers.set('cache-control', 'no-store');
  };
}
