import type { Locale } from '../i18n/index.ts';

/** The cookie that remembers a chosen language; LocaleDetect.astro reads it on every page. */
const COOKIE = 'locale';
const ONE_YEAR = 365 * 24 * 60 * 60;

/** The current location's path, query and hash in a locale: bare for English, under /zh-CN for Chinese. */
export function locationIn(locale: Locale, { pathname, search, hash }: Location): string {
  const bare = pathname === '/zh-CN' || pathname.startsWith('/zh-CN/') ? pathname.slice(6) || '/' : pathname;
  const path = locale === 'zh-CN' ? `/zh-CN${bare === '/' ? '' : bare}` : bare;
  return path + search + hash;
}

/** Remembers the language picked with `[data-locale-switch]` for a year and loads the page in it. */
export function setUpLocaleSwitch(header: HTMLElement): void {
  for (const link of header.querySelectorAll<HTMLAnchorElement>('[data-locale-switch]')) {
    link.addEventListener('click', (event) => {
      if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey) return;
      const locale: Locale = link.dataset.localeSwitch === 'zh-CN' ? 'zh-CN' : 'en';
      event.preventDefault();
      // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is async and missing from older Safari and in-app browsers.
      document.cookie = `${COOKIE}=${locale}; Max-Age=${ONE_YEAR}; Path=/; SameSite=Lax`;
      location.assign(locationIn(locale, location));
    });
  }
}
