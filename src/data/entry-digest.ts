import { createHash } from 'node:crypto';
import { getHook, HOOKS, setHook } from '#build/internals/hooks.ts';
import { LOCALES, type Locale, languageOf } from '#i18n/index.ts';
import type { Bilingual } from './bilingual.ts';

// The digests the incremental build's page keys are made of (cache-key.ts), apart from what makes them so
// that the products loader can make its entries' digests before the pages ask for them.

/** A short digest of any JSON value. */
export function digestOf(value: unknown): string {
  return createHash('sha256')
    .update(JSON.stringify(value) ?? '')
    .digest('base64url')
    .slice(0, 27);
}

type Entry = Bilingual<unknown>;

/** An entry's digests in one locale: of its whole record, and of what lists show of it (`listedDigest`). */
interface Digests {
  whole: string;
  listed: string;
}

/**
 * Each entry's digests by locale. Shared through `globalThis`, like the products themselves
 * (products/loader.ts): the loader's copy of this module and the build bundle's are two modules.
 */
const entryDigests =
  getHook<WeakMap<object, Map<Locale, Digests>>>(HOOKS.entryDigests) ??
  setHook(HOOKS.entryDigests, new WeakMap<object, Map<Locale, Digests>>());

function digestsOf(entry: Entry, locale: Locale): Digests {
  let byLocale = entryDigests.get(entry);
  if (!byLocale) {
    byLocale = new Map();
    entryDigests.set(entry, byLocale);
  }
  let digests = byLocale.get(locale);
  if (digests === undefined) {
    const record = entry[languageOf(locale)];
    if (record && typeof record === 'object' && 'related' in record && 'alternatives' in record) {
      // A product: its related and alternative cards are shown on its own page, never in a list of products.
      const { related, alternatives, ...listed } = record;
      const listedDigest = digestOf(listed);
      digests = { whole: digestOf([listedDigest, related, alternatives]), listed: listedDigest };
    } else {
      const whole = digestOf(record);
      digests = { whole, listed: whole };
    }
    byLocale.set(locale, digests);
  }
  return digests;
}

/**
 * The digest of one entry of a collection in a locale, made once per build: a product's two pages, two
 * payloads and every list that shows it key on it (at 10,000 products, digesting each every time took
 * over a second of every build).
 */
export const entryDigest = (entry: Entry, locale: Locale): string => digestsOf(entry, locale).whole;

/**
 * The digest of what a list of products (a category's pages, its finder data) shows of one: the record
 * without its related and alternative cards, so that renaming a product, which changes the cards of the
 * hundreds of products that relate to it, makes again only the list pages that show that product.
 */
export const listedDigest = (entry: Entry, locale: Locale): string => digestsOf(entry, locale).listed;

/** Entries digested at a time before the event loop gets a turn. */
const AT_ONCE = 250;

/**
 * Makes the entries' digests in every locale a slice at a time, each after a turn of the event loop: the
 * products loader starts it when it is done, so the digests are made while the build waits on Vite's
 * bundler (its main thread idles about half a second) rather than when the pages' keys ask for them.
 */
export async function digestInTurns(entries: readonly Entry[]): Promise<void> {
  for (let start = 0; start < entries.length; start += AT_ONCE) {
    await new Promise((resolve) => setImmediate(resolve));
    for (const entry of entries.slice(start, start + AT_ONCE)) {
      for (const locale of LOCALES) digestsOf(entry, locale);
    }
  }
}
