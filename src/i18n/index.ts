import en from '../../i18n/en.json' with { type: 'json' };
import zhCN from '../../i18n/zh-CN.json' with { type: 'json' };
import type { Language } from '../api/common.ts';

/** The site's locales; English is the default and has no path prefix. */
export const LOCALES = ['en', 'zh-CN'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'en';

/** A key of the UI text; en.json is the source of truth. */
export type MessageKey = keyof typeof en;

const messages: Record<Locale, Record<MessageKey, string>> = { en, 'zh-CN': zhCN };

/** The text for a key in a locale, with `{{name}}` placeholders filled in. */
export function t(locale: Locale, key: MessageKey, params: Record<string, string | number> = {}): string {
  const template = messages[locale][key] ?? en[key] ?? key;
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
