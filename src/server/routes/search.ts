import type { Hono } from 'hono';
import { productSelectKeyword, productSelectProduct } from '#api/search.ts';
import type { Db } from '../db/index.ts';
import { handle } from '../router.ts';
import { cachedAnswer } from '../search/cache.ts';
import { search, suggest } from '../search/search.ts';

export function searchRoutes(app: Hono, db: Db): void {
  // Suggestions repeat (every visitor typing "spec" asks the same): answered once per content version.
  handle(app, db, productSelectKeyword, (input, { language }) =>
    cachedAnswer(db, `${language}\u0000${input.keyWord}`, () => suggest(db, language, input.keyWord)),
  );
  handle(app, db, productSelectProduct, (input, { language }) => search(db, language, input));
}
