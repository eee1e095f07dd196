import type { Language } from '#api/common.ts';
import { type MessageKey, messages } from '#i18n/messages';

export type { MessageKey };

/** The site's locales; English is the default and has no path prefix. */
export const LOCALES = ['en', 'zh-CN'] as const;
export type Locale = (typeof LOCALES)[number];
const DEFAULT_LOCALE: Locale = 'en';

/** The text for a key in a locale, with `{{name}}` placeholders filled in. */
export function t(locale: Locale, key: MessageKey, params: Record<string, string | number> = {}): string {
  const template = messages[locale]?.[key] ?? messages.en?.[key] ?? key;
  // Most messages have no parameter; a page asks for a hundred or so.
  if (!template.includes('{{')) return template;
  return template.replace(/\{\{(\w+)\}\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole));
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
