import type { APIRoute } from 'astro';

/** Crawlers may read the catalogue; the account area, form steps and editors' workspace are of no use to them. */
export const GET: APIRoute = ({ site }) => {
  const origin = site?.origin ?? 'http://localhost:4321';
  const lines = ['User-agent: *', 'Allow: /'];
  for (const prefix of ['', '/zh-CN']) {
    for (const path of ['/account', '/search', '/forgot', '/register/success', '/contact/success']) {
      lines.push(`Disallow: ${prefix}${path}`);
    }
  }
  // The editors' workspace: one page for both languages.
  lines.push('Disallow: /editor');
  lines.push('', `Sitemap: ${new URL('/sitemap.xml', origin).href}`, '');
  return new Response(lines.join('\n'), { headers: { 'content-type': 'text/plain; charset=utf-8' } });
};
