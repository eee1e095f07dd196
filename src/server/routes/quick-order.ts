import type { Hono } from 'hono';
import { productMatchParts } from '#api/quick-order.ts';
import type { Db } from '../db/index.ts';
import { handle } from '../router.ts';
import { matchParts } from '../search/parts.ts';

// Not a cached read (handleRead): a line's ship date depends on today as well as on the catalogue.
export function quickOrderRoutes(app: Hono, db: Db): void {
  handle(app, db, productMatchParts, ({ lines }, { language }) => matchParts(db, language, lines));
}
