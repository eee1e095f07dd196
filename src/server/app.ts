import { type Context, Hono } from 'hono';
import { calls, contract } from '#api/index.ts';
import type { Previews, Releases } from '#build/queue.ts';
import { type MessageKey, t } from '#i18n/index.ts';
import { apiDocsRoutes } from './api-docs.ts';
import { fileLimitsOf } from './body/file-limits.ts';
import { limitStreamedBody } from './body/limit.ts';
import type { Db } from './db/index.ts';
import { ApiError } from './errors.ts';
import { createMailer, type Mailer } from './mail/mailer.ts';
import { createOutbox, type Outbox } from './mail/outbox.ts';
import { clientAddress } from './middleware/client-address.ts';
import { siteCors } from './middleware/cors.ts';
import { sameSiteWrites } from './middleware/same-site.ts';
import { noStoreForSessions, securityHeaders, sitePolicyReader } from './middleware/security-headers.ts';
import { staticSite } from './middleware/static.ts';
import { openApiDocument } from './openapi.ts';
import { createReadCache, READ_CACHE_BYTES } from './read-cache.ts';
import { authedCalls, builderCalls, editorCalls, errorResponse, requestLocale } from './router.ts';
import { addressRoutes } from './routes/addresses.ts';
import { cartRoutes } from './routes/cart.ts';
import { categoryRoutes } from './routes/category.ts';
import { customerRoutes } from './routes/customer.ts';
import { editorRoutes } from './routes/editor.ts';
import { editorAccountRoutes } from './routes/editor-accounts.ts';
import { editorFileRoutes } from './routes/editor-files.ts';
import { editorListRoutes } from './routes/editor-lists.ts';
import { editorPreviewRoutes, previewKey, previewSite } from './routes/editor-preview.ts';
import { editorSessionRoutes } from './routes/editor-session.ts';
import { favouriteRoutes } from './routes/favourite.ts';
import { inquiryRoutes } from './routes/inquiry.ts';
import { newsRoutes } from './routes/news.ts';
import { orderRoutes } from './routes/order.ts';
import { pagesRoutes } from './routes/pages.ts';
import { productRoutes } from './routes/product.ts';
import { quickOrderRoutes } from './routes/quick-order.ts';
import { quoteRoutes } from './routes/quote.ts';
import { savedArticleRoutes } from './routes/saved-article.ts';
import { searchRoutes } from './routes/search.ts';
import { solutionsRoutes } from './routes/solutions.ts';
import { systemRoutes } from './routes/system.ts';
import { uploadRoutes } from './uploads/serve.ts';
import { shortened } from './validate.ts';

export interface AppOptions {
  db: Db;
  /** A built site to serve beside the API; without it only the API is served. */
  siteDir?: string | undefined;
  /** Largest request body in bytes. */
  maxBodyBytes?: number;
  /** Answer the site's redirect rules with 301 (true), or leave them to its 404 page like a plain static host. */
  followRouteRules?: boolean;
  /** Where email goes; by default .eml files under .data/outbox (see mail/mailer.ts). */
  mailer?: Mailer | undefined;
  /** The outbox that sends queued mail; by default one over `db` and `mailer`. The app kicks it after
   * each write that queues mail; the retry loop for failed sends runs in startServer. */
  outbox?: Outbox | undefined;
  /**
   * The proxies in front of the API (addresses, CIDR ranges, `loopback`, …; client-address.ts): the client
   * address is taken from X-Forwarded-For only through them. None by default.
   */
  trustedProxies?: readonly string[] | undefined;
  /** How long a login lasts, in days. */
  sessionDays?: number | undefined;
  /** Origins of the site on other hosts (a CDN) whose pages may call the API (CORS); none by default. */
  siteOrigins?: readonly string[] | undefined;
  /** Strict-Transport-Security max-age in seconds, for a server reached over TLS; unset sends none. */
  hstsMaxAge?: number | undefined;
  /** The site's public origin, for the links in mail (newsletter confirmation and unsubscribe). */
  siteUrl?: string | undefined;
  /** Called when an editor asks for a rebuild: wakes this process's builder (rebuild.ts), if it has one. */
  onBuildRequested?: (() => void) | undefined;
  /** The releases this process's builder publishes, for editors to list and roll back; none without one. */
  releases?: (() => Releases | undefined) | undefined;
  /** This process's builder's previews, for the workspace; none without a builder. */
  previews?: (() => Previews | undefined) | undefined;
  /** The most bytes the catalogue's read calls keep answers in (read-cache.ts); 0 keeps none. 64 MB by default. */
  readCacheBytes?: number | undefined;
}

export const API_BASE = '/api';
/** The site's origin when SITE_URL is not set: the embedded demo's. */
const DEFAULT_SITE_URL = 'http://localhost:4321';

/** The API (under /api) and, when given a built site, the site itself. */
export function createApp({
  db,
  siteDir,
  maxBodyBytes = 1024 * 1024,
  followRouteRules = true,
  mailer,
  outbox = createOutbox(db, mailer ?? createMailer()),
  trustedProxies = [],
  sessionDays = 30,
  siteOrigins = [],
  hstsMaxAge,
  siteUrl = DEFAULT_SITE_URL,
  onBuildRequested,
  releases,
  previews = () => undefined,
  readCacheBytes = READ_CACHE_BYTES,
}: AppOptions): Hono {
  const preview = previewKey();
  const reads = readCacheBytes > 0 ? createReadCache(db, readCacheBytes) : undefined;
  const api = new Hono();
  api.use(siteCors(siteOrigins));
  api.use(sameSiteWrites(siteOrigins));
  api.use(noStoreForSessions((path) => privatePaths.has(path)));
  api.use(clientAddress({ trustedProxies }));
  // The calls that take a file (the inquiry's, an editor's upload) have limits of their own.
  const fileCalls = new Map(
    calls.flatMap((call) => (call.multipart ? [[API_BASE + call.path, fileLimitsOf(call)] as const] : [])),
  );
  const tooLarge = (c: Context, key: MessageKey) =>
    c.json({ code: 413, msg: t(requestLocale(c), key), data: null }, 413);
  api.use(async (c, next) => {
    const file = fileCalls.get(c.req.path);
    const max = file?.maxBodyBytes ?? maxBodyBytes;
    const message = file?.tooLarge ?? 'api.tooLarge';
    // A declared length is checked from the header alone: reading c.req.raw makes the Node adapter
    // build a whole web Request for every call (a tenth of a cart call's CPU). A streamed (chunked)
    // body is counted as the router reads it, and cut off at the limit (body/limit.ts).
    const length = c.req.header('content-length');
    if (length !== undefined && c.req.header('transfer-encoding') === undefined)
      return Number(length) > max ? tooLarge(c, message) : next();
    if (c.req.method === 'GET' || c.req.method === 'HEAD') return next();
    limitStreamedBody(c, max, message);
    return next();
  });
  apiDocsRoutes(api, API_BASE, () => openApiDocument(contract, API_BASE));
  categoryRoutes(api, db, reads);
  productRoutes(api, db, reads);
  searchRoutes(api, db);
  quickOrderRoutes(api, db);
  solutionsRoutes(api, db, reads);
  newsRoutes(api, db, reads);
  systemRoutes(api, db, reads);
  pagesRoutes(api, db, reads);
  customerRoutes(api, { db, outbox, sessionDays });
  addressRoutes(api, db);
  cartRoutes(api, db);
  favouriteRoutes(api, db);
  savedArticleRoutes(api, db);
  orderRoutes(api, { db, outbox });
  quoteRoutes(api, { db, outbox });
  inquiryRoutes(api, { db, outbox, siteUrl });
  editorRoutes(api, { db, outbox, onBuildRequested, releases });
  editorAccountRoutes(api, db);
  editorSessionRoutes(api, { db, outbox });
  editorListRoutes(api, db);
  editorPreviewRoutes(api, db, previews, preview);
  editorFileRoutes(api, db);
  // Answers about one customer, and the calls that hand out a session token.
  const privatePaths = new Set(
    calls
      .filter(
        (call) =>
          authedCalls.has(call) ||
          editorCalls.has(call) ||
          builderCalls.has(call) ||
          call.path.startsWith('/client/') ||
          call.path.startsWith('/editor/'),
      )
      .map((call) => API_BASE + call.path),
  );
  // A catch-all route rather than notFound(): a mounted app's notFound is not consulted.
  api.all('*', (c) =>
    c.json(
      {
        code: 404,
        msg: t(requestLocale(c), 'api.unknownCall', { path: shortened(`${c.req.method} ${c.req.path}`, 120) }),
        data: null,
      },
      404,
    ),
  );
  api.onError((error, c) => {
    const locale = requestLocale(c);
    if (error instanceof ApiError) return errorResponse(c, error, locale);
    console.error(`${c.req.method} ${c.req.path} failed:`, error);
    return c.json({ code: 500, msg: t(locale, 'api.internal'), data: null }, 500);
  });

  const app = new Hono();
  app.use(securityHeaders({ pagePolicy: siteDir ? sitePolicyReader(siteDir) : undefined, hstsMaxAge }));
  app.route(API_BASE, api);
  previewSite(app, previews, preview);
  // Editors' uploads, from the database, before the site's files (an unknown one gets the site's 404).
  uploadRoutes(app, db);
  if (siteDir) app.use('*', staticSite(siteDir, { followRules: followRouteRules }));
  return app;
}
