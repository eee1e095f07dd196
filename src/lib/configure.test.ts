import { describe, expect, test } from 'vitest';
import { clampQuantity, MAX_QUANTITY, parseQuantity, pricesOf, selectionsOf } from './configure.ts';

const options = [
  {
    id: 31,
    name: 'Output coupling',
    values: [
      { id: 101, label: 'Free-space', priceDelta: 0 },
      { id: 102, label: 'Fibre', priceDelta: 950 },
    ],
  },
  { id: 32, name: 'Power supply', values: [{ id: 103, label: 'OEM board', priceDelta: -180.1 }] },
  { id: 33, name: 'Nothing to choose', values: [] },
];

describe('configure now', () => {
  test('chooses the first value of each option unless another is chosen', () => {
    expect(selectionsOf(options).map(({ value }) => value.id)).toEqual([101, 103]);
    expect(selectionsOf(options, { 31: 102 }).map(({ value }) => value.id)).toEqual([102, 103]);
    expect(selectionsOf(options, { 31: 999 }).map(({ value }) => value.id)).toEqual([101, 103]);
  });

  test('prices the chosen values and the quantity in whole cents', () => {
    expect(pricesOf(0.1, selectionsOf(options, { 31: 102 }), 3)).toEqual({ unitPrice: 770, total: 2310 });
    expect(pricesOf(0.1, [], 3)).toEqual({ unitPrice: 0.1, total: 0.3 });
  });

  test('accepts only whole quantities within the bounds', () => {
    expect(parseQuantity(' 12 ')).toBe(12);
    for (const text of ['', '0', '1.5', '-2', '1e2', String(MAX_QUANTITY + 1)])
      expect(parseQuantity(text)).toBeUndefined();
    expect([clampQuantity(0), clampQuantity(5), clampQuantity(5000)]).toEqual([1, 5, MAX_QUANTITY]);
  });
});
