import { chmodSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Db } from '../db/index.ts';
import { createEditorToken } from './editors.ts';

// `npm start` on the embedded database is a demo on one machine: on its first run it makes an admin
// editor with a token, so the editors' workspace can be tried at once, and says how to sign in. The token
// is kept beside the database, readable by its owner only, so every later start can say it again.

export const DEMO_EDITOR = 'editor@lumenlab.example';
const TOKEN_FILE = 'demo-editor-token.txt';

/**
 * The demo editor's email and token: made when the database has no editor yet and no token was kept,
 * read from `<dataDir>/demo-editor-token.txt` after. Undefined when editors were made some other way.
 */
export async function demoEditor(db: Db, dataDir: string): Promise<{ email: string; token: string } | undefined> {
  const file = join(dataDir, TOKEN_FILE);
  if (existsSync(file)) return { email: DEMO_EDITOR, token: readFileSync(file, 'utf8').trim() };
  const [any] = await db.query('select 1 from editor limit 1');
  if (any) return undefined;
  const made = await createEditorToken(db, DEMO_EDITOR, { role: 'admin', name: 'demo', days: 365 });
  writeFileSync(file, `${made.token}\n`, { mode: 0o600 });
  chmodSync(file, 0o600);
  return { email: DEMO_EDITOR, token: made.token };
}
