import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import type { Context, Hono } from 'hono';
import { acceptsGzip } from './router.ts';

// The API reference at /api/docs (decision 0079): Swagger UI (the swagger-ui-dist package) over the
// OpenAPI document, every script and style sheet served from here, so the page asks no other host for
// anything, under a Content-Security-Policy of its own that allows nothing else.

const gzipBytes = promisify(gzip);

/** The reference's own policy: its scripts and styles from here, the document and "Try it out" to here. */
export const DOCS_POLICY = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  // Swagger UI's style sheet draws its icons as data: URLs.
  "img-src 'self' data:",
  "connect-src 'self'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

interface Asset {
  type: string;
  bytes: Buffer;
  gzipped?: Promise<Buffer>;
}

interface File extends Asset {
  hash: string;
  url: string;
}

const require = createRequire(import.meta.url);
const SWAGGER_UI = dirname(require.resolve('swagger-ui-dist/package.json'));
const HERE = dirname(fileURLToPath(import.meta.url));

const JS = 'text/javascript; charset=utf-8';
const CSS = 'text/css; charset=utf-8';

/** The files the page loads, by name: Swagger UI's two, and ours (what starts it, and our fixes to its look). */
const FILES: Record<string, { path: string; type: string }> = {
  'swagger-ui-bundle.js': { path: join(SWAGGER_UI, 'swagger-ui-bundle.js'), type: JS },
  'swagger-ui.css': { path: join(SWAGGER_UI, 'swagger-ui.css'), type: CSS },
  'docs.js': { path: join(HERE, 'api-docs/docs.js'), type: JS },
  'docs.css': { path: join(HERE, 'api-docs/docs.css'), type: CSS },
};

/** The files, read once: each is named in its URL by a hash of its bytes, so a browser may keep it a year. */
let assets: Map<string, File> | undefined;
function assetsOf(base: string) {
  if (!assets) {
    assets = new Map();
    for (const [name, { path, type }] of Object.entries(FILES)) {
      // Swagger UI's files end with a source map's name, which the package ships but this page does not serve.
      const bytes = Buffer.from(
        readFileSync(path, 'utf8').replace(/\n\/\/# sourceMappingURL=.*$|\n\/\*# sourceMappingURL=.*\*\/$/, ''),
      );
      const hash = createHash('sha256').update(bytes).digest('hex').slice(0, 16);
      assets.set(name, { type, bytes, hash, url: `${base}/docs/assets/${hash}/${name}` });
    }
  }
  return assets;
}

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/** The page: a header that says what this is, and the reference Swagger UI draws below it. */
function page(base: string): string {
  const files = assetsOf(base);
  const url = (name: string) => escapeHtml(files.get(name)?.url ?? '');
  const document = escapeHtml(`${base}/openapi.json`);
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>API reference · LumenLab Instruments</title>
<link rel="icon" href="data:,">
<link rel="stylesheet" href="${url('swagger-ui.css')}">
<link rel="stylesheet" href="${url('docs.css')}">
<script defer src="${url('swagger-ui-bundle.js')}"></script>
<script defer src="${url('docs.js')}"></script>
</head>
<body>
<header class="docs-header">
<h1>LumenLab Instruments API reference</h1>
<p>The storefront’s API, for distributors’ and purchasing systems. Every call answers <code>{code, msg, data}</code>:
<code>code</code> 200 with the answer in <code>data</code>, or an error with its HTTP status as <code>code</code> and
<code>msg</code> a sentence to show. Send <code>language</code> (<code>en</code>, or <code>zh</code> for Chinese) with
every call: names, texts and messages come in it. Each call lists the errors it may answer, with their messages in
both languages. Generate a client from <a href="${document}">the OpenAPI 3.1 document</a>.</p>
<h2>Calls</h2>
</header>
<div id="reference" data-document="${document}">
<noscript><p>The reference is drawn by a script: read <a href="${document}">the OpenAPI document</a> itself.</p></noscript>
</div>
</body>
</html>
`;
}

/** Sends bytes gzipped to a client that takes it (compressed once), as they are otherwise. */
async function send(c: Context, asset: Asset, headers: Record<string, string>) {
  c.header('vary', 'accept-encoding', { append: true });
  if (asset.bytes.length > 1024 && acceptsGzip(c.req.header('accept-encoding'))) {
    asset.gzipped ??= gzipBytes(asset.bytes);
    return c.body(new Uint8Array(await asset.gzipped), 200, {
      ...headers,
      'content-type': asset.type,
      'content-encoding': 'gzip',
    });
  }
  return c.body(new Uint8Array(asset.bytes), 200, { ...headers, 'content-type': asset.type });
}

/**
 * Serves the OpenAPI document at `/openapi.json` (made at the first request, when every route has said who
 * may call it) and the reference at `/docs`, on the API app mounted at `base`.
 */
export function apiDocsRoutes(api: Hono, base: string, makeDocument: () => unknown): void {
  let document: Asset | undefined;
  api.get('/openapi.json', (c) => {
    document ??= { type: 'application/json', bytes: Buffer.from(JSON.stringify(makeDocument())) };
    return send(c, document, {});
  });
  api.get('/docs', (c) => {
    c.header('content-security-policy', DOCS_POLICY);
    return c.html(page(base));
  });
  api.get('/docs/assets/:hash/:name', (c, next) => {
    const asset = assetsOf(base).get(c.req.param('name'));
    // Another name or an old hash is the API's 404.
    if (asset?.hash !== c.req.param('hash')) return next();
    return send(c, asset, { 'cache-control': 'public, max-age=31536000, immutable' });
  });
}
