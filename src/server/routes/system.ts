import type { Hono } from 'hono';
import { systemConfigList, systemConfigMeta } from '../../api/system.ts';
import { getMeta, listConfig } from '../db/catalogue.ts';
import type { Db } from '../db/index.ts';
import { handle } from '../router.ts';

export function systemRoutes(app: Hono, db: Db): void {
  handle(app, db, systemConfigList, (_input, { language }) => listConfig(db, language));
  handle(app, db, systemConfigMeta, (input, { language }) => getMeta(db, language, input.pageHome));
}
