import type { APIRoute } from 'astro';
import { buildId } from '#data/build.ts';
import { allRoutes, redirectRules } from '#data/routes.ts';
import { LOCALES, localePath } from '#i18n/index.ts';

export function getStaticPaths() {
  return [{ params: { buildId: buildId() } }];
}

/** The build's route rules: redirects from old slugs, headers, and which paths are prerendered. */
export const GET: APIRoute = async () => {
  const routes = await allRoutes();
  const redirects = await redirectRules();
  const rules: Record<string, { redirect?: { to: string; statusCode: number }; headers?: Record<string, string> }> = {};
  for (const [from, to] of Object.entries(redirects)) rules[from] = { redirect: { to, statusCode: 301 } };
  rules['/_astro/**'] = { headers: { 'cache-control': 'public, max-age=31536000, immutable' } };
  const body = {
    id: buildId(),
    timestamp: Date.now(),
    routeRules: rules,
    prerendered: routes.flatMap((route) => LOCALES.map((locale) => localePath(locale, route.path))),
  };
  return new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json; charset=utf-8' } });
};
