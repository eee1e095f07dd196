import * as v from 'valibot';
import { defineCall, Id, LanguageField } from './common.ts';

// The editors' calls (issue 16), under /editor/, with `Authorization: Bearer <token>`.

/** A text in both languages, as the editors write it. */
const Both = (max: number) =>
  v.object({
    en: v.pipe(v.string(), v.maxLength(max, 'validation.tooLong')),
    zh: v.pipe(v.string(), v.maxLength(max, 'validation.tooLong')),
  });

export const editorConfigSave = defineCall({
  method: 'POST',
  path: '/editor/config/save',
  tag: 'editor',
  summary:
    'Sets one site setting (the footer contact details and the like) in both languages, creating it when new. Recorded in the change feed for the next build.',
  request: v.object({
    language: LanguageField,
    configName: v.pipe(v.string(), v.regex(/^[A-Za-z][A-Za-z0-9]{0,63}$/, 'validation.configName')),
    configValue: Both(2000),
  }),
  response: v.object({ configName: v.string(), created: v.boolean() }),
});

export const editorProductPublish = defineCall({
  method: 'POST',
  path: '/editor/product/publish',
  tag: 'editor',
  summary:
    'Publishes or unpublishes a product: an unpublished product leaves the lists, search and the next build, and its page with it. 404 for an unknown id.',
  request: v.object({ language: LanguageField, id: Id, published: v.boolean() }),
  response: v.object({ id: Id, published: v.boolean() }),
});
