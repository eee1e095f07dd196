import type { Hono } from 'hono';
import { CHANGES_LIMIT, systemChanges, systemConfigList, systemConfigMeta } from '#api/system.ts';
import { changesSince } from '../db/changes.ts';
import type { Db } from '../db/index.ts';
import { getMeta, listConfig } from '../db/site.ts';
import { handle } from '../router.ts';

export function systemRoutes(app: Hono, db: Db): void {
  handle(app, db, systemConfigList, (_input, { language }) => listConfig(db, language));
  handle(app, db, systemConfigMeta, (input, { language }) => getMeta(db, language, input.pageHome));
  // The change feed for builds (src/data/products-loader.ts): read-only, one grouped query.
  handle(app, db, systemChanges, async (input) => {
    const { until, changes } = await changesSince(db, input.since);
    return changes.length > CHANGES_LIMIT
      ? { until, complete: false, changes: [] }
      : { until, complete: true, changes };
  });
}
