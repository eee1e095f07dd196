import type { Hono } from 'hono';
import {
  editorArticleList,
  editorCategoryList,
  editorConfigList,
  editorMetaList,
  editorProductList,
  editorSolutionList,
} from '#api/editor-lists.ts';
import { listConfig, listMeta, listProducts, listRecords } from '../db/editing/lists.ts';
import type { Db } from '../db/index.ts';
import { handleEditor } from '../router.ts';

/** The workspace's lists (issue 39, item 2): every record an editor may edit, published or not. */
export function editorListRoutes(app: Hono, db: Db): void {
  handleEditor(app, db, editorProductList, ({ language, ...request }) => listProducts(db, language, request));
  handleEditor(app, db, editorCategoryList, ({ language, ...request }) =>
    listRecords(db, language, 'category', request),
  );
  handleEditor(app, db, editorSolutionList, ({ language, ...request }) =>
    listRecords(db, language, 'solution', request),
  );
  handleEditor(app, db, editorArticleList, ({ language, ...request }) => listRecords(db, language, 'article', request));
  handleEditor(app, db, editorMetaList, (request) => listMeta(db, request));
  handleEditor(app, db, editorConfigList, (request) => listConfig(db, request), 'admin');
}
