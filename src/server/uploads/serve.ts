import type { Hono } from 'hono';
import { UPLOADS_PATH } from '#api/editor-files.ts';
import type { Db } from '../db/index.ts';
import { readUpload, uploadName } from './store.ts';

// Editors' uploads served from the database at /files/uploads/<sha256>/<name>, by the API server, before
// the site's static files. The name is cosmetic: any name serves a stored file (an identical file uploaded
// twice under two names is one row, served under both), and only names its download. An address never
// changes what it serves, so browsers and CDNs keep it for a year.

/**
 * A PDF is shown by the browser's own viewer, sandboxed (no script of the file runs with the site's
 * origin) and loading nothing; images need no policy (a PNG, JPEG or WebP runs nothing, and nosniff keeps
 * a browser from reading one as anything else).
 */
const PDF_POLICY = "sandbox; default-src 'none'";

/** RFC 8187's encoding of a header parameter: percent-encoded UTF-8, with `'()*` escaped too. */
const extendedValue = (text: string) =>
  encodeURIComponent(text).replace(/['()*]/g, (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`);

/** Content-Disposition for a file shown in the browser, its name in ASCII for old clients and UTF-8 for the rest. */
function inlineDisposition(name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `inline; filename="${ascii}"; filename*=UTF-8''${extendedValue(name)}`;
}

/** Serves the uploads: GET and HEAD, 304 for a copy still held, and on to the site (its 404) for an unknown one. */
export function uploadRoutes(app: Hono, db: Db): void {
  app.on(['GET', 'HEAD'], `${UPLOADS_PATH}/:sha256/:name`, async (c, next) => {
    const sha256 = c.req.param('sha256');
    if (!/^[0-9a-f]{64}$/.test(sha256)) return next();
    const head = c.req.method === 'HEAD';
    const etag = `"${sha256}"`;
    const matches = (c.req.header('if-none-match') ?? '')
      .split(',')
      .some((tag) => tag.trim().replace(/^W\//, '') === etag || tag.trim() === '*');
    const file = await readUpload(db, sha256, !head && !matches);
    if (!file) return next();
    const headers = new Headers({
      'content-type': file.mediaType,
      'cache-control': 'public, max-age=31536000, immutable',
      etag,
      'x-content-type-options': 'nosniff',
      'content-disposition': inlineDisposition(uploadName(c.req.param('name'), file.mediaType)),
    });
    if (file.mediaType === 'application/pdf') headers.set('content-security-policy', PDF_POLICY);
    if (matches) return new Response(null, { status: 304, headers });
    headers.set('content-length', String(file.size));
    return new Response(head || !file.bytes ? null : new Uint8Array(file.bytes), { status: 200, headers });
  });
}
