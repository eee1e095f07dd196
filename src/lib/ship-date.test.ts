import { describe, expect, test } from 'vitest';
import { shipDate } from './ship-date.ts';

describe('ship date', () => {
  const today = new Date('2026-11-22T10:00:00Z');
  test('is two days out when the stock covers the quantity', () => {
    expect(shipDate(5, 30, 5, today)).toBe('2026-11-24');
  });
  test('follows the lead time when the stock does not cover the quantity', () => {
    expect(shipDate(5, 30, 6, today)).toBe('2026-12-22');
    expect(shipDate(0, 14, 1, today)).toBe('2026-12-06');
  });
});
