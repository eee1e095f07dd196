import en from '../../i18n/workspace/en.json' with { type: 'json' };
import zhCN from '../../i18n/workspace/zh-CN.json' with { type: 'json' };
import type { Locale } from './index.ts';
import { pluralKey } from './plural.ts';

// The editors' workspace's own text (i18n/workspace/): its screens and the sign-in mail. Apart from the
// site's dictionary, which every visitor's page loads: nothing of the workspace reaches visitors' bytes.
// Both languages are here, since an editor switches between them on the page.

/** A key of the workspace's text; workspace/en.json is the source of truth. */
export type WorkspaceKey = keyof typeof en;

const dictionaries: Record<Locale, Partial<Record<WorkspaceKey, string>>> = { en, 'zh-CN': zhCN };

/** The workspace's text for a key in a locale, `{{name}}` placeholders filled in, plural by a numeric `count`. */
export function wt(locale: Locale, key: WorkspaceKey, params: Record<string, string | number> = {}): string {
  const form =
    typeof params.count === 'number'
      ? dictionaries[locale][pluralKey(locale, key, params.count) as WorkspaceKey]
      : undefined;
  const template = form ?? dictionaries[locale][key] ?? en[key];
  return template.replace(/\{\{(\w+)\}\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole));
}

/** Whether the workspace has a text for this key (a form's field label, a choice's name). */
export function hasWt(key: string): key is WorkspaceKey {
  return key in en;
}
