import * as v from 'valibot';
import { defineCall, Id, IdRequest, LanguageField } from './common.ts';
import {
  ArticleFields,
  CategoryFields,
  ConfigFields,
  ConfigName,
  checkMailRouting,
  MetaFields,
  PageKey,
  ProductFields,
  SolutionFields,
} from './editor-fields.ts';
import { Version } from './editor-records.ts';

// The editors' calls (issue 16), under /editor/, with `Authorization: Bearer <token>`.

/**
 * The version a save was made from (editorRecordItem's): when sent, the save is refused with 409 naming
 * who changed the record since. Left out, a save overwrites as it always has.
 */
const Versioned = {
  version: v.optional(Version),
  /** A new record: refused with 409 when one with the same key (part number, key, page, name) exists. */
  create: v.optional(v.literal(true)),
};

export const editorConfigSave = defineCall({
  method: 'POST',
  path: '/editor/config/save',
  tag: 'editor',
  summary:
    'Admins only: sets one site setting (the footer contact details and the like) in both languages, creating it when new. Recorded in the change feed for the next build. A setting that routes mail (`salesEmail`) takes a list of up to five addresses, separated by commas, the same in both languages (or the Chinese empty); a change to it is mailed to the old and the new addresses.',
  request: v.pipe(v.object({ language: LanguageField, ...ConfigFields, ...Versioned }), checkMailRouting()),
  response: v.object({ configName: v.string(), created: v.boolean() }),
});

/** What a save answers: the record's id, and whether it was new. */
const Saved = { id: Id, created: v.boolean() };
const Deleted = v.object({ id: Id, deleted: v.literal(true) });
const PublishRequest = v.object({ language: LanguageField, id: Id, published: v.boolean() });
const PublishAnswer = v.object({ id: Id, published: v.boolean() });

export const editorCategorySave = defineCall({
  method: 'POST',
  path: '/editor/category/save',
  tag: 'editor',
  summary:
    'Creates or updates a category by its key, in both languages; its slug follows the English name (old slugs redirect). 400 naming an unknown parent; 409 when a published category would sit under an unpublished one.',
  request: v.object({ language: LanguageField, ...CategoryFields, ...Versioned }),
  response: v.object({ ...Saved, key: v.string() }),
});

export const editorCategoryPublish = defineCall({
  method: 'POST',
  path: '/editor/category/publish',
  tag: 'editor',
  summary:
    'Publishes or unpublishes a category: an unpublished one leaves the lists, search and the next build. 409 while published products, child categories or articles are in it, or to publish one under an unpublished parent.',
  request: PublishRequest,
  response: PublishAnswer,
});

export const editorCategoryDelete = defineCall({
  method: 'POST',
  path: '/editor/category/delete',
  tag: 'editor',
  summary: 'Deletes a category. 409 while it has child categories, products or articles; 404 for an unknown id.',
  request: IdRequest,
  response: Deleted,
});

export const editorProductSave = defineCall({
  method: 'POST',
  path: '/editor/product/save',
  tag: 'editor',
  summary:
    'Creates or updates a product by its part number with its specifications, options, alternatives, related products, resources, pictures and performance curves (a save is the whole product: lists left out become empty). Curves: at most 6, each of 1 to 8 series of 2 to 2,000 points (x increasing, as many y values), 20,000 points in all. 400 naming an unknown category or part number, or the curve value at fault.',
  request: v.object({ language: LanguageField, ...ProductFields, ...Versioned }),
  response: v.object({ ...Saved, partNumber: v.string() }),
});

export const editorProductDelete = defineCall({
  method: 'POST',
  path: '/editor/product/delete',
  tag: 'editor',
  summary:
    'Deletes a product, its parts, and its place in carts, favourites, solutions and other products’ lists; orders keep their own copy of each line. 404 for an unknown id.',
  request: IdRequest,
  response: Deleted,
});

export const editorSolutionSave = defineCall({
  method: 'POST',
  path: '/editor/solution/save',
  tag: 'editor',
  summary:
    'Creates a solution, or updates the one with `id`, in both languages; its body HTML is cleaned. 404 for an unknown id.',
  request: v.object({ language: LanguageField, ...SolutionFields, ...Versioned }),
  response: v.object(Saved),
});

export const editorSolutionPublish = defineCall({
  method: 'POST',
  path: '/editor/solution/publish',
  tag: 'editor',
  summary: 'Publishes or unpublishes a solution. 404 for an unknown id.',
  request: PublishRequest,
  response: PublishAnswer,
});

export const editorSolutionDelete = defineCall({
  method: 'POST',
  path: '/editor/solution/delete',
  tag: 'editor',
  summary: 'Deletes a solution. 404 for an unknown id.',
  request: IdRequest,
  response: Deleted,
});

export const editorArticleSave = defineCall({
  method: 'POST',
  path: '/editor/article/save',
  tag: 'editor',
  summary:
    'Creates an article, or updates the one with `id`, in both languages; its body HTML is cleaned. 400 naming an unknown category; 409 to publish it in an unpublished one; 404 for an unknown id.',
  request: v.object({ language: LanguageField, ...ArticleFields, ...Versioned }),
  response: v.object(Saved),
});

export const editorArticlePublish = defineCall({
  method: 'POST',
  path: '/editor/article/publish',
  tag: 'editor',
  summary:
    'Publishes or unpublishes an article (a saved article leaves customers’ lists while unpublished). 404 for an unknown id.',
  request: PublishRequest,
  response: PublishAnswer,
});

export const editorArticleDelete = defineCall({
  method: 'POST',
  path: '/editor/article/delete',
  tag: 'editor',
  summary: 'Deletes an article (and customers’ saves of it). 404 for an unknown id.',
  request: IdRequest,
  response: Deleted,
});

export const editorMetaSave = defineCall({
  method: 'POST',
  path: '/editor/meta/save',
  tag: 'editor',
  summary: 'Sets the meta tags of one page in both languages (the whole list), creating it when new.',
  request: v.object({ language: LanguageField, ...MetaFields, ...Versioned }),
  response: v.object({ page: v.string(), created: v.boolean() }),
});

export const editorMetaDelete = defineCall({
  method: 'POST',
  path: '/editor/meta/delete',
  tag: 'editor',
  summary: 'Deletes the meta tags of one page: it falls back to the home page’s. 404 for a page without its own.',
  request: v.object({ language: LanguageField, page: PageKey }),
  response: v.object({ page: v.string(), deleted: v.literal(true) }),
});

export const editorConfigDelete = defineCall({
  method: 'POST',
  path: '/editor/config/delete',
  tag: 'editor',
  summary:
    'Admins only: deletes one site setting. 404 for an unknown name; 409 for a setting that routes mail (set other addresses instead).',
  request: v.object({ language: LanguageField, configName: ConfigName }),
  response: v.object({ configName: v.string(), deleted: v.literal(true) }),
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

const BuildStatus = v.picklist(['queued', 'building', 'published', 'failed']);

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
    /** When published: the pages of the products, solutions and articles it took up (paths without the locale). */
    changedPages: v.array(v.object({ entity: v.string(), label: v.string(), path: v.string() })),
  }),
});

/** A release's id: its build's (`20250301120000123-a1b2c3`, or what BUILD_ID named it). */
const ReleaseId = v.pipe(v.string(), v.regex(/^[A-Za-z0-9][A-Za-z0-9._-]{0,99}$/, 'validation.releaseId'));

export const editorReleaseList = defineCall({
  method: 'POST',
  path: '/editor/release/list',
  tag: 'editor',
  summary:
    'The releases kept (five, oldest first), the published one marked, each with when it was published and, from the build that made it, who asked, how many content changes it took up and its pages rendered and reused. 409 from an API process that does not publish the site.',
  request: v.object({ language: LanguageField }),
  response: v.array(
    v.object({
      id: v.string(),
      current: v.boolean(),
      publishedAt: v.nullable(v.string()),
      /** From the build that made it, when this database knows it: who asked, content changes, pages. */
      requestedBy: v.nullable(v.string()),
      changes: v.nullable(v.number()),
      pagesRendered: v.nullable(v.number()),
      pagesReused: v.nullable(v.number()),
    }),
  ),
});

export const editorReleaseRollback = defineCall({
  method: 'POST',
  path: '/editor/release/rollback',
  tag: 'editor',
  summary:
    'Publishes the release before the current one again, or the one named: the site switches at once. 404 for a release not kept; 409 when there is none before, or from an API process that does not publish the site.',
  request: v.object({ language: LanguageField, release: v.optional(ReleaseId) }),
  response: v.object({ from: v.string(), to: v.string() }),
});
