import { describe, expect, test } from 'vitest';
import type { CartLine } from '#api/shop.ts';
import { cartTotals, withLine } from './cart.ts';

const line = (productId: number, quantity: number, unitPrice: number, currency = 'USD'): CartLine =>
  ({ productId, quantity, unitPrice, total: quantity * unitPrice, currency }) as CartLine;

describe('the cart store', () => {
  test('puts a product new to the cart first and replaces the line of one already there', () => {
    const lines = [line(1, 1, 10), line(2, 1, 20)];
    expect(withLine(lines, line(3, 2, 5)).map((l) => l.productId)).toEqual([3, 1, 2]);
    const changed = withLine(lines, line(2, 4, 20));
    expect(changed.map((l) => [l.productId, l.quantity])).toEqual([
      [1, 1],
      [2, 4],
    ]);
    expect(lines[1]?.quantity).toBe(1);
  });

  test('totals the lines per currency in whole cents', () => {
    expect(cartTotals([line(1, 3, 0.1), line(2, 1, 0.2)])).toEqual([{ currency: 'USD', total: 0.5 }]);
    expect(cartTotals([line(1, 1, 10), line(2, 2, 7, 'EUR')])).toEqual([
      { currency: 'USD', total: 10 },
      { currency: 'EUR', total: 14 },
    ]);
    expect(cartTotals([])).toEqual([]);
  });
});
