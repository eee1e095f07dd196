// `npm run outbox -- list [--failed]` and `npm run outbox -- retry <id>|--all-failed`: the mail the
// outbox has not sent, and a way to send again what it gave up on (after MAX_ATTEMPTS failed tries).
// On the embedded database under DATA_DIR (stop the server first: PGlite is one process's), or on
// DATABASE_URL.

import { migrate } from '#server/db/migrate.ts';
import { listOutbox, MAX_ATTEMPTS, type OutboxEntry, retryFailed } from '#server/mail/outbox.ts';
import { commandLine, openServerDb, serverDatabase, wholeNumber } from './cli.ts';

const USAGE = `Usage:
  npm run outbox -- list [--failed]      the mail not sent yet; --failed: only what was given up
  npm run outbox -- retry <id>           puts a failed message back to pending, with ${MAX_ATTEMPTS} new tries
  npm run outbox -- retry --all-failed   puts every failed message back to pending
On the embedded database (DATA_DIR) while the server is stopped, or on DATABASE_URL.`;

const { values, command, rest, usage } = commandLine(USAGE, {
  failed: { type: 'boolean' },
  'all-failed': { type: 'boolean' },
});
let retryId: number | 'all' | undefined;
if (command === 'list') {
  if (rest.length > 0 || values['all-failed']) usage('list takes no argument but --failed.');
} else if (command === 'retry') {
  if (values.failed) usage('retry takes an id or --all-failed, not --failed.');
  const id = rest.length === 1 ? wholeNumber(rest[0]) : undefined;
  if (values['all-failed'] && rest.length === 0) retryId = 'all';
  else if (!values['all-failed'] && id !== undefined) retryId = id;
  else usage('retry takes one message id (a whole number, as list shows it) or --all-failed.');
} else {
  usage(command === undefined ? 'Say what to do: list or retry.' : `Unknown command "${command}".`);
}

const database = serverDatabase();
const db = await openServerDb(database);
const where = db.kind === 'pglite' ? database.dataDir : 'DATABASE_URL';

const time = (date: Date) => date.toISOString().slice(0, 16).replace('T', ' ');
function describe(entry: OutboxEntry): string {
  const state =
    entry.state === 'failed'
      ? `failed after ${entry.attempts} tries, given up ${time(entry.at)} UTC`
      : `pending, ${entry.attempts} of ${MAX_ATTEMPTS} tries so far, next ${time(entry.at)} UTC`;
  const lines = [`#${entry.id}  ${state}`, `    to ${entry.to}: ${entry.subject.slice(0, 100)}`];
  if (entry.lastError) lines.push(`    last error: ${entry.lastError.slice(0, 200)}`);
  return lines.join('\n');
}

try {
  // The failed_at column comes with a migration; running them is what the server does at start too.
  await migrate(db);
  if (retryId === undefined) {
    const { entries, total } = await listOutbox(db, { failedOnly: values.failed === true });
    const what = values.failed ? 'failed' : 'unsent';
    console.log(`${total} ${what} message${total === 1 ? '' : 's'} in ${where}${total > 0 ? ':' : '.'}`);
    for (const entry of entries) console.log(describe(entry));
    if (total > entries.length) console.log(`… and ${total - entries.length} more.`);
  } else {
    const ids = await retryFailed(db, retryId);
    if (retryId !== 'all' && ids.length === 0) {
      console.error(`Message ${retryId} is not a failed message in ${where} (\`npm run outbox -- list\` shows them).`);
      process.exitCode = 1;
    } else {
      console.log(
        `${ids.length} message${ids.length === 1 ? '' : 's'} back to pending${ids.length > 0 ? ` (${ids.map((id) => `#${id}`).join(', ')})` : ''}: ` +
          'a running server sends pending mail within seconds, a stopped one when it starts.',
      );
    }
  }
} finally {
  await db.close();
}
