import { readFileSync } from 'node:fs';
import { pluralCategories, pluralFormOf } from './plural.ts';

const read = (name: string): Record<string, unknown> =>
  JSON.parse(readFileSync(new URL(`../../i18n/${name}.json`, import.meta.url), 'utf8'));

/**
 * Throws when i18n/zh-CN.json does not have exactly the keys of i18n/en.json (the source of truth), or
 * the editors' messages (i18n/editor/) or the workspace's text (i18n/workspace/) theirs; or when an
 * editors' message is also one of the site's.
 */
export function checkLocaleFiles(): void {
  checkPair('', read('en'), read('zh-CN'));
  checkPair('editor/', read('editor/en'), read('editor/zh-CN'));
  checkPair('workspace/', read('workspace/en'), read('workspace/zh-CN'));
  const site = read('en');
  const twice = Object.keys(read('editor/en')).filter((key) => key in site);
  if (twice.length > 0) throw new Error(`In both en.json and editor/en.json: ${twice.join(', ')}`);
}

/**
 * A plural form (`key.one`) belongs in a locale exactly when its language has that category, and beside
 * its `other` form (the key itself): English has `one`, Chinese none.
 */
function pluralProblems(file: string, locale: string, messages: Record<string, unknown>): string[] {
  const categories = pluralCategories(locale);
  return Object.keys(messages).flatMap((key) => {
    const form = pluralFormOf(key);
    if (!form) return [];
    if (!(form.base in messages)) return [`${file}: ${key} has no ${form.base} (its "other" form)`];
    return categories.includes(form.category) ? [] : [`${file}: ${key}, but ${locale} has no "${form.category}" form`];
  });
}

export function checkPair(folder: string, en: Record<string, unknown>, zh: Record<string, unknown>): void {
  // A plural form one language has and the other lacks is not a missing key.
  const missing = Object.keys(en).filter((key) => !(key in zh) && !pluralFormOf(key));
  const extra = Object.keys(zh).filter((key) => !(key in en) && !pluralFormOf(key));
  const empty = Object.keys(zh).filter((key) => typeof zh[key] !== 'string' || zh[key].trim() === '');
  const problems = [
    ...pluralProblems(`${folder}en.json`, 'en', en),
    ...pluralProblems(`${folder}zh-CN.json`, 'zh-CN', zh),
    ...missing.map((key) => `missing in ${folder}zh-CN.json: ${key}`),
    ...extra.map((key) => `not in ${folder}en.json: ${key}`),
    ...empty.map((key) => `empty in ${folder}zh-CN.json: ${key}`),
  ];
  if (problems.length > 0) throw new Error(`The locale files differ:\n  ${problems.join('\n  ')}`);
}
