import type { Hono } from 'hono';
import { editorBuildStatus, editorConfigSave, editorProductPublish, editorRebuild } from '../../api/editor.ts';
import type { Db } from '../db/index.ts';
import { ApiError } from '../errors.ts';
import { buildStatus, requestBuild } from '../rebuild.ts';
import { handleEditor } from '../router.ts';

/** `onBuildRequested` wakes this process's builder, when it has one (startServer's `builder`). */
export function editorRoutes(app: Hono, db: Db, onBuildRequested: () => void = () => {}): void {
  handleEditor(app, db, editorConfigSave, async ({ configName, configValue }) => {
    const [row] = await db.query<{ created: boolean }>(
      `insert into system_config (config_name, value_en, value_zh) values ($1, $2, $3)
       on conflict (config_name) do update set value_en = excluded.value_en, value_zh = excluded.value_zh
       returning (xmax = 0) as created`,
      [configName, configValue.en, configValue.zh],
    );
    return { configName, created: row?.created === true };
  });

  // The search rows follow `published` by trigger (migration 006), so this one statement is the whole change.
  handleEditor(app, db, editorProductPublish, async ({ id, published }) => {
    const rows = await db.query('update product set published = $2, updated_at = now() where id = $1 returning id', [
      id,
      published,
    ]);
    if (rows.length === 0) throw new ApiError(404, 'api.notFound', { thing: 'product', id });
    return { id, published };
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
