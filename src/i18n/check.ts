import { readFileSync } from 'node:fs';

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

function checkPair(folder: string, en: Record<string, unknown>, zh: Record<string, unknown>): void {
  const missing = Object.keys(en).filter((key) => !(key in zh));
  const extra = Object.keys(zh).filter((key) => !(key in en));
  const empty = Object.keys(zh).filter((key) => typeof zh[key] !== 'string' || zh[key].trim() === '');
  const problems = [
    ...missing.map((key) => `missing in ${folder}zh-CN.json: ${key}`),
    ...extra.map((key) => `not in ${folder}en.json: ${key}`),
    ...empty.map((key) => `empty in ${folder}zh-CN.json: ${key}`),
  ];
  if (problems.length > 0) throw new Error(`The locale files differ:\n  ${problems.join('\n  ')}`);
}
