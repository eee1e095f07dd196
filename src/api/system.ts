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

/** The most entities `/system/changes` lists; past it the answer says so and the reader reloads everything. */
export const CHANGES_LIMIT = 2_000;

export const ContentChange = v.object({
  entity: v.string(),
  id: v.string(),
  kind: v.picklist(['insert', 'update', 'delete']),
});
export type ContentChange = v.InferOutput<typeof ContentChange>;

export const systemChanges = defineCall({
  method: 'POST',
  path: '/system/changes',
  tag: 'system',
  summary:
    'Content entities changed after feed position `since`, each once with its last state, and the position to ask from next; ' +
    `complete is false (and changes empty) when more than ${CHANGES_LIMIT} changed: read everything again.`,
  request: v.object({
    language: LanguageField,
    since: v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(Number.MAX_SAFE_INTEGER)),
  }),
  response: v.object({
    until: v.number(),
    complete: v.boolean(),
    changes: v.array(ContentChange),
  }),
});
