import { describe, expect, test } from 'vitest';
import type { ProductDetail, ProductSummary } from '#api/product.ts';
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
      const whole = Buffer.from(renderer.bytes(`The ${kind}`, [product, { ...product, partNumber: 'LS-405-51' }]));
      const slim = Buffer.from(
        renderer.bytes(`The ${kind}`, [
          documentProduct(product),
          documentProduct({ ...product, partNumber: 'LS-405-51' }),
        ]),
      );
      expect(slim.equals(whole), kind).toBe(true);
      expect(whole.length).toBeGreaterThan(500);
    }
  });
});
