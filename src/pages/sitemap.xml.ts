import type { APIRoute } from 'astro';
import { allRoutes } from '../data/routes.ts';
import { LOCALES, localePath } from '../i18n/index.ts';
import { escapeXml } from '../lib/xml.ts';

/** Every indexed page in both locales, each with its alternates (hreflang). */
export const GET: APIRoute = async ({ site }) => {
  const origin = site?.origin ?? 'http://localhost:4321';
  const url = (path: string) => escapeXml(new URL(path, origin).href);
  const routes = (await allRoutes()).filter((route) => route.indexed);
  const entries = routes.flatMap((route) =>
    LOCALES.map((locale) => {
      const alternates = [
        ...LOCALES.map((l) => `<xhtml:link rel="alternate" hreflang="${l}" href="${url(localePath(l, route.path))}"/>`),
        `<xhtml:link rel="alternate" hreflang="x-default" href="${url(localePath('en', route.path))}"/>`,
      ].join('');
      const lastmod = route.lastmod ? `<lastmod>${route.lastmod.slice(0, 10)}</lastmod>` : '';
      return `<url><loc>${url(localePath(locale, route.path))}</loc>${lastmod}${alternates}</url>`;
    }),
  );
  const xml = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n${entries.join('\n')}\n</urlset>\n`;
  return new Response(xml, { headers: { 'content-type': 'application/xml; charset=utf-8' } });
};
