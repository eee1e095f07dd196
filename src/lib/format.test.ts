import { describe, expect, test } from 'vitest';
import { formatDate, formatPhone, formatPrice, telHref } from './format.ts';

describe('formatting', () => {
  test('writes prices with currency and grouping in both locales', () => {
    expect(formatPrice(1250, 'USD', 'en')).toBe('$1,250.00');
    expect(formatPrice(1250, 'USD', 'zh-CN')).toContain('1,250.00');
  });
  test('writes dates in both locales', () => {
    expect(formatDate('2026-03-14', 'en')).toBe('March 14, 2026');
    expect(formatDate('2026-03-14', 'zh-CN')).toBe('2026年3月14日');
  });
  test('writes phone numbers that never wrap, and links them by their digits', () => {
    expect(formatPhone('+65 6123-4567')).toBe('+65\u00a06123\u20114567');
    expect(telHref('+65 6123-4567')).toBe('tel:+6561234567');
  });
});
