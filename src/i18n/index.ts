import type { Language } from '#api/common.ts';
import { type MessageKey, messages } from '#i18n/messages';
import { type PluralForms, pluralCategories, pluralKey } from './plural.ts';

export type { MessageKey };

/** The site's locales; English is the default and has no path prefix. */
export const LOCALES = ['en', 'zh-CN'] as const;
export type Locale = (typeof LOCALES)[number];
const DEFAULT_LOCALE: Locale = 'en';

/**
 * The text for a key in a locale, with `{{name}}` placeholders filled in. A numeric `count` chooses the
 * message's plural form where the locale has one (src/i18n/plural.ts): "1 product", "2 products".
 */
export function t(locale: Locale, key: MessageKey, params: Record<string, string | number> = {}): string {
  const dictionary = messages[locale];
  const form =
    typeof params.count === 'number' ? dictionary?.[pluralKey(locale, key, params.count) as MessageKey] : undefined;
  const template = form ?? dictionary?.[key] ?? messages.en?.[key] ?? key;
  // Most messages have no parameter; a page asks for a hundred or so.
  if (!template.includes('{{')) return template;
  return template.replace(/\{\{(\w+)\}\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole));
}

/** A message's plural forms in a locale, unfilled: for a browser module that counts on its own. */
export function pluralForms(locale: Locale, key: MessageKey): PluralForms {
  const forms: PluralForms = { other: t(locale, key) };
  for (const category of pluralCategories(locale)) {
    const form = messages[locale]?.[`${key}.${category}` as MessageKey];
    if (form) forms[category] = form;
  }
  return forms;
}

/** The API's language for a locale. */
export const languageOf = (locale: Locale): Language => (locale === 'zh-CN' ? 'zh' : 'en');

/** The locale for an API language. */
export const localeOf = (language: Language): Locale => (language === 'zh' ? 'zh-CN' : 'en');

/** A path in a locale: bare for English, under /zh-CN for Chinese. */
export function localePath(locale: Locale, path: string): string {
  const clean = path.startsWith('/') ? path : `/${path}`;
  if (locale === DEFAULT_LOCALE) return clean;
  return clean === '/' ? `/${locale}` : `/${locale}${clean}`;
}
