import type { Page } from 'playwright-core';
import { describe, expect, inject, test } from 'vitest';
import type { ProductDetail } from '#api/product.ts';
import { startBrowser } from './browser.ts';
import { apiCall } from './customer-api.ts';

// Issue 40, item 2: a product's performance curves on its page, drawn at build time (no script), with their
// data table and CSV download, in both languages and at a phone's width; a category's comparison overlays
// one kind of curve for the products it compares.

const browser = startBrowser();

/** The demo's beam splitter: two curves (transmission, reflectance) of two series each. */
async function beamsplitter(language: 'en' | 'zh'): Promise<ProductDetail> {
  const { records } = await apiCall<{ records: ProductDetail[] }>('/product/page', { pageSize: 999, language });
  const found = records.find((product) => product.partNumber === 'BS-NP-25');
  if (!found) throw new Error('no BS-NP-25 in the catalogue');
  return found;
}

/** The text of each cell of a table's rows, header cells included. */
const rowsOf = (page: Page, selector: string) =>
  page
    .locator(selector)
    .evaluateAll((rows) => rows.map((row) => [...row.children].map((cell) => cell.textContent?.trim() ?? '')));

describe.each([
  { locale: 'en', language: 'en' as const, prefix: '', section: 'Performance curves', axis: 'Wavelength (nm)' },
  { locale: 'zh-CN', language: 'zh' as const, prefix: '/zh-CN', section: '性能曲线', axis: '波长（nm）' },
])('a product’s curves in $locale', ({ language, prefix, section, axis }) => {
  test('a figure a curve, its chart labelled in the page’s language, a legend, the data table of the points', async () => {
    const product = await beamsplitter(language);
    const page = await browser.open(`${prefix}/product/${product.slug}`, { javaScriptEnabled: false });
    await expect(page.getByRole('heading', { name: section, level: 2 }).count()).resolves.toBe(1);
    const figures = page.locator('figure.curve');
    await expect(figures.count()).resolves.toBe(product.curves.length);
    const [curve] = product.curves;
    if (!curve) throw new Error('no curve');
    const first = figures.first();
    await expect(first.locator('figcaption').textContent()).resolves.toBe(curve.title);
    const chart = first.getByRole('img');
    expect(await chart.getAttribute('aria-label')).toContain(axis);
    await expect(first.locator('text.curve-axis').allTextContents()).resolves.toContain(axis);
    await expect(first.locator('polyline.curve-line').count()).resolves.toBe(curve.series.length);
    await expect(first.locator('.curve-legend li').allTextContents()).resolves.toEqual(
      curve.series.map((series) => series.name),
    );
    // Without script, the table opens and its rows are points of the curve, the first and the last among them.
    await first.locator('summary').click();
    const rows = await rowsOf(page, `#${await first.getAttribute('id')} tbody tr`);
    expect(rows.length).toBeGreaterThan(10);
    const [series0, series1] = curve.series;
    for (const row of rows) {
      const index = series0?.x.indexOf(Number(row[0])) ?? -1;
      expect(index, row.join(' ')).toBeGreaterThanOrEqual(0);
      expect(row.slice(1).map(Number)).toEqual([series0?.y[index], series1?.y[index]]);
    }
    expect(rows[0]?.[0]).toBe(String(series0?.x[0]));
    expect(rows.at(-1)?.[0]).toBe(String(series0?.x.at(-1)));
    await page.context().close();
  });

  test('downloads the points as CSV, its header in the page’s language', async () => {
    const product = await beamsplitter(language);
    const page = await browser.open(`${prefix}/product/${product.slug}`);
    const link = page.locator('figure.curve').first().locator('.curve-download a');
    const href = (await link.getAttribute('href')) ?? '';
    expect(href).toBe(`${prefix}/product/${product.slug}/bs-np-25-transmission.csv`);
    const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
    expect(download.suggestedFilename()).toBe('bs-np-25-transmission.csv');
    const response = await fetch(new URL(href, inject('baseUrl')));
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    const bytes = new Uint8Array(await response.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = new TextDecoder().decode(bytes).trimEnd().split('\r\n');
    const [curve] = product.curves;
    expect(lines[0]?.split(',')[0]).toBe(axis);
    expect(lines.slice(1)).toEqual(
      curve?.series[0]?.x.map((x, index) => [x, ...(curve?.series.map((series) => series.y[index]) ?? [])].join(',')),
    );
    await page.context().close();
  });
});

test('reads at a phone’s width: the chart fits the page, its labels at 11 px or more', async () => {
  const product = await beamsplitter('zh');
  const page = await browser.open(`/zh-CN/product/${product.slug}`, { viewport: { width: 390, height: 844 } });
  const sizes = await page
    .locator('figure.curve')
    .first()
    .evaluate((figure) => {
      const svg = figure.querySelector('svg') as SVGSVGElement;
      const scale = svg.getBoundingClientRect().width / svg.viewBox.baseVal.width;
      const label = figure.querySelector('svg text') as SVGTextElement;
      return {
        width: svg.getBoundingClientRect().width,
        text: Number.parseFloat(getComputedStyle(label).fontSize) * scale,
      };
    });
  expect(sizes.width).toBeLessThanOrEqual(390);
  expect(sizes.text).toBeGreaterThanOrEqual(11);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  // On paper: the chart, not the link or the folded table.
  await page.emulateMedia({ media: 'print' });
  await expect(page.locator('.curve-download').first().isVisible()).resolves.toBe(false);
  await expect(page.locator('svg.curve-chart').first().isVisible()).resolves.toBe(true);
  await page.context().close();
});

test('a category’s comparison overlays the transmission of the objectives it compares, a series a product', async () => {
  const { records } = await apiCall<{ records: ProductDetail[] }>('/product/page', { pageSize: 999 });
  const objectives = records.filter((product) => product.partNumber.startsWith('OBJ-'));
  const category = objectives[0]?.breadcrumbs.at(-1);
  const page = await browser.open(`/category/detail/${category?.slug}`);
  const overlay = page.locator('#curves-transmission');
  await expect(overlay.locator('polyline.curve-line').count()).resolves.toBe(objectives.length);
  await expect(overlay.locator('.curve-legend li').allTextContents()).resolves.toEqual(
    objectives.map((product) => product.name),
  );
  await page.context().close();
});
