import { createReadStream, type Stats } from 'node:fs';
import { readFile, realpath, stat } from 'node:fs/promises';
import { extname, join, normalize, resolve, sep } from 'node:path';
import { Readable } from 'node:stream';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Context, MiddlewareHandler } from 'hono';
import { COMPRESSIBLE, MIN_COMPRESS_BYTES, PRECOMPRESSED } from '#lib/published-site.ts';

const types: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.csv': 'text/csv; charset=utf-8',
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

async function fileStats(path: string): Promise<Stats | undefined> {
  try {
    const stats = await stat(path);
    return stats.isFile() ? stats : undefined;
  } catch {
    return undefined;
  }
}

interface Found {
  path: string;
  stats: Stats;
}

/** The file a URL path names in the built site: the file itself, or its directory's index.html. */
async function findFile(root: string, urlPath: string): Promise<Found | undefined> {
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
    const stats = await fileStats(candidate);
    if (stats) return { path: candidate, stats };
  }
  return undefined;
}

type Encoding = 'br' | 'gzip';

/** The encodings the Accept-Encoding header allows (q > 0), best first: brotli, then gzip. */
export function acceptedEncodings(accept: string | undefined): Encoding[] {
  if (!accept) return [];
  const weights = new Map<string, number>();
  for (const part of accept.toLowerCase().split(',')) {
    const [name = '', ...params] = part.split(';').map((item) => item.trim());
    const q = params.find((param) => param.startsWith('q='));
    weights.set(name, q ? Number(q.slice(2)) || 0 : 1);
  }
  const wildcard = weights.get('*') ?? 0;
  return (['br', 'gzip'] as const).filter((encoding) => (weights.get(encoding) ?? wildcard) > 0);
}

/** Larger files go out as they are, streamed, rather than being read whole into memory. */
const MAX_COMPRESS_BYTES = 4 * 1024 * 1024;
/** The compressed copies kept in memory, in bytes; the least recently used go first. */
const CACHE_BYTES = 32 * 1024 * 1024;

const compressors: Record<Encoding, (data: Buffer) => Promise<Buffer>> = {
  // Quality 6, not brotli's default 11: about a tenth larger, at a fortieth of the CPU (a 200 KB script:
  // 17 ms, not 760), which is what the first request for each file after a build waits for.
  br: (data) =>
    promisify(brotliCompress)(data, {
      params: { [constants.BROTLI_PARAM_QUALITY]: 6, [constants.BROTLI_PARAM_SIZE_HINT]: data.length },
    }),
  gzip: (data) => promisify(gzip)(data, { level: 6 }),
};

interface Compressed {
  body: Promise<Buffer | undefined>;
  bytes: number;
}

/**
 * Compresses each file once per encoding and keeps the result while the file is unchanged (same path,
 * mtime and size), within CACHE_BYTES. Answers undefined when compressing saves less than a tenth.
 */
function compressedFiles() {
  const cache = new Map<string, Compressed>();
  let total = 0;
  const evict = () => {
    for (const [key, entry] of cache) {
      if (total <= CACHE_BYTES) break;
      cache.delete(key);
      total -= entry.bytes;
    }
  };
  return (found: Found, encoding: Encoding): Promise<Buffer | undefined> => {
    const key = `${encoding}:${found.stats.mtimeMs}:${found.stats.size}:${found.path}`;
    const hit = cache.get(key);
    if (hit) {
      // Map order is the eviction order: a hit moves to the back.
      cache.delete(key);
      cache.set(key, hit);
      return hit.body;
    }
    const entry: Compressed = { bytes: 0, body: Promise.resolve(undefined) };
    entry.body = (async () => {
      const data = await readFile(found.path);
      const compressed = await compressors[encoding](data);
      const useful = compressed.length < data.length * 0.9 ? compressed : undefined;
      if (cache.get(key) === entry) {
        entry.bytes = useful?.length ?? 0;
        total += entry.bytes;
        evict();
      }
      return useful;
    })();
    // A failed read (the file went away under a new build) is not kept.
    entry.body.catch(() => cache.get(key) === entry && cache.delete(key));
    cache.set(key, entry);
    return entry.body;
  };
}

/** A validator that changes whenever a build rewrites the file; one per encoding, as each is its own body. */
function entityTag(stats: Stats, encoding: Encoding | undefined): string {
  const tag = `${stats.size.toString(16)}-${Math.floor(stats.mtimeMs).toString(16)}`;
  return `"${encoding ? `${tag}-${encoding}` : tag}"`;
}

/** Whether the client's copy is current: If-None-Match when sent (RFC 9110 13.1.2), else If-Modified-Since. */
function notModified(c: Context, etag: string, stats: Stats): boolean {
  const ifNoneMatch = c.req.header('if-none-match');
  if (ifNoneMatch !== undefined) {
    return ifNoneMatch.trim() === '*' || ifNoneMatch.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag);
  }
  const since = Date.parse(c.req.header('if-modified-since') ?? '');
  return !Number.isNaN(since) && Math.floor(stats.mtimeMs / 1000) * 1000 <= since;
}

type ByteRange = { start: number; end: number } | 'unsatisfiable' | undefined;

/**
 * The one byte range a Range header asks of a file of `size` bytes (inclusive ends), 'unsatisfiable', or
 * undefined to send the whole file: no header, another unit, several ranges, or a stale If-Range.
 */
function requestedRange(range: string | undefined, size: number, ifRange?: string, etag?: string): ByteRange {
  if (!range || (ifRange !== undefined && ifRange.trim() !== etag)) return undefined;
  const match = /^bytes=(\d*)-(\d*)$/.exec(range.trim());
  if (!match || (match[1] === '' && match[2] === '')) return undefined;
  const [, first = '', last = ''] = match;
  if (first === '') {
    const suffix = Number(last);
    return suffix === 0 || size === 0 ? 'unsatisfiable' : { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(first);
  const end = last === '' ? size - 1 : Math.min(Number(last), size - 1);
  if (start >= size) return 'unsatisfiable';
  return start > end ? undefined : { start, end };
}

/** The precompressed copy a build wrote beside the file for this encoding, when it is not older than the file. */
async function precompressed(found: Found, encoding: Encoding): Promise<Found | undefined> {
  const path = found.path + PRECOMPRESSED[encoding];
  const stats = await fileStats(path);
  return stats && stats.mtimeMs >= found.stats.mtimeMs ? { path, stats } : undefined;
}

async function fileResponse(
  c: Context,
  found: Found,
  status: number,
  compressed: ReturnType<typeof compressedFiles>,
): Promise<Response> {
  const { path, stats } = found;
  const extension = extname(path);
  const type = types[extension] ?? 'application/octet-stream';
  const headers = new Headers({ 'content-type': type, 'last-modified': stats.mtime.toUTCString() });
  // Astro fingerprints everything under /_astro, so those files never change.
  headers.set(
    'cache-control',
    path.includes(`${sep}_astro${sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache',
  );
  const head = c.req.method === 'HEAD';
  const ok = status === 200;
  const range = ok ? c.req.header('range') : undefined;
  let encoding: Encoding | undefined;
  let body: Found | Buffer | undefined;
  if (COMPRESSIBLE.has(extension)) {
    headers.set('vary', 'Accept-Encoding');
    // A range is of the file as it is: ranges of a compressed body would change with the compressor.
    const accepted = range || stats.size < MIN_COMPRESS_BYTES ? [] : acceptedEncodings(c.req.header('accept-encoding'));
    // The best copy the build made: a page has a gzip copy only (precompress.ts), which beats compressing
    // it with brotli on each first request. A file with no copy at all is compressed here.
    for (const accepting of accepted) {
      body = await precompressed(found, accepting);
      if (body) {
        encoding = accepting;
        break;
      }
    }
    if (!body && accepted[0] && stats.size <= MAX_COMPRESS_BYTES) {
      encoding = accepted[0];
      body = await compressed(found, encoding);
    }
    if (!body) encoding = undefined;
  }
  if (encoding) headers.set('content-encoding', encoding);
  const etag = entityTag(stats, encoding);
  if (ok) {
    headers.set('etag', etag);
    if (notModified(c, etag, stats)) return new Response(null, { status: 304, headers });
  }
  if (body && 'path' in body) {
    headers.set('content-length', String(body.stats.size));
    return new Response(head ? null : stream(body.path), { status, headers });
  }
  if (body) return new Response(head ? null : new Uint8Array(body), { status, headers });
  if (!ok) return new Response(head ? null : stream(path), { status, headers });
  headers.set('accept-ranges', 'bytes');
  const wanted = requestedRange(range, stats.size, c.req.header('if-range'), etag);
  if (wanted === 'unsatisfiable') {
    headers.set('content-range', `bytes */${stats.size}`);
    return new Response(null, { status: 416, headers });
  }
  if (wanted) {
    headers.set('content-range', `bytes ${wanted.start}-${wanted.end}/${stats.size}`);
    headers.set('content-length', String(wanted.end - wanted.start + 1));
    return new Response(head ? null : stream(path, wanted), { status: 206, headers });
  }
  headers.set('content-length', String(stats.size));
  return new Response(head ? null : stream(path), { status, headers });
}

function stream(path: string, range?: { start: number; end: number }): ReadableStream {
  return Readable.toWeb(createReadStream(path, range)) as ReadableStream;
}

interface RouteRules {
  stamp: string;
  redirects: Map<string, string>;
}

/** The redirect rules of the release being served (`root`), read again whenever its builds/latest.json changes. */
function routeRulesReader() {
  let cached: RouteRules | undefined;
  return async (root: string): Promise<Map<string, string>> => {
    try {
      const latestPath = join(root, 'builds', 'latest.json');
      const stamp = `${root}:${(await stat(latestPath)).mtimeMs}`;
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
 * Serves a built static site: its files (text compressed with brotli or gzip when the client accepts it),
 * its redirect rules (301; `followRules: false` serves like a plain static host, leaving them to the 404
 * page), and its 404 page for the rest.
 */
export function staticSite(dir: string, { followRules = true }: { followRules?: boolean } = {}): MiddlewareHandler {
  const published = resolve(dir);
  const redirects = followRules ? routeRulesReader() : async (_root: string) => new Map<string, string>();
  const compressed = compressedFiles();
  return async (c, next) => {
    if (c.req.method !== 'GET' && c.req.method !== 'HEAD') return next();
    // The release the site's link points at now (releases.ts): one answer comes whole from one release,
    // even when a new one is published while it is being served.
    const root = await realpath(published).catch(() => published);
    const file = await findFile(root, c.req.path);
    if (file) return fileResponse(c, file, 200, compressed);
    const path = c.req.path.length > 1 ? c.req.path.replace(/\/+$/, '') : c.req.path;
    const to = (await redirects(root)).get(path);
    if (to) return c.redirect(to + (new URL(c.req.url).search || ''), 301);
    const chinese = c.req.path === '/zh-CN' || c.req.path.startsWith('/zh-CN/');
    for (const page of chinese ? ['zh-CN/404/index.html', '404.html'] : ['404.html']) {
      const path = join(root, page);
      const stats = await fileStats(path);
      if (stats) return fileResponse(c, { path, stats }, 404, compressed);
    }
    return c.text('Not Found', 404);
  };
}
