// `npm run editor -- create --email E | revoke --email E | list`: editor accounts and their API tokens.
// `create` prints a new token once (an editor may hold several: one per tool); `revoke` ends all of an
// editor's tokens. On the embedded database under DATA_DIR (stop the server first: PGlite is one
// process's), or on DATABASE_URL.

import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import * as v from 'valibot';
import { Email } from '#api/fields.ts';
import { createEditorToken, listEditors, revokeEditorTokens } from '#server/auth/editors.ts';
import { serverConfig } from '#server/config.ts';
import { openDb } from '#server/db/index.ts';
import { migrate } from '#server/db/migrate.ts';

const USAGE = `Usage:
  npm run editor -- create --email E    makes the editor if new, and prints a new API token (shown once)
  npm run editor -- revoke --email E    revokes every token of that editor
  npm run editor -- list                the editors and how many live tokens each has
Editors call /api/editor/… with the header "Authorization: Bearer <token>".
On the embedded database (DATA_DIR) while the server is stopped, or on DATABASE_URL.`;

function usage(problem: string): never {
  console.error(`${problem}\n\n${USAGE}`);
  process.exit(2);
}

function parse() {
  try {
    return parseArgs({ allowPositionals: true, options: { email: { type: 'string' }, help: { type: 'boolean' } } });
  } catch (error) {
    usage((error as Error).message);
  }
}
const { values, positionals } = parse();
if (values.help) {
  console.log(USAGE);
  process.exit(0);
}
const [command, ...rest] = positionals;
if (rest.length > 0) usage(`${command} takes no other argument.`);
let email = '';
if (command === 'create' || command === 'revoke') {
  const parsed = v.safeParse(Email, values.email ?? '');
  if (!parsed.success) usage(`${command} takes --email with a valid email address.`);
  email = parsed.output;
} else if (command !== 'list') {
  usage(command === undefined ? 'Say what to do: create, revoke or list.' : `Unknown command "${command}".`);
}

const config = serverConfig();
const dataDir = join(config.dataDir, 'pglite');
if (!config.databaseUrl && !existsSync(dataDir)) {
  console.error(`No embedded database under ${dataDir}: set DATA_DIR (or DATABASE_URL) to the server's.`);
  process.exit(1);
}
const db = await openDb({ url: config.databaseUrl, dataDir });
try {
  await migrate(db);
  if (command === 'create') {
    const { token, created } = await createEditorToken(db, email);
    console.error(`${created ? 'Made editor' : 'New token for editor'} ${email}. The token, shown this once:`);
    console.log(token);
  } else if (command === 'revoke') {
    const count = await revokeEditorTokens(db, email);
    console.log(
      count === 0 ? `No live token for ${email}.` : `Revoked ${count} token${count === 1 ? '' : 's'} of ${email}.`,
    );
  } else {
    const editors = await listEditors(db);
    console.log(`${editors.length} editor${editors.length === 1 ? '' : 's'}${editors.length > 0 ? ':' : '.'}`);
    for (const editor of editors)
      console.log(
        `${editor.email}  ${editor.tokens} live token${editor.tokens === 1 ? '' : 's'}` +
          (editor.lastUsedAt
            ? `, last used ${editor.lastUsedAt.toISOString().slice(0, 16).replace('T', ' ')} UTC`
            : ''),
      );
  }
} finally {
  await db.close();
}
