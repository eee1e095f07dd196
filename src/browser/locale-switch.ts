import type { Locale } from '#i18n/index.ts';

/** The cookie that remembers a chosen language; LocaleDetect.astro reads it on every page. */
const COOKIE = 'locale';
const ONE_YEAR = 365 * 24 * 60 * 60;

/** Leading slashes and backslashes, which a browser may read as the start of another host (`//evil.example`). */
const LEADING_SLASHES = /^[/\\]+/;

/**
 * The current location's path, query and hash in a locale: bare for English, under /zh-CN for Chinese.
 * Always a path on the location's own origin: `/zh-CN//evil.example` gives `/evil.example`, not a host.
 */
export function locationIn(
  locale: Locale,
  { origin, pathname, search, hash }: Pick<Location, 'origin' | 'pathname' | 'search' | 'hash'>,
): string {
  const own = `/${pathname.replace(LEADING_SLASHES, '')}`;
  const chinese = own === '/zh-CN' || own.startsWith('/zh-CN/');
  const bare = chinese ? `/${own.slice(6).replace(LEADING_SLASHES, '')}` : own;
  const path = locale === 'zh-CN' ? `/zh-CN${bare === '/' ? '' : bare}` : bare;
  // The browser's own parsing decides (it drops tabs and newlines, for one): anything off the origin goes home.
  const target = new URL(path + search + hash, origin);
  if (target.origin !== origin) return locale === 'zh-CN' ? '/zh-CN' : '/';
  return target.pathname + target.search + target.hash;
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
