import { describe, expect, test } from 'vitest';
import type { Curve } from '#api/curves.ts';
import type { ProductDetail } from '#api/product.ts';
import { curveCsv, curveFiles, curveOverlays, productCurveViews, TABLE_ROWS } from './curves.ts';

const x = Array.from({ length: 201 }, (_, i) => 400 + i * 1.5);
const beamsplitter: Curve = {
  kind: 'transmission',
  title: 'Transmission at 45°',
  xAxis: { name: 'Wavelength', unit: 'nm' },
  yAxis: { name: 'Transmission', unit: '%' },
  series: [
    { name: 's-polarized', x, y: x.map((nm) => Number((44 + 3 * Math.sin(nm / 21)).toFixed(2))) },
    { name: 'p-polarized', x, y: x.map((nm) => Number((49 + 2 * Math.sin(nm / 23)).toFixed(2))) },
  ],
};

const product = (id: number, partNumber: string, curves: Curve[]) =>
  ({ id, name: `Product ${partNumber}`, slug: `${id}-product`, partNumber, curves }) as unknown as ProductDetail;

describe('a curve’s CSV', () => {
  test('a byte order mark, a header naming each column with its unit, then every point', () => {
    const lines = curveCsv(beamsplitter, 'en').split('\r\n');
    expect(lines[0]).toBe('\uFEFFWavelength (nm),s-polarized: Transmission (%),p-polarized: Transmission (%)');
    expect(lines).toHaveLength(x.length + 2);
    expect(lines[1]).toBe(`400,${beamsplitter.series[0]?.y[0]},${beamsplitter.series[1]?.y[0]}`);
    expect(lines[201]).toBe(`700,${beamsplitter.series[0]?.y[200]},${beamsplitter.series[1]?.y[200]}`);
    expect(lines.at(-1)).toBe('');
  });

  test('in Chinese, its brackets and colon; series with x values of their own have a pair of columns each', () => {
    const own: Curve = {
      ...beamsplitter,
      xAxis: { name: '波长', unit: 'nm' },
      yAxis: { name: '透射率', unit: '%' },
      series: [
        { name: 's 偏振', x: [400, 500, 600], y: [1, 2, 3] },
        { name: 'p 偏振', x: [410, 510], y: [4, 5] },
      ],
    };
    expect(curveCsv(own, 'zh-CN').split('\r\n')).toEqual([
      '\uFEFFs 偏振：波长（nm）,s 偏振：透射率（%）,p 偏振：波长（nm）,p 偏振：透射率（%）',
      '400,1,410,4',
      '500,2,510,5',
      '600,3,,',
      '',
    ]);
  });

  test('a name a spreadsheet would run as a formula is made text, and quoted where it holds a comma', () => {
    const hostile: Curve = {
      ...beamsplitter,
      series: [
        { name: '=HYPERLINK("http://x.example"),1', x: [1, 2], y: [3, 4] },
        beamsplitter.series[1] as Curve['series'][number],
      ],
    };
    expect(curveCsv(hostile, 'en').split('\r\n')[0]).toContain(
      `"'=HYPERLINK(""http://x.example""),1: Transmission (%)"`,
    );
  });
});

describe('a curve met again', () => {
  const copy = (curve: Curve): Curve => ({
    ...curve,
    series: curve.series.map((series) => ({ ...series, x: [...series.x], y: [...series.y] })),
  });

  test('its layout and CSV are those of the same points in new lists, in the other language too', () => {
    const first = productCurveViews(product(1, 'BS-1', [beamsplitter]), 'en')[0];
    const again = productCurveViews(product(2, 'BS-2', [beamsplitter]), 'zh-CN')[0];
    const fresh = productCurveViews(product(3, 'BS-3', [copy(beamsplitter)]), 'zh-CN')[0];
    expect(again?.layout).toBe(first?.layout);
    expect(fresh?.layout).not.toBe(first?.layout);
    expect(fresh?.layout).toEqual(first?.layout);
    expect(curveCsv(beamsplitter, 'zh-CN')).toBe(curveCsv(copy(beamsplitter), 'zh-CN'));
    expect(curveCsv(beamsplitter, 'en')).toBe(curveCsv(copy(beamsplitter), 'en'));
  });

  test('a curve sharing its first series with another keeps its own layout and rows', () => {
    const first = beamsplitter.series[0] as Curve['series'][number];
    const other: Curve = { ...beamsplitter, series: [first, { name: 'flat', x, y: x.map(() => 10) }] };
    const alone: Curve = { ...beamsplitter, series: [first] };
    for (const curve of [beamsplitter, other, alone]) {
      expect(curveCsv(curve, 'en')).toBe(curveCsv(copy(curve), 'en'));
      expect(productCurveViews(product(4, 'X-1', [curve]), 'en')[0]?.layout).toEqual(
        productCurveViews(product(5, 'X-2', [copy(curve)]), 'en')[0]?.layout,
      );
    }
    expect(curveCsv(other, 'en').split('\r\n')[1]).toMatch(/,10$/);
    expect(curveCsv(alone, 'en').split('\r\n')[1]?.split(',')).toHaveLength(2);
  });
});

describe('curveFiles', () => {
  test('named by part number and kind, a number after a kind that comes again', () => {
    const reflectance = { ...beamsplitter, kind: 'reflectance' as const };
    expect(curveFiles(product(1, 'BS-NP/25', [beamsplitter, reflectance, beamsplitter]))).toEqual([
      'bs-np-25-transmission.csv',
      'bs-np-25-reflectance.csv',
      'bs-np-25-transmission-2.csv',
    ]);
  });
});

describe('a product’s figures', () => {
  const [view] = productCurveViews(product(7, 'BS-NP-25', [beamsplitter]), 'zh-CN');

  test('axes titled in the page’s language, a legend of the series, the CSV beside the page', () => {
    expect(view).toMatchObject({
      id: 'curve-1',
      title: 'Transmission at 45°',
      xTitle: 'Wavelength（nm）',
      yTitle: 'Transmission（%）',
      legend: ['s-polarized', 'p-polarized'],
      csv: { href: '/zh-CN/product/7-product/bs-np-25-transmission.csv', download: 'bs-np-25-transmission.csv' },
    });
    expect(view?.csv?.label).toBe('下载数据（CSV，402 个点）');
  });

  test('a table of 21 of the points, evenly spaced, the first and the last among them', () => {
    const table = view?.table;
    expect(table?.head).toEqual(['Wavelength（nm）', 's-polarized', 'p-polarized']);
    expect(table?.rows).toHaveLength(TABLE_ROWS);
    expect(table?.summary).toBe('数据表（共 201 个点，列出 21 个）');
    for (const row of table?.rows ?? []) {
      const index = x.indexOf(Number(row[0]));
      expect(index).toBeGreaterThanOrEqual(0);
      expect(row.slice(1)).toEqual(beamsplitter.series.map((series) => String(series.y[index])));
    }
    expect(table?.rows[0]?.[0]).toBe('400');
    expect(table?.rows.at(-1)?.[0]).toBe('700');
  });
});

describe('a comparison’s overlays', () => {
  const objective = (level: number, unit = '%'): Curve => ({
    kind: 'transmission',
    title: 'Transmission of the objective',
    xAxis: { name: 'Wavelength', unit: 'nm' },
    yAxis: { name: 'Transmission', unit },
    series: [{ name: '', x: [400, 700, 1000], y: [level - 20, level, level - 10] }],
  });

  test('one figure a kind that two or more products share with the same units, a series a product', () => {
    const views = curveOverlays(
      [
        product(1, 'A-1', [objective(90)]),
        product(2, 'A-2', [beamsplitter, objective(80)]),
        product(3, 'A-3', [objective(0.8, 'ratio')]),
        product(4, 'A-4', []),
      ],
      'en',
    );
    expect(views).toHaveLength(1);
    expect(views[0]).toMatchObject({
      id: 'curves-transmission',
      title: 'Transmission of the products compared',
      legend: ['Product A-1', 'Product A-2'],
      csv: undefined,
    });
    // A-2's first transmission curve is the beam splitter's: its first series.
    expect(views[0]?.table.head).toEqual(['Series', 'Wavelength (nm)', 'Transmission (%)']);
    expect(views[0]?.table.rows[0]).toEqual(['Product A-1', '400', '70']);
  });

  test('none for curves far apart on the x axis, such as two lasers’ lines', () => {
    const line = (center: number): Curve => ({
      ...objective(100),
      kind: 'spectrum',
      series: [{ name: '', x: [center - 1, center, center + 1], y: [0, 100, 0] }],
    });
    expect(curveOverlays([product(1, 'L-405', [line(405)]), product(2, 'L-785', [line(785)])], 'en')).toEqual([]);
  });

  test('none for a kind only one product has; at most eight series, saying how many there were', () => {
    expect(curveOverlays([product(1, 'A-1', [objective(90)])], 'en')).toEqual([]);
    const many = Array.from({ length: 10 }, (_, i) => product(i + 1, `M-${i}`, [objective(50 + i)]));
    const [view] = curveOverlays(many, 'en');
    expect(view?.legend).toHaveLength(8);
    expect(view?.note).toBe('The first 8 of the 10 products on this page with this curve.');
  });
});
