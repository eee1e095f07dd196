import type { Hono } from 'hono';
import {
  editorArticleList,
  editorCategoryList,
  editorConfigList,
  editorMetaList,
  editorProductList,
  editorSolutionList,
} from '#api/editor-lists.ts';
import { editorRecordItem } from '#api/editor-records.ts';
import { listConfig, listMeta, listProducts, listRecords } from '../db/editing/lists.ts';
import { readForForm } from '../db/editing/versions.ts';
import type { Db } from '../db/index.ts';
import { ApiError } from '../errors.ts';
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
  // One record for a form; settings only for admins, as their saves are.
  handleEditor(app, db, editorRecordItem, async ({ entity, key }, { editor }) => {
    if (entity === 'config' && editor.role !== 'admin')
      throw new ApiError(403, 'api.editor.forbidden', { role: editor.role });
    const item = await readForForm(db, entity, key);
    if (!item) throw new ApiError(404, 'api.editor.recordNotFound', { entity, key });
    return item;
  });
}
