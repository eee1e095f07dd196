import type { MiddlewareHandler } from 'hono';
import { t } from '#i18n/index.ts';
import { requestLocale } from '../router.ts';

/**
 * Refuses (403) a write a browser sends from a page of another site: one whose `Sec-Fetch-Site` is
 * `cross-site` or `same-site` and whose Origin is not one of the site's (SITE_ORIGINS). A JSON call is safe
 * without it (the browser asks first, and CORS says no), but a form with a file is a request any page may
 * send, and the contact form's is one. Callers that are not browsers send no `Sec-Fetch-Site`: a webhook or
 * a script is not concerned, and neither is a page of the site's own origin (`same-origin`).
 */
export function sameSiteWrites(origins: readonly string[]): MiddlewareHandler {
  const allowed = new Set(origins);
  return async (c, next) => {
    if (c.req.method === 'GET' || c.req.method === 'HEAD' || c.req.method === 'OPTIONS') return next();
    const site = c.req.header('sec-fetch-site');
    if (site !== 'cross-site' && site !== 'same-site') return next();
    if (allowed.has(c.req.header('origin') ?? '')) return next();
    return c.json({ code: 403, msg: t(requestLocale(c), 'api.crossSite'), data: null }, 403);
  };
}
