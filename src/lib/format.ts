import type { Locale } from '../i18n/index.ts';

const priceFormats = new Map<string, Intl.NumberFormat>();

/** A price as the visitor's locale writes it: '$1,250.00' or 'US$1,250.00'. */
export function formatPrice(amount: number, currency: string, locale: Locale): string {
  // One formatter per locale and currency: a list of prices builds one, not one per price.
  const key = `${locale} ${currency}`;
  let format = priceFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(locale, { style: 'currency', currency });
    priceFormats.set(key, format);
  }
  return format.format(amount);
}

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

/**
 * An ISO date as the visitor's locale writes it: 'March 14, 2026' or '2026年3月14日' (what
 * Intl.DateTimeFormat writes with dateStyle 'long' in UTC). Written out here rather than by Intl: the first
 * Intl formatter a page makes costs Chromium 30-80 ms of main thread (loading ICU's data), which is most of
 * what an account section costs to render.
 */
export function formatDate(isoDate: string, locale: Locale): string {
  const date = new Date(isoDate);
  if (Number.isNaN(date.getTime())) throw new RangeError(`not a date: ${isoDate}`);
  const year = date.getUTCFullYear();
  const month = date.getUTCMonth();
  const day = date.getUTCDate();
  return locale === 'zh-CN' ? `${year}年${month + 1}月${day}日` : `${MONTHS[month]} ${day}, ${year}`;
}

/** A phone number as shown: it never breaks across lines (non-breaking spaces and hyphens). */
export function formatPhone(phone: string): string {
  return phone.replaceAll(' ', '\u00a0').replaceAll('-', '\u2011');
}

/** The tel: link of a phone number: its digits and a leading plus. */
export function telHref(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, '')}`;
}
