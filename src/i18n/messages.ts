import editorEn from '../../i18n/editor/en.json' with { type: 'json' };
import editorZh from '../../i18n/editor/zh-CN.json' with { type: 'json' };
import en from '../../i18n/en.json' with { type: 'json' };
import zhCN from '../../i18n/zh-CN.json' with { type: 'json' };

// Every locale's UI text, for the server, the build and tests. A browser bundle gets messages.client.ts instead
// (package.json `imports`, condition `browser`): the text of the page's locale only. The editors' messages
// (i18n/editor/: their calls' answers, uploads) are the server's and the workspace's, never in a visitor's page.

/** A key of the UI text; en.json (and editor/en.json for the editors' calls) is the source of truth. */
export type MessageKey = keyof typeof en | keyof typeof editorEn;

/** The UI text by locale (a plural form only where the language has it); a browser holds only the page's locale. */
export const messages: Partial<Record<'en' | 'zh-CN', Partial<Record<MessageKey, string>>>> = {
  en: { ...en, ...editorEn },
  'zh-CN': { ...zhCN, ...editorZh },
};
