import type { Locale } from '../i18n/index.ts';

/** A price as the visitor's locale writes it: '$1,250.00' or 'US$1,250.00'. */
export function formatPrice(amount: number, currency: string, locale: Locale): string {
  return new Intl.NumberFormat(locale, { style: 'currency', currency }).format(amount);
}

/** An ISO date as the visitor's locale writes it: 'March 14, 2026' or '2026年3月14日'. */
export function formatDate(isoDate: string, locale: Locale): string {
  return new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(isoDate));
}

/** A phone number as shown: it never breaks across lines (non-breaking spaces and hyphens). */
export function formatPhone(phone: string): string {
  return phone.replaceAll(' ', '\u00a0').replaceAll('-', '\u2011');
}

/** The tel: link of a phone number: its digits and a leading plus. */
export function telHref(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, '')}`;
}
