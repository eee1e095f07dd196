import { randomBytes } from 'node:crypto';
import { type Hono, Hono as HonoApp } from 'hono';
import { editorPreview } from '#api/editor-records.ts';
import type { Previews } from '#build/queue.ts';
import type { Db } from '../db/index.ts';
import { ApiError } from '../errors.ts';
import { sitePolicyReader } from '../middleware/security-headers.ts';
import { staticSite } from '../middleware/static.ts';
import { recordPagePath } from '../publishing.ts';
import { handleEditor } from '../router.ts';

// Previews for the editors' workspace (issue 39, item 5): the site built from the saved content into a
// directory of its own (builder.ts), and served under /preview/<key>/ by the process that builds it. The
// key is this process's own, random: the addresses are known only to whoever asked for a preview (they are
// drafts), and end with the process. Framed by the workspace on the same origin, never indexed or cached.

/** The preview call, under /api. */
export function editorPreviewRoutes(api: Hono, db: Db, previews: () => Previews | undefined, key: string): void {
  handleEditor(api, db, editorPreview, async ({ entity, key: id }) => {
    const built = previews();
    if (!built) throw new ApiError(409, 'api.editor.noPublisher');
    // The table comes from the contract's list, never from input.
    const [row] = await db.query<{ slug: string; published: boolean }>(
      `select slug, published from ${entity} where id = $1`,
      [Number(id)],
    );
    if (!row) throw new ApiError(404, 'api.editor.recordNotFound', { entity, key: id });
    if (!row.published) throw new ApiError(409, 'api.editor.previewUnpublished', { entity, key: id });
    const result = await built.build();
    const path = recordPagePath(entity, Number(id), row.slug);
    return { en: `/preview/${key}${path}`, zh: `/preview/${key}/zh-CN${path}`, ...result };
  });
}

/** A new key for a process's preview addresses. */
export const previewKey = () => randomBytes(18).toString('base64url');

/** Serves the preview's files under /preview/<key>/ (the site's own static serving, on the preview's directory). */
export function previewSite(app: Hono, previews: () => Previews | undefined, key: string): void {
  let served: { dir: string; site: HonoApp } | undefined;
  app.get('/preview/:key/*', async (c) => {
    const built = previews();
    if (!built || c.req.param('key') !== key) return c.text('Not Found', 404);
    if (served?.dir !== built.dir) {
      const site = new HonoApp();
      site.use('*', staticSite(built.dir, { followRules: false }));
      served = { dir: built.dir, site };
    }
    const url = new URL(c.req.url);
    url.pathname = url.pathname.slice(`/preview/${key}`.length) || '/';
    const answer = await served.site.fetch(new Request(url, c.req.raw));
    const headers = new Headers(answer.headers);
    headers.set('cache-control', 'no-store');
    headers.set('x-robots-tag', 'noindex, nofollow');
    // The workspace frames it, on this origin; the page keeps the preview build's own script hashes.
    headers.set('x-frame-options', 'SAMEORIGIN');
    if ((headers.get('content-type') ?? '').startsWith('text/html'))
      headers.set(
        'content-security-policy',
        (await sitePolicyReader(built.dir)()).replace("frame-ancestors 'none'", "frame-ancestors 'self'"),
      );
    return new Response(answer.body, { status: answer.status, headers });
  });
}
