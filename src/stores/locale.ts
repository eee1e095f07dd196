import { atom } from 'nanostores';
import type { Locale } from '#i18n/index.ts';

/** The page's locale, as `<html lang>` says; pages are built per locale, so it never changes in a page. */
export const $locale = atom<Locale>(
  typeof document !== 'undefined' && document.documentElement.lang === 'zh-CN' ? 'zh-CN' : 'en',
);
