import type { Hono } from 'hono';
import { productSelectKeyword, productSelectProduct } from '../../api/search.ts';
import type { Db } from '../db/index.ts';
import { handle } from '../router.ts';
import { search, suggest } from '../search/search.ts';

export function searchRoutes(app: Hono, db: Db): void {
  handle(app, db, productSelectKeyword, (input, { language }) => suggest(db, language, input.keyWord));
  handle(app, db, productSelectProduct, (input, { language }) => search(db, language, input));
}
