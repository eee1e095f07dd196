import type { Hono } from 'hono';
import {
  editorAccountList,
  editorAccountSave,
  editorHistory,
  editorMe,
  editorTokenCreate,
  editorTokenList,
  editorTokenRevoke,
} from '#api/editor-accounts.ts';
import { createEditorToken, listEditors, listTokens, revokeTokenById, saveEditorAccount } from '../auth/editors.ts';
import { listAudit } from '../db/audit.ts';
import type { Db } from '../db/index.ts';
import { ApiError } from '../errors.ts';
import { handleEditor } from '../router.ts';

/** Who editors are: themselves, their tokens, the accounts (admins only) and the audit trail. */
export function editorAccountRoutes(app: Hono, db: Db): void {
  handleEditor(app, db, editorMe, async (_input, { editor }) => ({
    email: editor.email,
    role: editor.role,
    token: { id: editor.tokenId, name: editor.tokenName, kind: editor.tokenKind, expiresAt: editor.expiresAt },
  }));
  handleEditor(app, db, editorTokenList, ({ email, ended }, { editor }) => {
    if (email !== undefined && email !== editor.email && editor.role !== 'admin')
      throw new ApiError(403, 'api.editor.othersTokens');
    return listTokens(db, { email: email === '*' ? undefined : (email ?? editor.email), ended });
  });
  handleEditor(app, db, editorTokenCreate, async ({ name, days }, { editor, actor }) => {
    const made = await createEditorToken(db, editor.email, { name, days, actor });
    return { id: made.tokenId, name: made.name, token: made.token, expiresAt: made.expiresAt };
  });
  handleEditor(app, db, editorTokenRevoke, async ({ id }, { editor, actor }) => {
    const revoked = await revokeTokenById(db, actor, id, editor.role === 'admin' ? undefined : editor.id);
    if (!revoked) throw new ApiError(404, 'api.notFound', { thing: 'token', id });
    return { id, revoked: true as const };
  });
  handleEditor(app, db, editorAccountList, () => listEditors(db), 'admin');
  handleEditor(
    app,
    db,
    editorAccountSave,
    ({ email, role }, { actor }) => saveEditorAccount(db, actor, email, role),
    'admin',
  );
  handleEditor(app, db, editorHistory, ({ language: _language, ...filter }) => listAudit(db, filter));
}
