import type { Hono } from 'hono';
import { editorFileUpload } from '#api/editor-files.ts';
import type { Db } from '../db/index.ts';
import { handleEditor } from '../router.ts';
import { storeUpload } from '../uploads/store.ts';

/** Editors' files (issue 39, item 4): an upload, checked by its content and kept in the database. */
export function editorFileRoutes(app: Hono, db: Db): void {
  handleEditor(app, db, editorFileUpload, ({ file }, { actor }) => storeUpload(db, actor, file));
}
