import * as v from 'valibot';
import { defineCall, LanguageField } from './common.ts';

// One record for the workspace's forms (issue 39, item 3): as its save call takes it, with the version a
// save sends back, so that two editors on one record are told before one overwrites the other.

/** The kinds of record the workspace edits in a form. */
export const FORM_ENTITIES = ['product', 'category', 'solution', 'article', 'meta', 'config'] as const;
export type FormEntity = (typeof FORM_ENTITIES)[number];

/**
 * A record's version: the number of the last entry of the audit trail about it (0 for none). A save that
 * sends the version it read is refused (409, naming who) when the record has changed since.
 */
export const Version = v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(Number.MAX_SAFE_INTEGER));

export const editorRecordItem = defineCall({
  method: 'POST',
  path: '/editor/record/item',
  tag: 'editor',
  summary:
    'One record as its save call takes it, published or not, by `entity` and `key` (the id of a product, category, solution or article; the page of meta tags; the name of a setting, admins only): with its `version` for the save to send back, who changed it last and when, and its translation: `staleFields` are the texts whose English changed after the Chinese was last saved. 404 for an unknown record.',
  request: v.object({
    language: LanguageField,
    entity: v.picklist(FORM_ENTITIES),
    key: v.pipe(v.string(), v.minLength(1, 'validation.required'), v.maxLength(200, 'validation.tooLong')),
  }),
  response: v.object({
    entity: v.picklist(FORM_ENTITIES),
    key: v.string(),
    label: v.string(),
    record: v.record(v.string(), v.unknown()),
    version: v.number(),
    changedBy: v.nullable(v.string()),
    changedAt: v.nullable(v.string()),
    /** When each language's text last changed (products, categories, solutions and articles). */
    enChangedAt: v.nullable(v.string()),
    zhChangedAt: v.nullable(v.string()),
    staleFields: v.array(v.string()),
  }),
});
export type RecordItem = v.InferOutput<typeof editorRecordItem.response>;

/** The kinds of record with a page of their own, which a preview shows. */
export const PREVIEW_ENTITIES = ['product', 'solution', 'article'] as const;

export const editorPreview = defineCall({
  method: 'POST',
  path: '/editor/preview',
  tag: 'editor',
  summary:
    'Builds the site from the content as saved now, unpublished, with the site’s own components, into a preview beside the published site, and answers where the page of one record (a product, solution or article, by id) is in it, in English and in Chinese: addresses on this server, valid while it runs, that nothing links to. A preview asked for while one builds waits for the next. 404 for an unknown record; 409 for an unpublished one (it has no page) or from an API process that does not publish the site.',
  request: v.object({
    language: LanguageField,
    entity: v.picklist(PREVIEW_ENTITIES),
    key: v.pipe(v.string(), v.regex(/^[1-9]\d{0,8}$/, 'validation.recordId')),
  }),
  response: v.object({
    /** The record's page in the preview, by language: `/preview/<key>/product/…`. */
    en: v.string(),
    zh: v.string(),
    ms: v.number(),
    rendered: v.number(),
    reused: v.number(),
  }),
});
