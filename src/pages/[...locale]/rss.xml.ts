import type { APIRoute } from 'astro';
import { collectionDigest, keyedLocalePaths } from '#data/cache-key.ts';
import { getArticles, getSite, inLocale, localeFromParam } from '#data/catalogue.ts';
import { localePath, t } from '#i18n/index.ts';
import { escapeXml } from '#lib/xml.ts';

export function getStaticPaths() {
  return keyedLocalePaths(async (locale) => [await collectionDigest('articles', locale)]);
}

/** The news feed of one locale: /rss.xml in English, /zh-CN/rss.xml in Chinese. */
export const GET: APIRoute = async ({ params, site: origin }) => {
  const locale = localeFromParam(params.locale);
  const site = await getSite(locale);
  const base = origin?.origin ?? 'http://localhost:4321';
  // Escaped like any text: a link is the text of its element.
  const url = (path: string) => escapeXml(new URL(localePath(locale, path), base).href);
  const news = (await getArticles()).map((entry) => inLocale(entry, locale)).filter((a) => a.kind === 'news');
  const items = news.map(
    (a) =>
      `<item><title>${escapeXml(a.title)}</title><link>${url(`/knowledge/${a.slug}`)}</link><guid isPermaLink="true">${url(`/knowledge/${a.slug}`)}</guid><pubDate>${new Date(a.publishedAt).toUTCString()}</pubDate><author>${escapeXml(site.config.salesEmail ?? '')} (${escapeXml(a.author)})</author><description>${escapeXml(a.summary)}</description></item>`,
  );
  const title = `${site.config.companyName ?? t(locale, 'site.name')} · ${t(locale, 'rss.title')}`;
  const xml = `<?xml version="1.0" encoding="UTF-8"?>\n<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom"><channel><title>${escapeXml(title)}</title><link>${url('/knowledge')}</link><atom:link href="${url('/rss.xml')}" rel="self" type="application/rss+xml"/><description>${escapeXml(t(locale, 'rss.description'))}</description><language>${locale === 'zh-CN' ? 'zh-cn' : 'en'}</language>${items.join('')}</channel></rss>\n`;
  return new Response(xml, { headers: { 'content-type': 'application/rss+xml; charset=utf-8' } });
};
