import { experimental_AstroContainer as AstroContainer } from 'astro/container';
import { beforeAll, describe, expect, test } from 'vitest';
import type { ArticleRecord } from '#api/news.ts';
import type { Locale } from '#i18n/index.ts';
import { filterOptions } from '#lib/knowledge-filter.ts';
import KnowledgeCentre from './KnowledgeCentre.astro';

// The knowledge centre as the build renders it (Astro's container, vitest.astro.config.ts), with the options
// the page makes from the articles; src/browser/knowledge-centre.ts filters what it renders.
let container: AstroContainer;
beforeAll(async () => {
  container = await AstroContainer.create();
});
const render = ({ locale, articles }: { locale: Locale; articles: ArticleRecord[] }) =>
  container.renderToString(KnowledgeCentre, {
    props: { locale, articles, options: filterOptions(articles, locale) },
  });

const articles: ArticleRecord[] = [
  {
    id: 41,
    kind: 'knowledge',
    contentType: 'application-note',
    title: 'Beating Fluorescence in Raman Spectroscopy',
    slug: '41-beating-fluorescence-in-raman-spectroscopy',
    summary: 'Comparing 785 nm and 1064 nm excitation on twelve fluorescent samples.',
    author: 'Dr. Yujie Chen',
    productSeries: { id: 4, name: 'Raman spectrometers', slug: 'raman-spectrometers' },
    publishedAt: '2025-02-18',
    updatedAt: '2025-02-18T09:00:00Z',
  },
  {
    id: 42,
    kind: 'knowledge',
    contentType: 'webinar',
    title: 'Wafer-Level Leakage Tests Without Guarding Mistakes',
    slug: '42-wafer-level-leakage-tests-without-guarding-mistakes',
    summary: 'A one-hour session on femtoampere measurements on 200 mm wafers.',
    author: 'Anna Kowalski',
    productSeries: { id: 12, name: 'Probe stations', slug: 'probe-stations' },
    publishedAt: '2025-06-30',
    updatedAt: '2025-07-01T10:30:00Z',
  },
];

describe('the knowledge centre, rendered on the server', () => {
  test('lists every article with its link, type, series, author, date and summary', async () => {
    const html = await render({ locale: 'en', articles });
    expect(html.match(/<li [^>]*><article>/g)).toHaveLength(2);
    expect(html).toContain(`<a href="/knowledge/${articles[0]?.slug}">Beating Fluorescence in Raman Spectroscopy</a>`);
    expect(html).toMatch(/<span class="badge">Application note<\/span>\s*<span>Raman spectrometers<\/span>/);
    expect(html).toMatch(/<span>By Anna Kowalski<\/span>\s*<time datetime="2025-06-30">June 30, 2025<\/time>/);
    expect(html).toContain('femtoampere measurements');
    expect(html).toMatch(/role="status" aria-live="polite"[^>]*>\s*2 of 2 articles\s*</);
  });

  test('marks each article with what filtering reads that its text does not show', async () => {
    const html = await render({ locale: 'en', articles });
    expect(html).toContain('<li data-type="webinar" data-series="12" data-author="Anna Kowalski">');
  });

  test('offers the types, series and authors of the articles as filter choices', async () => {
    const html = await render({ locale: 'en', articles });
    expect(html).toContain('<option value="webinar">Webinar</option>');
    expect(html).not.toContain('<option value="case-study">');
    expect(html).toContain('<option value="12">Probe stations</option>');
    expect(html).toContain('<option value="Anna Kowalski">Anna Kowalski</option>');
    expect(html).toMatch(/<label for="([^"]+)">Keywords<\/label>\s*<input id="\1" name="q" type="search"/);
    expect(html.match(/type="date"/g)).toHaveLength(2);
  });

  test('writes Chinese labels, dates and links on the Chinese site, and the count for the script', async () => {
    const html = await render({ locale: 'zh-CN', articles });
    expect(html).toContain(`href="/zh-CN/knowledge/${articles[1]?.slug}"`);
    expect(html).toContain('网络研讨会');
    expect(html).toContain('2025年6月30日');
    expect(html).toContain('共 {{total}} 篇文章，符合条件 {{count}} 篇');
  });

  test('says so when there are no articles', async () => {
    const html = await render({ locale: 'en', articles: [] });
    expect(html).toMatch(/<p class="empty"[^>]*>No articles match these filters\.<\/p>/);
    expect(html).not.toMatch(/<p class="empty"[^>]* hidden/);
  });
});
