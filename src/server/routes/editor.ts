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
  editorSolutionDelete,
  editorSolutionPublish,
  editorSolutionSave,
} from '#api/editor.ts';
import { buildStatus, requestBuild } from '#build/queue.ts';
import { saveArticle } from '../db/editing/articles.ts';
import { deleteCategory, saveCategory, setCategoryPublished } from '../db/editing/categories.ts';
import { deleteRecord, type Edit, editContent, setPublished } from '../db/editing/edit.ts';
import { deleteProduct, saveProducts, setProductPublished } from '../db/editing/products.ts';
import { deleteConfig, deleteMeta, saveConfig, saveMeta } from '../db/editing/site.ts';
import { saveSolution } from '../db/editing/solutions.ts';
import type { Db } from '../db/index.ts';
import { ApiError } from '../errors.ts';
import { handleEditor } from '../router.ts';

/** `onBuildRequested` wakes this process's builder, when it has one (startServer's `builder`). */
export function editorRoutes(app: Hono, db: Db, onBuildRequested: () => void = () => {}): void {
  // Content writes: each call is one transaction of db/editing/edit.ts (rules, search index, change feed).
  const edit = <T>(work: (edit: Edit) => Promise<T>) => editContent(db, work);

  handleEditor(app, db, editorCategorySave, ({ language: _language, ...input }) => edit((e) => saveCategory(e, input)));
  handleEditor(app, db, editorCategoryPublish, async ({ id, published }) => {
    await edit((e) => setCategoryPublished(e, id, published));
    return { id, published };
  });
  handleEditor(app, db, editorCategoryDelete, async ({ id }) => {
    await edit((e) => deleteCategory(e, id));
    return { id, deleted: true as const };
  });

  handleEditor(app, db, editorProductSave, async ({ language: _language, ...input }) => {
    const [saved] = await edit((e) => saveProducts(e, [input]));
    if (!saved) throw new Error('a product save answered nothing');
    return saved;
  });
  handleEditor(app, db, editorProductPublish, async ({ id, published }) => {
    await edit((e) => setProductPublished(e, id, published));
    return { id, published };
  });
  handleEditor(app, db, editorProductDelete, async ({ id }) => {
    await edit((e) => deleteProduct(e, id));
    return { id, deleted: true as const };
  });

  for (const [thing, publish, remove] of [
    ['solution', editorSolutionPublish, editorSolutionDelete],
    ['article', editorArticlePublish, editorArticleDelete],
  ] as const) {
    handleEditor(app, db, publish, async ({ id, published }) => {
      await edit((e) => setPublished(e, thing, id, published));
      return { id, published };
    });
    handleEditor(app, db, remove, async ({ id }) => {
      await edit((e) => deleteRecord(e, thing, id));
      return { id, deleted: true as const };
    });
  }
  handleEditor(app, db, editorSolutionSave, ({ language: _language, ...input }) => edit((e) => saveSolution(e, input)));
  handleEditor(app, db, editorArticleSave, ({ language: _language, ...input }) => edit((e) => saveArticle(e, input)));

  handleEditor(app, db, editorMetaSave, async ({ page, meta }) => ({
    page,
    created: await edit((e) => saveMeta(e, { page, meta })),
  }));
  handleEditor(app, db, editorMetaDelete, async ({ page }) => {
    await edit((e) => deleteMeta(e, page));
    return { page, deleted: true as const };
  });
  handleEditor(app, db, editorConfigSave, async ({ configName, configValue }) => ({
    configName,
    created: await edit((e) => saveConfig(e, { configName, configValue })),
  }));
  handleEditor(app, db, editorConfigDelete, async ({ configName }) => {
    await edit((e) => deleteConfig(e, configName));
    return { configName, deleted: true as const };
  });

  handleEditor(app, db, editorRebuild, async (_input, { editor }) => {
    const { buildId, coalesced } = await requestBuild(db, editor.email);
    onBuildRequested();
    return { buildId, status: 'queued' as const, coalesced };
  });

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
    };
  });
}
