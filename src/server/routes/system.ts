import type { Hono } from 'hono';
import { systemChanges, systemConfigList, systemConfigMeta } from '#api/system.ts';
import { changesSince } from '../db/changes.ts';
import type { Db } from '../db/index.ts';
import { getMeta, listConfig } from '../db/site.ts';
import type { ReadCache } from '../read-cache.ts';
import { handleBuilder, handleRead } from '../router.ts';

export function systemRoutes(app: Hono, db: Db, reads: ReadCache | undefined): void {
  handleRead(app, db, reads, systemConfigList, (_input, { language }) => listConfig(db, language));
  handleRead(app, db, reads, systemConfigMeta, (input, { language }) => getMeta(db, language, input.pageHome));
  // The change feed, for builds only (src/data/products/loader.ts): a page of an index range, no lock.
  handleBuilder(app, db, systemChanges, (input) => changesSince(db, input.since));
}
