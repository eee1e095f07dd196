import type { Resource } from '#api/product.ts';
import { type Locale, type MessageKey, t } from '#i18n/index.ts';

// Which language each download is in, and its address in each: the build makes datasheets, manuals and
// application notes in English and Chinese, the Chinese file beside the English one with `.zh-CN` before
// its extension (/files/datasheets/LS-405-50.zh-CN.pdf), and software (its README and licence) in English
// only. A page links the file in its own language when there is one, and otherwise says which language the
// file it links is in.

/** The locales the build makes each kind of download in; the first is the file at the resource's own URL. */
export const FILE_LOCALES: Record<Resource['kind'], readonly [Locale, ...Locale[]]> = {
  datasheet: ['en', 'zh-CN'],
  manual: ['en', 'zh-CN'],
  'application-note': ['en', 'zh-CN'],
  software: ['en'],
};

/** A download the build makes: `/files/{folder}/{name}.pdf` or `.zip`. */
export const BUILT_FILE = /^\/files\/([\w.-]+)\/([\w.-]+\.(pdf|zip))$/;

/** The URL of a resource's file in one of its kind's locales; an address the build makes no file for, as it is. */
export function fileUrl(resource: Resource, locale: Locale): string {
  if (locale === FILE_LOCALES[resource.kind][0] || !BUILT_FILE.test(resource.url)) return resource.url;
  return resource.url.replace(/\.(pdf|zip)$/, `.${locale}.$1`);
}

export interface ResourceLink {
  /** The link's text: the title, and the file's language when it is not the page's: "LS-405-50 用户手册（英文）". */
  text: string;
  url: string;
  /** The file's language, when known: the link's `hreflang`. */
  language?: Locale;
}

/**
 * How a page in `locale` links a resource: to the build's file in that locale, else to the file the build
 * makes, saying its language. An editor's upload or an address elsewhere is linked as it is: its language
 * is not known.
 */
export function resourceLink(resource: Resource, locale: Locale): ResourceLink {
  const { title, url } = resource;
  if (!BUILT_FILE.test(url)) return { text: title, url };
  const locales = FILE_LOCALES[resource.kind];
  if (locales.includes(locale)) return { text: title, url: fileUrl(resource, locale), language: locale };
  const language = locales[0];
  return { text: t(locale, `resource.inLanguage.${language}` as MessageKey, { title }), url, language };
}
