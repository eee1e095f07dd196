// `npm run catalogue:import -- FILE.json`: many content changes at once, in the seed's shape
// (src/server/seed/types.ts, every part optional): categories by key with nested children, products by
// part number, solutions and articles by `id` (none: new ones), solution groups, settings, page meta and
// fixed pages. The whole file is checked first, then written in one transaction (decision 0023), each
// record into the audit trail as done by this shell (decision 0063). On the
// embedded database under DATA_DIR (stop the server first: PGlite is one process's), or on DATABASE_URL.

import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import * as v from 'valibot';
import { CatalogueFile } from '#api/catalogue-file.ts';
import { type MessageKey, t } from '#i18n/index.ts';
import { shellActor } from '#server/auth/actor.ts';
import { serverConfig } from '#server/config.ts';
import { type ImportCounts, importCatalogue } from '#server/db/catalogue-import.ts';
import { openDb } from '#server/db/index.ts';
import { migrate } from '#server/db/migrate.ts';
import { ApiError } from '#server/errors.ts';
import { describeIssue } from '#server/validate.ts';

const USAGE = `Usage: npm run catalogue:import -- FILE.json
FILE.json has the seed's shape (src/server/seed/types.ts); every part is optional:
  {"categories": […], "products": […], "solutionGroups": […], "solutions": […], "articles": […],
   "config": […], "meta": […], "pages": […]}
Categories are matched by key, products by partNumber, solutions and articles by id (none: created).
On the embedded database (DATA_DIR) while the server is stopped, or on DATABASE_URL.`;

function fail(problem: string, code = 2): never {
  console.error(problem);
  process.exit(code);
}

const args = process.argv.slice(2).filter((arg) => arg !== '--');
if (args.includes('--help') || args.includes('-h')) {
  console.log(USAGE);
  process.exit(0);
}
if (args.length !== 1) fail(`Give one file.\n\n${USAGE}`);
const path = args[0] as string;

let raw: unknown;
try {
  raw = JSON.parse(readFileSync(path, 'utf8'));
} catch (error) {
  const reason = (error as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such file' : (error as Error).message;
  fail(`${path}: cannot read it as JSON (${reason}).`);
}
const parsed = v.safeParse(CatalogueFile, raw, { abortEarly: true });
if (!parsed.success) fail(`${path}: ${describeIssue(parsed.issues[0], 'en')} Nothing was imported.`);

const config = serverConfig();
const dataDir = join(config.dataDir, 'pglite');
if (!config.databaseUrl && !existsSync(dataDir))
  fail(`No embedded database under ${dataDir}: set DATA_DIR (or DATABASE_URL) to the server's.`, 1);
const db = await openDb({ url: config.databaseUrl, dataDir });
let counts: ImportCounts | ApiError;
try {
  await migrate(db);
  counts = await importCatalogue(db, parsed.output, shellActor()).catch((error) => {
    if (error instanceof ApiError) return error;
    throw error;
  });
} finally {
  await db.close();
}
if (counts instanceof ApiError) {
  const params = { ...counts.params };
  if (typeof params.thing === 'string') params.thing = t('en', `api.thing.${params.thing}` as MessageKey);
  fail(`${path}: ${t('en', counts.key, params)} Nothing was imported.`);
}
const lines = Object.entries(counts)
  .filter(([, { created, updated }]) => created + updated > 0)
  .map(([part, { created, updated }]) => `  ${part}: ${created} created, ${updated} updated`);
console.log(lines.length > 0 ? `Imported ${path}:\n${lines.join('\n')}` : `${path} holds nothing to import.`);
