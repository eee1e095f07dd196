import fc from 'fast-check';
import { describe, expect, it, test } from 'vitest';
import { bindUnits, formatDate, formatPhone, formatPrice, telHref, valueWithUnit } from './format.ts';

describe('formatting', () => {
  test('writes prices with currency and grouping in both locales', () => {
    expect(formatPrice(1250, 'USD', 'en')).toBe('$1,250.00');
    expect(formatPrice(1250, 'USD', 'zh-CN')).toContain('1,250.00');
  });
  test('writes any price as Intl.NumberFormat writes it, asked once or many times', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.tuple(
            fc.integer({ min: 0, max: 2_000_000 }).map((cents) => cents / 100),
            fc.constantFrom('USD', 'EUR', 'CNY'),
            fc.constantFrom('en' as const, 'zh-CN' as const),
          ),
          { maxLength: 20 },
        ),
        (prices) => {
          // Each twice, so the second comes from what the first wrote.
          for (const [amount, currency, locale] of [...prices, ...prices]) {
            const expected = new Intl.NumberFormat(locale, { style: 'currency', currency }).format(amount);
            expect(formatPrice(amount, currency, locale)).toBe(expected);
          }
        },
      ),
    );
  });
  test('writes dates in both locales', () => {
    expect(formatDate('2026-03-14', 'en')).toBe('March 14, 2026');
    expect(formatDate('2026-03-14', 'zh-CN')).toBe('2026年3月14日');
    expect(formatDate('2026-03-14T23:30:00-05:00', 'en')).toBe('March 15, 2026');
  });
  test('writes any date as Intl.DateTimeFormat writes it (dateStyle long, UTC)', () => {
    fc.assert(
      fc.property(
        fc.date({ min: new Date('1900-01-01T00:00:00Z'), max: new Date('2200-12-31T23:59:59Z'), noInvalidDate: true }),
        fc.constantFrom('en' as const, 'zh-CN' as const),
        (date, locale) => {
          const intl = new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' }).format(date);
          expect(formatDate(date.toISOString(), locale)).toBe(intl);
        },
      ),
    );
  });
  test('refuses what is not a date', () => {
    expect(() => formatDate('soon', 'en')).toThrow(RangeError);
  });
  test('writes phone numbers that never wrap, and links them by their digits', () => {
    expect(formatPhone('+65 6123-4567')).toBe('+65\u00a06123\u20114567');
    expect(telHref('+65 6123-4567')).toBe('tel:+6561234567');
  });
});

describe('bindUnits', () => {
  const shown = (text: string) => text.replaceAll('\u00a0', '␣');

  it('keeps a value with its unit and a bound with its number', () => {
    expect(shown(valueWithUnit('785', 'nm'))).toBe('785␣nm');
    expect(shown(valueWithUnit('< 1', '%'))).toBe('<␣1␣%');
    expect(shown(valueWithUnit('0.001-10', 'MHz'))).toBe('0.001-10␣MHz');
    expect(shown(valueWithUnit('100:1', ''))).toBe('100:1');
    expect(shown(bindUnits('Multi-frequency C-V unit, 1 kHz-10 MHz'))).toBe('Multi-frequency C-V unit, 1␣kHz-10␣MHz');
    expect(shown(bindUnits('A 785 nm laser at 50 mW, with 1 nm steps.'))).toBe(
      'A 785␣nm laser at 50␣mW, with 1␣nm steps.',
    );
    expect(shown(bindUnits('1200 cm⁻¹ and 0.8 A/W at 25 °C'))).toBe('1200␣cm⁻¹ and 0.8␣A/W at 25␣°C');
    expect(shown(bindUnits('波长 785 nm，功率 50 mW。'))).toBe('波长 785␣nm，功率 50␣mW。');
  });

  it('leaves words that only begin like a unit, and text without numbers, as they were', () => {
    expect(shown(bindUnits('Laser lines at 405, 488 and 640 nm'))).toBe('Laser lines at 405, 488 and 640␣nm');
    expect(shown(bindUnits('2 modules, 3 months'))).toBe('2 modules, 3 months');
    expect(bindUnits('no numbers here')).toBe('no numbers here');
  });
});
