import { afterEach, describe, expect, test, vi } from 'vitest';
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
  describe('without a day given', () => {
    afterEach(() => vi.useRealTimers());
    test('counts from today, and from the new day once the UTC date changes', () => {
      vi.useFakeTimers({ toFake: ['Date'] });
      vi.setSystemTime(new Date('2026-11-22T23:59:59Z'));
      expect(shipDate(5, 30, 1)).toBe('2026-11-24');
      expect(shipDate(0, 30, 1)).toBe('2026-12-22');
      vi.setSystemTime(new Date('2026-11-23T00:00:00Z'));
      expect(shipDate(5, 30, 1)).toBe('2026-11-25');
      expect(shipDate(0, 30, 1)).toBe('2026-12-23');
    });
  });
});
