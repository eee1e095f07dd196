import type { Hono } from 'hono';
import {
  editorArticleDelete,
  editorArticlePublish,
  editorArticleSave,
  editorBuildStatus,
  editorCategoryDelete,
  editorCategoryPublish,
  editorCategorySave,
  editorConfigDelete,
  editorConfigSave,
  editorMetaDelete,
  editorMetaSave,
  editorProductDelete,
  editorProductPublish,
  editorProductSave,
  editorRebuild,
  editorReleaseList,
  editorReleaseRollback,
  editorSolutionDelete,
  editorSolutionPublish,
  editorSolutionSave,
} from '#api/editor.ts';
import { buildStatus, type Releases } from '#build/queue.ts';
import type { Actor } from '../auth/actor.ts';
import { saveArticle } from '../db/editing/articles.ts';
import { deleteCategory, saveCategory, setCategoryPublished } from '../db/editing/categories.ts';
import { deleteRecord, type Edit, editContent, setPublished } from '../db/editing/edit.ts';
import { deleteProduct, saveProducts, setProductPublished } from '../db/editing/products.ts';
import { deleteConfig, deleteMeta, saveConfig, saveMeta } from '../db/editing/site.ts';
import { saveSolution } from '../db/editing/solutions.ts';
import { checkVersion } from '../db/editing/versions.ts';
import type { Db } from '../db/index.ts';
import { ApiError } from '../errors.ts';
import type { Outbox } from '../mail/outbox.ts';
import { changedPages, publisher, requestRebuild, rollbackRelease } from '../publishing.ts';
import { handleEditor } from '../router.ts';

export interface EditorRoutesOptions {
  db: Db;
  /** Sends the mail a write queued (a mail-routing change's notices). */
  outbox: Outbox;
  /** Wakes this process's builder, when it has one (startServer's `builder`). */
  onBuildRequested?: (() => void) | undefined;
  /** The releases this process publishes, when it has a builder. */
  releases?: (() => Releases | undefined) | undefined;
}

// Roles (decision 0063): `editor` for content, meta, rebuilds and releases; `admin` for settings (mail
// routing among them) and editor accounts (editor-accounts.ts). Every write goes into the audit trail
// with its actor.
export function editorRoutes(
  app: Hono,
  { db, outbox, onBuildRequested = () => {}, releases = () => undefined }: EditorRoutesOptions,
): void {
  // Content writes: each call is one transaction of db/editing/edit.ts (rules, search index, change feed, trail).
  const edit = <T>(actor: Actor, work: (edit: Edit) => Promise<T>) => editContent(db, actor, work);

  handleEditor(app, db, editorCategorySave, ({ language: _language, version, create, ...input }, { actor }) =>
    edit(actor, async (e) => {
      await checkVersion(e, 'category', input.key, { version, create });
      return saveCategory(e, input);
    }),
  );
  handleEditor(app, db, editorCategoryPublish, async ({ id, published }, { actor }) => {
    await edit(actor, (e) => setCategoryPublished(e, id, published));
    return { id, published };
  });
  handleEditor(app, db, editorCategoryDelete, async ({ id }, { actor }) => {
    await edit(actor, (e) => deleteCategory(e, id));
    return { id, deleted: true as const };
  });

  handleEditor(app, db, editorProductSave, async ({ language: _language, version, create, ...input }, { actor }) => {
    const [saved] = await edit(actor, async (e) => {
      await checkVersion(e, 'product', input.partNumber, { version, create });
      return saveProducts(e, [input]);
    });
    if (!saved) throw new Error('a product save answered nothing');
    return saved;
  });
  handleEditor(app, db, editorProductPublish, async ({ id, published }, { actor }) => {
    await edit(actor, (e) => setProductPublished(e, id, published));
    return { id, published };
  });
  handleEditor(app, db, editorProductDelete, async ({ id }, { actor }) => {
    await edit(actor, (e) => deleteProduct(e, id));
    return { id, deleted: true as const };
  });

  for (const [thing, publish, remove] of [
    ['solution', editorSolutionPublish, editorSolutionDelete],
    ['article', editorArticlePublish, editorArticleDelete],
  ] as const) {
    handleEditor(app, db, publish, async ({ id, published }, { actor }) => {
      await edit(actor, (e) => setPublished(e, thing, id, published));
      return { id, published };
    });
    handleEditor(app, db, remove, async ({ id }, { actor }) => {
      await edit(actor, (e) => deleteRecord(e, thing, id));
      return { id, deleted: true as const };
    });
  }
  handleEditor(app, db, editorSolutionSave, ({ language: _language, version, create, ...input }, { actor }) =>
    edit(actor, async (e) => {
      await checkVersion(e, 'solution', input.id, { version, create });
      return saveSolution(e, input);
    }),
  );
  handleEditor(app, db, editorArticleSave, ({ language: _language, version, create, ...input }, { actor }) =>
    edit(actor, async (e) => {
      await checkVersion(e, 'article', input.id, { version, create });
      return saveArticle(e, input);
    }),
  );

  handleEditor(app, db, editorMetaSave, async ({ page, meta, version, create }, { actor }) => ({
    page,
    created: await edit(actor, async (e) => {
      await checkVersion(e, 'meta', page, { version, create });
      return saveMeta(e, { page, meta });
    }),
  }));
  handleEditor(app, db, editorMetaDelete, async ({ page }, { actor }) => {
    await edit(actor, (e) => deleteMeta(e, page));
    return { page, deleted: true as const };
  });
  handleEditor(
    app,
    db,
    editorConfigSave,
    async ({ configName, configValue, version, create }, { actor }) => {
      const created = await edit(actor, async (e) => {
        await checkVersion(e, 'config', configName, { version, create });
        return saveConfig(e, { configName, configValue });
      });
      // A mail-routing change queued its notices.
      outbox.kick();
      return { configName, created };
    },
    'admin',
  );
  handleEditor(
    app,
    db,
    editorConfigDelete,
    async ({ configName }, { actor }) => {
      await edit(actor, (e) => deleteConfig(e, configName));
      return { configName, deleted: true as const };
    },
    'admin',
  );

  handleEditor(app, db, editorRebuild, async (_input, { actor }) => {
    const { buildId, coalesced } = await requestRebuild(db, actor);
    onBuildRequested();
    return { buildId, status: 'queued' as const, coalesced };
  });

  handleEditor(app, db, editorReleaseList, async () => {
    const kept = await publisher(releases()).list();
    const builds = await db.query<{
      release: string;
      requested_by: string;
      changes: number | null;
      pages_rendered: number;
      pages_reused: number;
    }>(
      `select release, requested_by, changes, pages_rendered, pages_reused from site_build
       where status = 'published' and release = any($1::text[])`,
      [kept.map((release) => release.id)],
    );
    const byRelease = new Map(builds.map((build) => [build.release, build]));
    return kept.map((release) => {
      const build = byRelease.get(release.id);
      return {
        ...release,
        requestedBy: build?.requested_by ?? null,
        changes: build?.changes ?? null,
        pagesRendered: build?.pages_rendered ?? null,
        pagesReused: build?.pages_reused ?? null,
      };
    });
  });
  handleEditor(app, db, editorReleaseRollback, ({ release }, { actor }) =>
    rollbackRelease(db, actor, publisher(releases()), release),
  );

  handleEditor(app, db, editorBuildStatus, async ({ buildId }) => {
    const row = await buildStatus(db, buildId);
    if (!row) throw new ApiError(404, 'api.notFound', { thing: 'build', id: buildId });
    const started = row.started_at ? Date.parse(row.started_at) : undefined;
    const finished = row.finished_at ? Date.parse(row.finished_at) : undefined;
    const iso = (value: string | null) => (value ? new Date(value).toISOString() : null);
    return {
      buildId: row.id,
      status: row.status,
      requestedBy: row.requested_by,
      requestedAt: new Date(row.requested_at).toISOString(),
      startedAt: iso(row.started_at),
      finishedAt: iso(row.finished_at),
      ms: started !== undefined ? (finished ?? Date.now()) - started : null,
      pagesTotal: row.pages_total,
      pagesRendered: row.pages_rendered,
      pagesReused: row.pages_reused,
      etaMs: row.eta_ms,
      changes: row.changes,
      release: row.release,
      error: row.error,
      changedPages: row.status === 'published' ? await changedPages(db, row.id) : [],
    };
  });
}
