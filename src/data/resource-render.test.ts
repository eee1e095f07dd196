import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import type { ProductDetail, ProductSummary, Resource } from '#api/product.ts';
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

/** pdftotext from poppler-utils: CI installs it (.ci/run); on a machine without it this test says so and fails. */
function pdfText(bytes: Uint8Array): string {
  const dir = mkdtempSync(join(tmpdir(), 'datasheet-'));
  try {
    const file = join(dir, 'datasheet.pdf');
    writeFileSync(file, bytes);
    try {
      return execFileSync('pdftotext', [file, '-'], { encoding: 'utf8' });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') {
        throw new Error(
          'pdftotext is missing: install poppler-utils (apt-get install -y poppler-utils) to run this test',
        );
      }
      throw error;
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

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
