import type { Hono } from 'hono';
import { editorConfigSave, editorProductPublish } from '../../api/editor.ts';
import type { Db } from '../db/index.ts';
import { ApiError } from '../errors.ts';
import { handleEditor } from '../router.ts';

export function editorRoutes(app: Hono, db: Db): void {
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
}
