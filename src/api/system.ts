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

/**
 * The most entities a reader of `/system/changes` follows one by one (the products loader); past it, reading
 * everything again is cheaper.
 */
export const CHANGES_LIMIT = 2_000;

export const ContentChange = v.object({
  entity: v.string(),
  id: v.string(),
  kind: v.picklist(['insert', 'update', 'delete']),
});
export type ContentChange = v.InferOutput<typeof ContentChange>;

/** A position in the change feed. */
const FeedPosition = v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(Number.MAX_SAFE_INTEGER));

export const systemChanges = defineCall({
  method: 'POST',
  path: '/system/changes',
  tag: 'system',
  summary:
    'For builds (an editor token, or the key a builder hands its own build): content entities changed after ' +
    'feed position `since`, each once with its last state, a page at a time, and the position to ask from next; ' +
    '`more` when the rest follows from there. `complete` is false (and changes empty) when the changes since ' +
    '`since` cannot be listed (pruned, or too many at once): read everything again. Without `since`, only the ' +
    'position now.',
  request: v.object({
    language: LanguageField,
    since: v.optional(FeedPosition),
  }),
  response: v.object({
    until: v.number(),
    complete: v.boolean(),
    more: v.boolean(),
    changes: v.array(ContentChange),
  }),
});
