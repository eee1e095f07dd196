import { readFileSync } from 'node:fs';

const read = (name: string): Record<string, unknown> =>
  JSON.parse(readFileSync(new URL(`../../i18n/${name}.json`, import.meta.url), 'utf8'));

/**
 * Throws when i18n/zh-CN.json does not have exactly the keys of i18n/en.json (the source of truth), or
 * the workspace's i18n/workspace/zh-CN.json those of its en.json.
 */
export function checkLocaleFiles(): void {
  checkPair('', read('en'), read('zh-CN'));
  checkPair('workspace/', read('workspace/en'), read('workspace/zh-CN'));
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
