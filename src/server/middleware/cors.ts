import type { MiddlewareHandler } from 'hono';
import { cors } from 'hono/cors';
import { TOKEN_HEADER } from '../router.ts';

/** How long a browser may keep a preflight's answer, in seconds. */
const PREFLIGHT_MAX_AGE = 600;

/**
 * CORS for a site published on other origins than the API's (a CDN): the API answers calls and preflights
 * from exactly `origins`, with the headers the site's islands send. With no origins it adds nothing, so
 * browsers keep the API to its own origin.
 */
export function siteCors(origins: readonly string[]): MiddlewareHandler {
  if (origins.length === 0) return (_c, next) => next();
  const allowed = new Set(origins);
  return cors({
    origin: (origin) => (allowed.has(origin) ? origin : null),
    allowMethods: ['GET', 'POST'],
    allowHeaders: ['content-type', TOKEN_HEADER],
    maxAge: PREFLIGHT_MAX_AGE,
  });
}

/** The origins of SITE_ORIGINS (comma-separated URLs), each checked and reduced to its origin. */
export function parseOrigins(value: string | undefined): string[] {
  const origins: string[] = [];
  for (const item of (value ?? '').split(',').map((part) => part.trim())) {
    if (!item) continue;
    let url: URL;
    try {
      url = new URL(item);
    } catch {
      throw new Error(`SITE_ORIGINS must be comma-separated origins like https://www.example.com, got "${item}".`);
    }
    if (url.protocol !== 'https:' && url.protocol !== 'http:')
      throw new Error(`SITE_ORIGINS must be http or https origins, got "${item}".`);
    origins.push(url.origin);
  }
  return origins;
}
