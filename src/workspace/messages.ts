import type * as v from 'valibot';
import type { Locale } from '#i18n/index.ts';
import { issueMessages } from '#i18n/validation.ts';
import editorEn from '../../i18n/editor/en.json' with { type: 'json' };
import editorZh from '../../i18n/editor/zh-CN.json' with { type: 'json' };

// The contract's validation messages as the API words them, in either of the workspace's languages (it
// switches on the page). The site's dictionaries are loaded as the visitors' pages load them, by dynamic
// import: the same chunks, fetched when a form is first checked.

const dictionaries: Record<Locale, () => Promise<{ default: Record<string, string> }>> = {
  en: () => import('../../i18n/en.json', { with: { type: 'json' } }),
  'zh-CN': () => import('../../i18n/zh-CN.json', { with: { type: 'json' } }),
};

/** The editors' own messages (i18n/editor/), in the workspace's chunk: no visitor's page has them. */
const editorMessages: Record<Locale, Record<string, string>> = { en: editorEn, 'zh-CN': editorZh };

/** The first message per field path (`name.zh`), in the workspace's language. */
export async function contractErrors(issues: v.BaseIssue<unknown>[], locale: Locale): Promise<Record<string, string>> {
  const { default: dictionary } = await dictionaries[locale]();
  return issueMessages(issues, (key) => editorMessages[locale][key] ?? dictionary[key]);
}
