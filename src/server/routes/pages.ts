import type { Hono } from 'hono';
import { sitePageList, slugHistory } from '#api/pages.ts';
import type { Db } from '../db/index.ts';
import { listSitePages, listSlugHistory } from '../db/site.ts';
import type { ReadCache } from '../read-cache.ts';
import { handleRead } from '../router.ts';

export function pagesRoutes(app: Hono, db: Db, reads: ReadCache | undefined): void {
  handleRead(app, db, reads, sitePageList, (_input, { language }) => listSitePages(db, language));
  handleRead(app, db, reads, slugHistory, () => listSlugHistory(db));
}
