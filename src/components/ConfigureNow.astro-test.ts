import { experimental_AstroContainer as AstroContainer } from 'astro/container';
import { beforeAll, describe, expect, test } from 'vitest';
import type { Locale } from '#i18n/index.ts';
import { formatDate } from '#lib/format.ts';
import { shipDate } from '#lib/ship-date.ts';
import ConfigureNow from './ConfigureNow.astro';
import { configureText } from './configure-text.ts';

// The panel as the build renders it (Astro's container, vitest.astro.config.ts). The page gives it its
// text, made with configureText at build time; so do these tests.
let container: AstroContainer;
beforeAll(async () => {
  container = await AstroContainer.create();
});
const render = (props: { locale: Locale; product: typeof laser }) =>
  container.renderToString(ConfigureNow, {
    props: { ...props, text: configureText(props.locale, props.product) },
  });

const laser = {
  id: 12,
  name: 'Single-Frequency DPSS Laser 532 nm',
  partNumber: 'LS-532-100',
  price: 6850,
  currency: 'USD',
  stock: 4,
  leadTimeDays: 28,
  options: [
    {
      id: 31,
      name: 'Output coupling',
      values: [
        { id: 101, label: 'Free-space, 0.7 mm beam', priceDelta: 0 },
        { id: 102, label: 'FC/APC single-mode fibre', priceDelta: 950 },
      ],
    },
    {
      id: 32,
      name: 'Power supply',
      values: [
        { id: 103, label: 'Benchtop controller, 100-240 V AC', priceDelta: 420 },
        { id: 104, label: 'OEM driver board, 12 V DC', priceDelta: -180 },
      ],
    },
  ],
};

describe('configure now, rendered on the server', () => {
  test('shows the unit price and total of the default configuration', async () => {
    const html = await render({ locale: 'en', product: laser });
    expect(html).toMatch(/<dt>Unit price<\/dt><dd class="price">\$7,270\.00<\/dd>/);
    expect(html).toMatch(/<dt>Total<\/dt><dd class="price">\$7,270\.00<\/dd>/);
  });

  test('offers every option value with its price difference and chooses the first', async () => {
    const html = await render({ locale: 'en', product: laser });
    expect(html).toContain('<label for="');
    expect(html).toMatch(/<option value="101" selected>Free-space, 0\.7 mm beam<\/option>/);
    expect(html).toMatch(/<option value="102">/);
    expect(html).toContain('FC/APC single-mode fibre (+$950.00)');
    expect(html).toContain('OEM driver board, 12 V DC (-$180.00)');
    expect(html).toMatch(/<dt>Output coupling<\/dt><dd>Free-space, 0\.7 mm beam<\/dd>/);
    expect(html).toMatch(/<dd class="part-number">LS-532-100<\/dd>/);
  });

  test('shows quantity one, the ship date with its caveat and the add to cart button', async () => {
    const html = await render({ locale: 'en', product: laser });
    expect(html).toMatch(/<input id="[^"]+" type="text" inputmode="numeric"[^>]* value="1"/);
    expect(html).toContain('aria-label="Decrease quantity"');
    expect(html).toContain('aria-label="Increase quantity"');
    expect(html).toContain(formatDate(shipDate(laser.stock, laser.leadTimeDays, 1), 'en'));
    expect(html).toContain('Ship dates may change with stock availability.');
    expect(html).toMatch(/<button type="button" class="add-to-cart">Add to cart<\/button>/);
  });

  test('still shows quantity, prices, ship date and the button for a product without options', async () => {
    const html = await render({ locale: 'zh-CN', product: { ...laser, options: [], stock: 0 } });
    expect(html).not.toContain('<select');
    expect(html).toContain('数量');
    expect(html).toMatch(/<dt>单价<\/dt><dd class="price">US\$6,850\.00<\/dd>/);
    expect(html).toContain(formatDate(shipDate(0, laser.leadTimeDays, 1), 'zh-CN'));
    expect(html).toContain('加入购物车');
  });
});
