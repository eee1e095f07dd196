import { inflateSync } from 'node:zlib';
import { describe, expect, test } from 'vitest';
import type { Curve } from '#api/curves.ts';
import type { ProductDetail, ProductSummary, Resource } from '#api/product.ts';
import { chartLayout } from '#lib/curve-chart.ts';
import { pdfText } from '#tests/support/pdf-text.ts';
import { FILE_LOCALES } from './resource-links.ts';
import { documentProduct, renderers } from './resource-render.ts';

const card = (id: number): ProductSummary => ({
  id,
  name: `Card ${id}`,
  slug: `${id}-card`,
  partNumber: `C-${id}`,
  summary: 'A related product.',
  smallImage: { src: '/images/laser.svg', src2x: '/images/laser.svg', alt: `Card ${id}` },
  price: 100,
  currency: 'USD',
  leadTimeDays: 5,
  stock: 3,
  isNew: false,
  isFeatured: false,
  categoryId: 5,
});

const product: ProductDetail = {
  ...card(1),
  name: '405 nm Diode Laser Module, 50 mW',
  partNumber: 'LS-405-50',
  summary: 'Compact violet laser with a warm-up of minutes.',
  description: 'First paragraph.\n\nSecond paragraph, 光谱.',
  images: [{ src: '/images/laser.svg', src2x: '/images/laser.svg', alt: 'Laser' }],
  shipDate: '2026-12-01',
  breadcrumbs: [{ id: 1, name: 'Photonics', slug: '1-photonics' }],
  attributes: [
    { label: 'Wavelength', value: '405', unit: 'nm' },
    { label: 'Warm-up time', value: '5', unit: 'min' },
  ],
  options: [{ id: 1, name: 'Fiber', values: [{ id: 2, label: 'FC/PC', priceDelta: 120 }] }],
  alternatives: [card(2), card(3)],
  related: [card(4)],
  resources: [{ kind: 'software', title: 'Laser Control', url: '/files/software/laser-control.zip' }],
  curves: [],
  updatedAt: '2026-11-20T10:00:00.000Z',
};

describe('documentProduct', () => {
  test('keeps what the downloads are made from and leaves out the cards and images', () => {
    const slim = documentProduct(product);
    expect(Object.keys(slim).toSorted()).toEqual(
      [
        'attributes',
        'breadcrumbs',
        'currency',
        'curves',
        'description',
        'leadTimeDays',
        'name',
        'options',
        'partNumber',
        'price',
        'resources',
        'summary',
        'updatedAt',
      ].toSorted(),
    );
    expect(slim).not.toHaveProperty('related');
    expect(slim).not.toHaveProperty('images');
  });

  test('every kind of download comes out the same from it as from the whole record', () => {
    for (const [kind, renderer] of Object.entries(renderers)) {
      for (const locale of FILE_LOCALES[kind as Resource['kind']]) {
        const whole = Buffer.from(
          renderer.bytes(`The ${kind}`, [product, { ...product, partNumber: 'LS-405-51' }], locale),
        );
        const slim = Buffer.from(
          renderer.bytes(
            `The ${kind}`,
            [documentProduct(product), documentProduct({ ...product, partNumber: 'LS-405-51' })],
            locale,
          ),
        );
        expect(slim.equals(whole), `${kind} ${locale}`).toBe(true);
        expect(whole.length).toBeGreaterThan(500);
      }
    }
  });
});

/** The product as the Chinese record has it. */
const chinese: ProductDetail = {
  ...product,
  name: '405 nm 半导体激光模块，50 mW',
  summary: '单横模 405 nm 半导体激光器，圆形光斑，支持高速 TTL/模拟调制，适用于荧光激发与光刻曝光。',
  description: '内置光电二极管闭环反馈，8 小时功率稳定性优于 1 % RMS。\n\n外壳尺寸仅 40 × 40 × 100 mm。',
  attributes: [
    { label: '中心波长', value: '405', unit: 'nm' },
    { label: '功率稳定性（RMS，8 h）', value: '< 1', unit: '%' },
  ],
  options: [{ id: 1, name: '散热方式', values: [{ id: 2, label: 'TEC 温控座及控制器', priceDelta: 650 }] }],
};

describe('the Chinese datasheet', () => {
  test('reads back, through a PDF reader, as the product’s Chinese name, specifications and notes', () => {
    // A Chinese sentence runs on from one line to the next with no space: the lines joined as they were.
    const text = pdfText(renderers.datasheet.bytes('LS-405-50 产品规格书', [chinese], 'zh-CN')).replace(/\n+/g, '');
    for (const expected of [
      '405 nm 半导体激光模块，50 mW',
      '流明实验仪器 – 产品规格书 – 型号 LS-405-50',
      '概述',
      '技术参数',
      '中心波长',
      '功率稳定性（RMS，8 h）',
      '选项',
      '散热方式',
      'TEC 温控座及控制器：+US$650.00',
      '订购信息',
      '交货期',
      '发货日期为预估日期，可能随库存情况变化。',
      '2026年11月20日',
      '第 1 页，共 1 页',
    ]) {
      expect(text).toContain(expected);
    }
    expect(text).not.toContain('?');
  });

  test('is made in the worker as in the build, and the English one stays in Helvetica', () => {
    const zh = Buffer.from(renderers.datasheet.bytes('T', [chinese], 'zh-CN')).toString('latin1');
    const en = Buffer.from(renderers.datasheet.bytes('T', [product], 'en')).toString('latin1');
    expect(zh).toContain('/Lang (zh-CN)');
    expect(zh).toContain('+NotoSansSC-Regular');
    expect(en).toContain('/BaseFont /Helvetica ');
    expect(en).not.toContain('NotoSansSC');
    expect(en.length).toBeLessThan(3000);
  });
});

/** The text of a file's content streams (the streams with no entries but their length and filter), inflated. */
function contentStreams(bytes: Uint8Array): string {
  const file = Buffer.from(bytes);
  return [...file.toString('latin1').matchAll(/<< \/Length (\d+) \/Filter \/FlateDecode >>\nstream\n/g)]
    .map((match) => {
      const start = (match.index ?? 0) + match[0].length;
      return inflateSync(file.subarray(start, start + Number(match[1]))).toString('latin1');
    })
    .join('\n');
}

describe('a datasheet’s performance curves', () => {
  const x = Array.from({ length: 201 }, (_, i) => 400 + i * 1.5);
  const transmission = (zh: boolean): Curve => ({
    kind: 'transmission',
    title: zh ? '透射率（45° 入射角）' : 'Transmission at 45°',
    xAxis: { name: zh ? '波长' : 'Wavelength', unit: 'nm' },
    yAxis: { name: zh ? '透射率' : 'Transmission', unit: '%' },
    series: [
      { name: zh ? 's 偏振' : 's-polarized', x, y: x.map((nm) => Number((44 + 3 * Math.sin(nm / 21)).toFixed(2))) },
      { name: zh ? 'p 偏振' : 'p-polarized', x, y: x.map((nm) => Number((49 + 2 * Math.sin(nm / 23)).toFixed(2))) },
    ],
  });
  const spectrum: Curve = {
    kind: 'spectrum',
    title: 'Emission spectrum',
    xAxis: { name: 'Wavelength', unit: 'nm' },
    yAxis: { name: 'Relative intensity', unit: 'a.u.' },
    series: [{ name: '', x: [400, 403, 405, 407, 410], y: [0.02, 0.4, 1, 0.38, 0.01] }],
  };
  const english = renderers.datasheet.bytes('T', [{ ...product, curves: [transmission(false), spectrum] }], 'en');
  const zh = renderers.datasheet.bytes('T', [{ ...chinese, curves: [transmission(true)] }], 'zh-CN');

  test('draws each series as a path through the points of the page’s chart, in chart units scaled to points', () => {
    const page = contentStreams(english);
    for (const curve of [transmission(false), spectrum]) {
      const lines = chartLayout(curve.series).lines;
      for (const line of lines) {
        // The layout's own tenths: a move to the first point, a line to each other one, and the stroke.
        const path = line.map(([px, py], index) => `${px} ${py} ${index === 0 ? 'm' : 'l'}`).join('\n');
        expect(page).toContain(`${path}\nS`);
        expect(line.length).toBeGreaterThan(3);
      }
    }
    // The chart's units (y down) drawn at 0.8 pt each with y turned up; the second series dashed as on the page
    // (#1d4e89 and #b8461a, curve-styles.ts).
    expect(page).toMatch(/^0\.8 0 0 -0\.8 [\d.]+ [\d.]+ cm$/m);
    expect(page).toContain('0.11 0.31 0.54 RG\n1.5 w\n1 j\n');
    expect(page).toContain('0.72 0.27 0.1 RG\n1.5 w\n1 j\n[6 3] 0 d\n');
  });

  test('reads back in English: the section, captions, axes with units, ticks and the legend', () => {
    const text = pdfText(english);
    for (const expected of [
      'Performance curves',
      'Transmission at 45°',
      'Wavelength (nm)',
      'Transmission (%)',
      'Emission spectrum',
      'Relative intensity (a.u.)',
      's-polarized',
      'p-polarized',
    ]) {
      expect(text).toContain(expected);
    }
    for (const tick of chartLayout(transmission(false).series).xTicks) expect(text).toContain(tick.label);
    // After the specifications, before the options.
    expect(text.indexOf('Performance curves')).toBeGreaterThan(text.indexOf('Warm-up time'));
    expect(text.indexOf('Performance curves')).toBeLessThan(text.indexOf('FC/PC'));
  });

  test('reads back in Chinese: the axes’ names and units in the embedded font', () => {
    const text = pdfText(zh).replace(/\n+/g, '');
    for (const expected of ['性能曲线', '透射率（45° 入射角）', '波长（nm）', '透射率（%）', 's 偏振', 'p 偏振']) {
      expect(text).toContain(expected);
    }
    expect(text).not.toContain('?');
  });

  test('is not there for a product without curves', () => {
    expect(pdfText(renderers.datasheet.bytes('T', [product], 'en'))).not.toContain('Performance curves');
    expect(pdfText(renderers.datasheet.bytes('T', [chinese], 'zh-CN'))).not.toContain('性能曲线');
    expect(contentStreams(renderers.datasheet.bytes('T', [product], 'en'))).not.toMatch(/ cm$/m);
  });
});
