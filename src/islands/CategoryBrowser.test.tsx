import { renderToString } from 'react-dom/server';
import { describe, expect, test } from 'vitest';
import type { FinderProduct } from '#lib/finder.ts';
import CategoryBrowser from './CategoryBrowser.tsx';

const render = (props: Parameters<typeof CategoryBrowser>[0]) =>
  renderToString(<CategoryBrowser {...props} />).replace(/<!-- -->/g, '');

function spectrometer(
  id: number,
  partNumber: string,
  range: string,
  flags: Partial<FinderProduct> = {},
): FinderProduct {
  return {
    id,
    name: `Fiber Spectrometer ${partNumber}`,
    slug: `${id}-fiber-spectrometer-${partNumber.toLowerCase()}`,
    partNumber,
    summary: `Compact spectrometer covering ${range} nm.`,
    smallImage: { src: `/images/${partNumber}.webp`, src2x: `/images/${partNumber}@2x.webp`, alt: '' },
    price: 3900 + id * 100,
    currency: 'USD',
    leadTimeDays: 21,
    stock: 2,
    isNew: false,
    isFeatured: false,
    categoryId: 5,
    attributes: [
      { label: 'Spectral range', value: range, unit: 'nm' },
      { label: 'Interface', value: id % 2 ? 'USB 2.0' : 'USB 3.0', unit: '' },
    ],
    ...flags,
  };
}

const products = [
  spectrometer(21, 'SP-UV-VIS-25', '200-1100', { isFeatured: true }),
  spectrometer(22, 'SP-VIS-10', '380-780', { isNew: true }),
  spectrometer(23, 'SP-NIR-17', '900-1700'),
];

describe('the category browser, rendered on the server', () => {
  test('shows the four views as tabs with all products selected', () => {
    const html = render({ locale: 'en', products, total: 3, dataUrl: '/category/list/5-spectrometers/products.json' });
    expect(html).toContain('role="tablist"');
    const tabs = [...html.matchAll(/<button[^>]*role="tab"[^>]*aria-selected="(true|false)"[^>]*>([^<]+)<\/button>/g)];
    expect(tabs.map((tab) => [tab[2], tab[1]])).toEqual([
      ['All products', 'true'],
      ['New arrivals', 'false'],
      ['Featured', 'false'],
      ['Help me choose', 'false'],
    ]);
    expect(html).toMatch(/role="tabpanel"/);
    // The pager after the island shows while this page's products are (src/styles/paging.css).
    expect(html).toContain('data-view="all"');
  });

  test('lists every product as a card in the grid so the page is complete without JavaScript', () => {
    const html = render({ locale: 'en', products, total: 3, dataUrl: '/category/list/5-spectrometers/products.json' });
    expect(html).toContain('<div class="product-grid">');
    expect(html.match(/<article class="product-card">/g)).toHaveLength(3);
    for (const product of products) {
      expect(html).toContain(`<a href="/product/${product.slug}">${product.name}</a>`);
      expect(html).toContain(`Part number: <span class="pn">${product.partNumber}</span>`);
    }
    expect(html).toContain('srcSet="/images/SP-VIS-10.webp 1x, /images/SP-VIS-10@2x.webp 2x"');
  });

  test('links cards into the Chinese site and labels the tabs in Chinese', () => {
    const html = render({
      locale: 'zh-CN',
      products,
      total: 3,
      dataUrl: '/zh-CN/category/list/5-spectrometers/products.json',
    });
    expect(html).toContain(`href="/zh-CN/product/${products[0]?.slug}"`);
    expect(html).toContain('帮我选型');
    expect(html).toContain('新品');
  });

  test('shows the empty state when the category has no products', () => {
    expect(render({ locale: 'en', products: [], total: 0, dataUrl: '/category/list/6-empty/products.json' })).toContain(
      'No products in this category yet.',
    );
  });
});
