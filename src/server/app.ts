import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { calls } from '../api/index.ts';
import { t } from '../i18n/index.ts';
import type { Db } from './db/index.ts';
import { ApiError } from './errors.ts';
import { openApiDocument } from './openapi.ts';
import { errorResponse, requestLocale } from './router.ts';
import { categoryRoutes } from './routes/category.ts';
import { newsRoutes } from './routes/news.ts';
import { pagesRoutes } from './routes/pages.ts';
import { productRoutes } from './routes/product.ts';
import { solutionsRoutes } from './routes/solutions.ts';
import { systemRoutes } from './routes/system.ts';
import { staticSite } from './static.ts';

export interface AppOptions {
  db: Db;
  /** A built site to serve beside the API; without it only the API is served. */
  siteDir?: string | undefined;
  /** Largest request body in bytes. */
  maxBodyBytes?: number;
  /** Answer the site's redirect rules with 301 (true), or leave them to its 404 page like a plain static host. */
  followRouteRules?: boolean;
}

export const API_BASE = '/api';

/** The API (under /api) and, when given a built site, the site itself. */
export function createApp({ db, siteDir, maxBodyBytes = 1024 * 1024, followRouteRules = true }: AppOptions): Hono {
  const api = new Hono();
  api.use(
    bodyLimit({
      maxSize: maxBodyBytes,
      onError: (c) => c.json({ code: 413, msg: t(requestLocale(c), 'api.tooLarge'), data: null }, 413),
    }),
  );
  api.get('/openapi.json', (c) => c.json(openApiDocument(calls, API_BASE)));
  categoryRoutes(api, db);
  productRoutes(api, db);
  solutionsRoutes(api, db);
  newsRoutes(api, db);
  systemRoutes(api, db);
  pagesRoutes(api, db);
  // A catch-all route rather than notFound(): a mounted app's notFound is not consulted.
  api.all('*', (c) =>
    c.json(
      {
        code: 404,
        msg: t(requestLocale(c), 'api.unknownCall', { path: `${c.req.method} ${c.req.path}` }),
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
  app.route(API_BASE, api);
  if (siteDir) app.use('*', staticSite(siteDir, { followRules: followRouteRules }));
  return app;
}
