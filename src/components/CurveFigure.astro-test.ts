import { experimental_AstroContainer as AstroContainer } from 'astro/container';
import { beforeAll, describe, expect, test } from 'vitest';
import type { Curve } from '#api/curves.ts';
import type { ProductDetail } from '#api/product.ts';
import { productCurveViews, TABLE_ROWS } from '#data/curves.ts';
import type { Locale } from '#i18n/index.ts';
import CurveFigure from './CurveFigure.astro';

// A curve as the build renders it (Astro's container, vitest.astro.config.ts): its axes, ticks, units,
// legend, lines and data table read back out of the HTML and held against the points it was made from.

let container: AstroContainer;
beforeAll(async () => {
  container = await AstroContainer.create();
});

const x = Array.from({ length: 281 }, (_, i) => 450 + i * 2.5);
/** A long-pass filter's edge at 534.5 nm: 0 below, about 95 % above. */
const edge: Curve = {
  kind: 'transmission',
  title: 'Transmission at 0° <angle> & "AOI"',
  xAxis: { name: 'Wavelength', unit: 'nm' },
  yAxis: { name: 'Transmission', unit: '%' },
  series: [
    { name: 'Filter <b>A</b>', x, y: x.map((nm) => Number((95 / (1 + Math.exp(-(nm - 534.5) / 1.5))).toFixed(2))) },
    { name: 'Filter B', x, y: x.map((nm) => Number((90 / (1 + Math.exp(-(nm - 560) / 2))).toFixed(2))) },
  ],
};
const product = { id: 3, slug: '3-edge-filter', partNumber: 'LP-532-25', curves: [edge] } as unknown as ProductDetail;

const render = async (locale: Locale) => {
  const [view] = productCurveViews(product, locale);
  if (!view) throw new Error('no view');
  return { html: await container.renderToString(CurveFigure, { props: { view } }), view };
};

const all = (html: string, pattern: RegExp) => [...html.matchAll(pattern)].map((match) => match[1] as string);
const unescaped = (text: string) =>
  text
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&');

describe('a curve’s figure', () => {
  test('an SVG with no script, named for screen readers, its axes titled with their units', async () => {
    const { html } = await render('en');
    expect(html).toMatch(/^<figure class="curve" id="curve-1">/);
    expect(html).not.toContain('<script');
    expect(html).not.toMatch(/ style=/);
    expect(html).toContain(
      'role="img" aria-label="Chart: Transmission (%) against Wavelength (nm). Its data table follows."',
    );
    expect(all(html, /<text class="curve-axis"[^>]*>([^<]*)<\/text>/g)).toEqual([
      'Wavelength (nm)',
      'Transmission (%)',
    ]);
    expect(html).toContain('viewBox="0 0 480 300"');
  });

  test('ticks at round numbers: x inside the data’s range, y from zero past the largest value', async () => {
    const { html } = await render('en');
    const xLabels = all(html, /<text x="[\d.]+" y="[\d.]+" dy="0.9em">([^<]*)<\/text>/g).map(Number);
    expect(xLabels.length).toBeGreaterThanOrEqual(3);
    expect(xLabels.every((value) => value % 50 === 0 && value >= 450 && value <= 1150)).toBe(true);
    expect(xLabels).toEqual([...xLabels].sort((a, b) => a - b));
    const yLabels = all(html, /<text x="[\d.]+" y="[\d.]+" dy="0.35em">([^<]*)<\/text>/g).map(Number);
    expect(yLabels[0]).toBe(0);
    expect(yLabels.at(-1)).toBeGreaterThanOrEqual(95);
    expect(yLabels.at(-1)).toBeLessThanOrEqual(100);
    // A grid line at each tick.
    const grid = /<path class="curve-grid" d="([^"]*)"/.exec(html)?.[1] ?? '';
    expect(grid.match(/M/g)).toHaveLength(xLabels.length + yLabels.length);
  });

  test('a line a series, each in its style, and a legend naming them, escaped', async () => {
    const { html, view } = await render('en');
    const lines = all(html, /<polyline class="curve-line (curve-s\d)"/g);
    expect(lines).toEqual(['curve-s0', 'curve-s1']);
    const points = all(html, /<polyline [^>]*points="([^"]*)"/g).map((list) => list.split(' '));
    // Thinned where straight (the flat parts), each point a pair of numbers to a tenth.
    expect(points[0]?.length).toBeLessThan(x.length / 2);
    for (const pair of points.flat()) expect(pair).toMatch(/^\d+(\.\d)?,\d+(\.\d)?$/);
    expect(points[0]?.[0]).toBe(`${view.layout.plot.left},${view.layout.plot.bottom}`);
    const legend = all(html, /<\/svg>([^<]*)<\/li>/g).map((name) => unescaped(name.trim()));
    expect(legend).toEqual(['Filter <b>A</b>', 'Filter B']);
    expect(html).not.toContain('<b>A</b>');
    expect(html).toContain('<figcaption>Transmission at 0° &lt;angle&gt; &amp; &quot;AOI&quot;</figcaption>');
  });

  test('the data table: evenly spaced rows of the points, the first and the last among them', async () => {
    const { html } = await render('en');
    expect(html).toMatch(/<details class="curve-data"><summary>Data table \(21 of 281 points\)<\/summary>/);
    expect(all(html, /<th scope="col">([^<]*)<\/th>/g).map(unescaped)).toEqual([
      'Wavelength (nm)',
      'Filter <b>A</b>',
      'Filter B',
    ]);
    const rows = all(html, /<tr><th scope="row">([^<]*<\/th>(?:<td>[^<]*<\/td>)*)<\/tr>/g).map((row) =>
      row
        .split(/<\/th>|<\/td>/)
        .map((cell) => cell.replace(/<td>/, ''))
        .filter(Boolean),
    );
    expect(rows).toHaveLength(TABLE_ROWS);
    expect(rows[0]?.[0]).toBe('450');
    expect(rows.at(-1)?.[0]).toBe('1150');
    for (const row of rows) {
      const index = x.indexOf(Number(row[0]));
      expect(index).toBeGreaterThanOrEqual(0);
      expect(row.slice(1).map(Number)).toEqual(edge.series.map((series) => series.y[index]));
    }
  });

  test('in Chinese: the axes’ brackets, the table’s summary and the CSV beside the Chinese page', async () => {
    const { html } = await render('zh-CN');
    expect(all(html, /<text class="curve-axis"[^>]*>([^<]*)<\/text>/g)).toEqual([
      'Wavelength（nm）',
      'Transmission（%）',
    ]);
    expect(html).toContain('<summary>数据表（共 281 个点，列出 21 个）</summary>');
    expect(html).toContain(
      '<a href="/zh-CN/product/3-edge-filter/lp-532-25-transmission.csv" download="lp-532-25-transmission.csv">下载数据（CSV，562 个点）</a>',
    );
  });
});
