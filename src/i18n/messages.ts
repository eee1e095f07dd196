import en from '../../i18n/en.json' with { type: 'json' };
import zhCN from '../../i18n/zh-CN.json' with { type: 'json' };

// Every locale's UI text, for the server, the build and tests. A browser bundle gets messages.client.ts instead
// (package.json `imports`, condition `browser`): the text of the page's locale only.

/** A key of the UI text; en.json is the source of truth. */
export type MessageKey = keyof typeof en;

/** The UI text by locale; a browser holds only the page's locale. */
export const messages: Partial<Record<'en' | 'zh-CN', Record<MessageKey, string>>> = { en, 'zh-CN': zhCN };
