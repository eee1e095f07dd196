import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
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

/** Serves a built static site; unknown paths get its 404.html with status 404. */
export function staticSite(dir: string): MiddlewareHandler {
  const root = resolve(dir);
  return async (c, next) => {
    if (c.req.method !== 'GET' && c.req.method !== 'HEAD') return next();
    const file = await findFile(root, c.req.path);
    if (file) return fileResponse(file, 200, c.req.method);
    const chinese = c.req.path === '/zh-CN' || c.req.path.startsWith('/zh-CN/');
    for (const page of chinese ? ['zh-CN/404/index.html', '404.html'] : ['404.html']) {
      const path = join(root, page);
      if (await isFile(path)) return fileResponse(path, 404, c.req.method);
    }
    return c.text('Not Found', 404);
  };
}
