import type { MessageKey } from './messages.ts';

// The browser's UI text: only the page's locale (`<html lang>`; pages are built per locale), loaded before
// any module that shows text runs, so `t()` stays synchronous. Half the bytes and parsing of both dictionaries.

const locale = document.documentElement.lang === 'zh-CN' ? 'zh-CN' : 'en';
// The editors' messages are not in it (messages.ts): no visitor's page shows them.
const dictionary = (
  locale === 'zh-CN'
    ? await import('../../i18n/zh-CN.json', { with: { type: 'json' } })
    : await import('../../i18n/en.json', { with: { type: 'json' } })
).default as Partial<Record<MessageKey, string>>;

/** The UI text by locale; a browser holds only the page's locale. */
export const messages: Partial<Record<'en' | 'zh-CN', Partial<Record<MessageKey, string>>>> = { [locale]: dictionary };
