import { createReadStream } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { extname, join, normalize, resolve, sep } from 'node:path';
import { Readable } from 'node:stream';
import type { MiddlewareHandler } from 'hono';

const types: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.pdf': 'application/pdf',
  '.zip': 'application/zip',
};

async function isFile(path: string): Promise<boolean> {
  try {
    return (await stat(path)).isFile();
  } catch {
    return false;
  }
}

/** The file a URL path names in the built site: the file itself, or its directory's index.html. */
async function findFile(root: string, urlPath: string): Promise<string | undefined> {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return undefined;
  }
  if (decoded.includes('\0')) return undefined;
  const path = resolve(root, `.${normalize(`/${decoded}`)}`);
  if (path !== root && !path.startsWith(root + sep)) return undefined;
  for (const candidate of [path, join(path, 'index.html'), `${path}.html`]) {
    if (await isFile(candidate)) return candidate;
  }
  return undefined;
}

function fileResponse(path: string, status: number, method: string): Response {
  const type = types[extname(path)] ?? 'application/octet-stream';
  const headers = new Headers({ 'content-type': type });
  // Astro fingerprints everything under /_astro, so those files never change.
  headers.set(
    'cache-control',
    path.includes(`${sep}_astro${sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache',
  );
  const body = method === 'HEAD' ? null : (Readable.toWeb(createReadStream(path)) as ReadableStream);
  return new Response(body, { status, headers });
}

interface RouteRules {
  stamp: number;
  redirects: Map<string, string>;
}

/** The redirect rules of the build in `root`, read again whenever builds/latest.json changes. */
function routeRulesReader(root: string) {
  let cached: RouteRules | undefined;
  return async (): Promise<Map<string, string>> => {
    try {
      const latestPath = join(root, 'builds', 'latest.json');
      const stamp = (await stat(latestPath)).mtimeMs;
      if (cached?.stamp === stamp) return cached.redirects;
      const latest = JSON.parse(await readFile(latestPath, 'utf8')) as { id: string };
      const meta = JSON.parse(await readFile(join(root, 'builds', 'meta', `${latest.id}.json`), 'utf8')) as {
        routeRules?: Record<string, { redirect?: { to: string } }>;
      };
      const redirects = new Map<string, string>();
      for (const [from, rule] of Object.entries(meta.routeRules ?? {})) {
        if (rule.redirect) redirects.set(from, rule.redirect.to);
      }
      cached = { stamp, redirects };
      return redirects;
    } catch {
      return new Map();
    }
  };
}

/**
 * Serves a built static site: its files, its redirect rules (301; `followRules: false` serves like a
 * plain static host, leaving them to the 404 page), and its 404 page for the rest.
 */
export function staticSite(dir: string, { followRules = true }: { followRules?: boolean } = {}): MiddlewareHandler {
  const root = resolve(dir);
  const redirects = followRules ? routeRulesReader(root) : async () => new Map<string, string>();
  return async (c, next) => {
    if (c.req.method !== 'GET' && c.req.method !== 'HEAD') return next();
    const file = await findFile(root, c.req.path);
    if (file) return fileResponse(file, 200, c.req.method);
    const path = c.req.path.length > 1 ? c.req.path.replace(/\/+$/, '') : c.req.path;
    const to = (await redirects()).get(path);
    if (to) return c.redirect(to + (new URL(c.req.url).search || ''), 301);
    const chinese = c.req.path === '/zh-CN' || c.req.path.startsWith('/zh-CN/');
    for (const page of chinese ? ['zh-CN/404/index.html', '404.html'] : ['404.html']) {
      const path = join(root, page);
      if (await isFile(path)) return fileResponse(path, 404, c.req.method);
    }
    return c.text('Not Found', 404);
  };
}
