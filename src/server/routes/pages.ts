import type { Hono } from 'hono';
import { sitePageList, slugHistory } from '#api/pages.ts';
import type { Db } from '../db/index.ts';
import { listSitePages, listSlugHistory } from '../db/site.ts';
import { handle } from '../router.ts';

export function pagesRoutes(app: Hono, db: Db): void {
  handle(app, db, sitePageList, (_input, { language }) => listSitePages(db, language));
  handle(app, db, slugHistory, () => listSlugHistory(db));
}
