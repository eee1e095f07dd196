import * as v from 'valibot';
import { defineCall, LanguageField, LanguageRequest } from './common.ts';

export const ConfigItem = v.object({ configName: v.string(), configValue: v.string() });
export type ConfigItem = v.InferOutput<typeof ConfigItem>;

export const systemConfigList = defineCall({
  method: 'POST',
  path: '/system/config/list',
  tag: 'system',
  summary: 'Site settings: sales mailbox, phone, WhatsApp and WeChat, postal code.',
  request: LanguageRequest,
  response: v.array(ConfigItem),
});

/** One item of a page's metaJson. */
export const MetaItem = v.object({ name: v.string(), content: v.string() });
export type MetaItem = v.InferOutput<typeof MetaItem>;

export const systemConfigMeta = defineCall({
  method: 'POST',
  path: '/system/config/meta',
  tag: 'system',
  summary: "A page's meta; metaJson is a JSON list of {name, content}.",
  request: v.object({
    language: LanguageField,
    pageHome: v.pipe(v.string(), v.regex(/^[a-z][a-z0-9-]{0,39}$/, 'pageHome is a page key such as "home".')),
  }),
  response: v.object({ pageHome: v.string(), metaJson: v.string() }),
});
