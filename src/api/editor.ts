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

export const BuildStatus = v.picklist(['queued', 'building', 'published', 'failed']);

export const editorRebuild = defineCall({
  method: 'POST',
  path: '/editor/rebuild',
  tag: 'editor',
  summary:
    'Asks for the site to be built again from the content as it is now and published; answers at once. A trigger while a build waits joins that build (coalesced: true), so triggers during a build give one more build.',
  request: v.object({ language: LanguageField }),
  response: v.object({ buildId: v.string(), status: BuildStatus, coalesced: v.boolean() }),
});

export const editorBuildStatus = defineCall({
  method: 'POST',
  path: '/editor/build/status',
  tag: 'editor',
  summary:
    'Where a build is: queued, building (pages done of about how many, and an estimate), published (the release, timings, pages rendered and reused) or failed (the reason). 404 for an unknown build.',
  request: v.object({
    language: LanguageField,
    buildId: v.pipe(v.string(), v.maxLength(64, 'validation.tooLong')),
  }),
  response: v.object({
    buildId: v.string(),
    status: BuildStatus,
    requestedBy: v.string(),
    requestedAt: v.string(),
    startedAt: v.nullable(v.string()),
    finishedAt: v.nullable(v.string()),
    /** Milliseconds from start to publish (or failure). */
    ms: v.nullable(v.number()),
    pagesTotal: v.nullable(v.number()),
    pagesRendered: v.number(),
    pagesReused: v.number(),
    etaMs: v.nullable(v.number()),
    /** Content changes since the build before it (the change feed), when it has started. */
    changes: v.nullable(v.number()),
    release: v.nullable(v.string()),
    error: v.nullable(v.string()),
  }),
});
