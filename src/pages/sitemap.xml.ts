import type { APIRoute } from 'astro';
import { allRoutes } from '#data/routes.ts';
import { sitemapFiles, sitemapIndex } from '#data/sitemaps.ts';

/** The sitemap index: the files of every indexed page, per locale and kind (src/pages/sitemaps/). */
export const GET: APIRoute = async ({ site }) => {
  const origin = site?.origin ?? 'http://localhost:4321';
  const xml = sitemapIndex(sitemapFiles(await allRoutes(), origin), origin);
  return new Response(xml, { headers: { 'content-type': 'application/xml; charset=utf-8' } });
};
