import type { Queryable } from '../db/index.ts';
import { newToken, sha256 } from './token.ts';

// Editor accounts and their API tokens (migration 009). Tokens are 256-bit random, shown once, stored
// hashed; revoking marks them, so a revoked token is refused and stays on record.

/** An editor as a request made with one of their tokens sees them. */
export interface Editor {
  id: number;
  email: string;
}

/** Makes the editor if the email has none, and a new token for them: the only time the token is seen. */
export async function createEditorToken(
  db: Queryable,
  email: string,
): Promise<{ editor: Editor; token: string; created: boolean }> {
  const normalized = email.trim().toLowerCase();
  const inserted = await db.query<Editor>(
    'insert into editor (email) values ($1) on conflict (email) do nothing returning id, email',
    [normalized],
  );
  const [editor] =
    inserted.length > 0
      ? inserted
      : await db.query<Editor>('select id, email from editor where email = $1', [normalized]);
  if (!editor) throw new Error(`could not make an editor for ${normalized}`);
  const token = newToken();
  await db.query('insert into editor_token (editor_id, token_hash) values ($1, $2)', [editor.id, sha256(token)]);
  return { editor, token, created: inserted.length > 0 };
}

/** Revokes every live token of the editor with this email; answers how many (0 when there is no such editor). */
export async function revokeEditorTokens(db: Queryable, email: string): Promise<number> {
  const rows = await db.query(
    `update editor_token t set revoked_at = now() from editor e
     where e.id = t.editor_id and e.email = $1 and t.revoked_at is null returning t.id`,
    [email.trim().toLowerCase()],
  );
  return rows.length;
}

/** The editors, with how many live tokens each has. */
export async function listEditors(db: Queryable): Promise<(Editor & { tokens: number; lastUsedAt: Date | null })[]> {
  const rows = await db.query<{ id: number; email: string; tokens: number; last_used_at: string | null }>(
    `select e.id, e.email, count(t.id) filter (where t.revoked_at is null)::int as tokens, max(t.last_used_at) as last_used_at
     from editor e left join editor_token t on t.editor_id = e.id group by e.id order by e.email`,
  );
  return rows.map((row) => ({
    id: row.id,
    email: row.email,
    tokens: row.tokens,
    lastUsedAt: row.last_used_at ? new Date(row.last_used_at) : null,
  }));
}

/** The editor a bearer token belongs to, if it is live; notes when it was last used. */
export async function findEditor(db: Queryable, token: string): Promise<Editor | undefined> {
  if (!/^[A-Za-z0-9_-]{20,100}$/.test(token)) return undefined;
  const [editor] = await db.query<Editor>(
    `update editor_token t set last_used_at = now() from editor e
     where t.token_hash = $1 and t.revoked_at is null and e.id = t.editor_id
     returning e.id, e.email`,
    [sha256(token)],
  );
  return editor;
}
