import type { Locale } from '#i18n/index.ts';

const priceFormats = new Map<string, Intl.NumberFormat>();

/** Prices written before, by locale, currency and amount: a build writes each product's on many pages. */
const prices = new Map<string, string>();
const PRICES_KEPT = 50_000;

/** A price as the visitor's locale writes it: '$1,250.00' or 'US$1,250.00'. */
export function formatPrice(amount: number, currency: string, locale: Locale): string {
  // One formatter per locale and currency: a list of prices builds one, not one per price. Formatting
  // costs far more than a lookup (0.9 s of a CPU profile of a 10,000-product build), so each price is written once.
  const key = `${locale} ${currency}`;
  const priceKey = `${key} ${amount}`;
  const written = prices.get(priceKey);
  if (written !== undefined) return written;
  let format = priceFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(locale, { style: 'currency', currency });
    priceFormats.set(key, format);
  }
  const text = format.format(amount);
  if (prices.size >= PRICES_KEPT) prices.clear();
  prices.set(priceKey, text);
  return text;
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

const NBSP = '\u00a0';

/** A unit of measure as the catalogue writes them after a number: nm, mW, µm, °C, cm⁻¹, A/W, kS/s… */
const UNIT = String.raw`(?:[fpnµμumckMGT]?(?:m|W|J|Hz|s|A|V|Ω|g|rad|S\/s|W\/√Hz|J\/cm²|m\/s)|mm\/s|nm\/s|°C|°|K|%|×|dBm?|fps|pixels?|px|cm⁻¹|min|h|A\/W|lp\/mm|MP)`;
/** A number, a space, a unit that ends there: "785 nm", "50 mW", "1 kHz-10 MHz", "< 1 %". */
const NUMBER_AND_UNIT = new RegExp(String.raw`(\d)[ \t]+(${UNIT})(?=$|[\s,.;:)\]）、，。；：-])`, 'gu');
/** A comparison and its number: "< 1", "≥ 95". */
const SIGN_AND_NUMBER = /(^|\s)([<>≤≥±~≈]) (?=[\d.])/gu;

/**
 * Text in which no value parts from its unit, or a bound from its number, at a line end: the space
 * between becomes a no-break space ("785 nm", "50 mW", "< 1 %"). Only where a page shows it: the API's
 * text, the search index and the datasheets keep their spaces.
 */
export function bindUnits(text: string): string {
  if (!/\d/.test(text)) return text;
  return text.replace(SIGN_AND_NUMBER, `$1$2${NBSP}`).replace(NUMBER_AND_UNIT, `$1${NBSP}$2`);
}

/** A specification's value and unit, as one unbreakable whole at their join ("785 nm"). */
export const valueWithUnit = (value: string, unit: string | undefined): string =>
  bindUnits(unit ? `${value}${NBSP}${unit}` : value);
