import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, test } from 'vitest';
import { openDb } from '../db/index.ts';
import { migrate } from '../db/migrate.ts';
import { DEMO_EDITOR, demoEditor } from './demo-editor.ts';
import { createEditorToken, findEditor } from './editors.ts';

const dir = mkdtempSync(join(tmpdir(), 'demo-editor-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

test('npm start makes an admin with a token on a database with no editor, keeps it readable by its owner only, and says it again', async () => {
  const db = await openDb();
  await migrate(db);
  const made = await demoEditor(db, dir);
  expect(made?.email).toBe(DEMO_EDITOR);
  expect((await findEditor(db, made?.token ?? ''))?.role).toBe('admin');
  expect(statSync(join(dir, 'demo-editor-token.txt')).mode & 0o777).toBe(0o600);
  expect(await demoEditor(db, dir)).toEqual(made);
  await db.close();
});

test('a database that has editors gets no demo editor', async () => {
  const db = await openDb();
  await migrate(db);
  await createEditorToken(db, 'someone@example.com');
  expect(await demoEditor(db, mkdtempSync(join(dir, 'other-')))).toBeUndefined();
  expect(await db.query('select 1 from editor where email = $1', [DEMO_EDITOR])).toEqual([]);
  await db.close();
});
