import type { APIRoute, GetStaticPaths } from 'astro';
import { allRoutes } from '#data/routes.ts';
import { type SitemapFile, sitemapDigest, sitemapFiles, urlSet } from '#data/sitemaps.ts';

/** One sitemap file per locale and kind of page; its key is its content, so only a changed file is written again. */
export const getStaticPaths = (async () => {
  const origin = new URL(import.meta.env.SITE ?? 'http://localhost:4321').origin;
  return sitemapFiles(await allRoutes(), origin).map((file) => ({
    params: { file: file.name },
    props: { file },
    cacheKey: sitemapDigest(file),
  }));
}) satisfies GetStaticPaths;

export const GET: APIRoute = ({ props }) =>
  new Response(urlSet((props as { file: SitemapFile }).file), {
    headers: { 'content-type': 'application/xml; charset=utf-8' },
  });
