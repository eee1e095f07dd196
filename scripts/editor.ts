// `npm run editor -- create | revoke | list | history`: editor accounts, their roles and API tokens, and the
// audit trail (decision 0063). On DATABASE_URL, or the embedded database under DATA_DIR: while a server
// holds that one, through the server (its control channel). What it changes is in the trail, done by
// `shell:<user>@<host>`.

import * as v from 'valibot';
import { EDITOR_ROLES, type EditorRole, MAX_TOKEN_DAYS, TOKEN_DAYS, TokenName } from '#api/editor-accounts.ts';
import { Email } from '#api/fields.ts';
import { shellActor } from '#server/auth/actor.ts';
import { openOps } from '#server/control/client.ts';
import { describeFailure } from '#server/control/ops.ts';
import { DataDirInUseError } from '#server/db/lock.ts';
import { commandLine, serverDatabase } from './cli.ts';

const USAGE = `Usage:
  npm run editor -- create --email E [--role editor|admin] [--name N] [--days D]
      makes the editor if new (role editor unless --role), sets the role of one who exists when --role is
      given, and prints a new API token, shown once: named token-N unless --name, lasting ${TOKEN_DAYS} days
      unless --days (at most ${MAX_TOKEN_DAYS})
  npm run editor -- revoke --email E [--name N]
      revokes that editor's token of that name, or every token of theirs
  npm run editor -- list
      the editors, their roles and their live tokens
  npm run editor -- history [--editor E] [--entity KIND[:KEY]] [--action A] [--date DAY | --since DAY --until DAY]
                            [--limit N] [--json]
      the audit trail, newest first (50 entries unless --limit): --editor an email, or "shell"; --entity
      product, category, solution, article, meta, config, build, release, token or editor, with :KEY for one
      record (product:12, config:salesEmail); days as YYYY-MM-DD (UTC), or ISO times
Roles: editor (content, meta, rebuilds and rollbacks), admin (that, and site settings, mail routing and
editor accounts). Editors call /api/editor/… with the header "Authorization: Bearer <token>".
On DATABASE_URL, or the embedded database under DATA_DIR (through the server while one runs on it).`;

const cli = commandLine(USAGE, {
  email: { type: 'string' },
  role: { type: 'string' },
  name: { type: 'string' },
  days: { type: 'string' },
  editor: { type: 'string' },
  entity: { type: 'string' },
  action: { type: 'string' },
  date: { type: 'string' },
  since: { type: 'string' },
  until: { type: 'string' },
  limit: { type: 'string' },
  json: { type: 'boolean' },
});
const { values, rest, usage } = cli;
const command = cli.command ?? usage('Say what to do: create, revoke, list or history.');
if (!['create', 'revoke', 'list', 'history'].includes(command)) usage(`Unknown command "${command}".`);
if (rest.length > 0) usage(`${command} takes no other argument.`);

const allowed: Record<string, string[]> = {
  create: ['email', 'role', 'name', 'days'],
  revoke: ['email', 'name'],
  list: [],
  history: ['editor', 'entity', 'action', 'date', 'since', 'until', 'limit', 'json'],
};
const stray = Object.keys(values).find((option) => option !== 'help' && !allowed[command]?.includes(option));
if (stray) usage(`${command} takes no --${stray}.`);

let email = '';
if (command === 'create' || command === 'revoke') {
  const parsed = v.safeParse(Email, values.email ?? '');
  email = parsed.success ? parsed.output : usage(`${command} takes --email with a valid email address.`);
}
if (values.role !== undefined && !EDITOR_ROLES.includes(values.role as EditorRole))
  usage(`--role is editor or admin, not "${values.role}".`);
if (values.name !== undefined && !v.is(TokenName, values.name))
  usage('--name is a letter or digit followed by up to 63 letters, digits, dots, dashes or underscores.');
const whole = (option: 'days' | 'limit', max: number) => {
  const text = values[option];
  if (text === undefined) return undefined;
  const n = Number(text);
  if (!Number.isInteger(n) || n < 1 || n > max) usage(`--${option} is a whole number from 1 to ${max}.`);
  return n;
};
const days = whole('days', MAX_TOKEN_DAYS);
const limit = whole('limit', 10_000) ?? 50;
const when = /^\d{4}-\d{2}-\d{2}([T ][\d:.]+(Z|[+-]\d{2}:?\d{2})?)?$/;
for (const option of ['date', 'since', 'until'] as const) {
  const text = values[option];
  if (text !== undefined && (!when.test(text) || Number.isNaN(Date.parse(text))))
    usage(`--${option} is a day as YYYY-MM-DD, or an ISO time.`);
}
if (values.date && (values.since || values.until)) usage('--date is one day: give it, or --since and --until.');
const [entity, key] = values.entity?.split(/:(.*)/s) ?? [];
if (entity !== undefined && !/^[a-z][a-z-]{0,31}$/.test(entity))
  usage(`--entity is a kind of record such as product, or product:12; not "${values.entity}".`);

const database = serverDatabase();

const utc = (iso: string) => `${iso.slice(0, 19).replace('T', ' ')} UTC`;
const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
const shortJson = (value: unknown, max = 300) => {
  const text = JSON.stringify(value);
  return text.length > max ? `${text.slice(0, max)}… (${text.length} characters; --json shows all)` : text;
};

const session = await openOps({ databaseUrl: database.url, dataDir: database.dataDir, actor: shellActor() }).catch(
  (error) => {
    if (error instanceof DataDirInUseError)
      console.error(`${error.message} (It answers no control calls: another tool, or a server of an older version.)`);
    else console.error((error as Error).message);
    process.exit(1);
  },
);
try {
  if (session.where === 'server') console.error(`(through the server, process ${session.serverPid})`);
  if (command === 'create') {
    const made = await session.run('editor.create', {
      email,
      role: values.role as EditorRole,
      name: values.name,
      days,
    });
    console.error(
      `${made.created ? 'Made editor' : 'New token for editor'} ${made.email} (role ${made.role}): token "${made.name}", ` +
        `valid until ${utc(made.expiresAt)}, shown this once:`,
    );
    console.log(made.token);
  } else if (command === 'revoke') {
    const { count } = await session.run('editor.revoke', { email, name: values.name });
    const named = values.name === undefined ? '' : ` named "${values.name}"`;
    if (count === 0) console.log(`No live token${named} for ${email}.`);
    else console.log(`Revoked ${named ? `the token${named}` : plural(count, 'token')} of ${email}.`);
  } else if (command === 'list') {
    const { editors, tokens } = await session.run('editor.list', {});
    console.log(`${plural(editors.length, 'editor')}${editors.length > 0 ? ':' : '.'}`);
    for (const editor of editors) {
      console.log(
        `${editor.email}  ${editor.role}  ${plural(editor.liveTokens, 'live token')}` +
          (editor.lastUsedAt ? `, last used ${utc(editor.lastUsedAt)}` : ''),
      );
      for (const token of tokens.filter((item) => item.email === editor.email))
        console.log(
          `  ${token.name} (${token.kind}, id ${token.id})  until ${utc(token.expiresAt)}` +
            (token.lastUsedAt ? `, last used ${utc(token.lastUsedAt)}` : ', never used'),
        );
    }
  } else {
    const page = await session.run('history', {
      actor: values.editor,
      entity,
      key,
      action: values.action,
      since: values.date ?? values.since,
      until: values.date ?? values.until,
      pageSize: limit,
    });
    if (values.json) for (const entry of page.records) console.log(JSON.stringify(entry));
    else {
      console.log(
        page.total === 0
          ? 'No entries.'
          : `${page.records.length} ${page.records.length === 1 ? 'entry' : 'entries'} of ${page.total}, newest first:`,
      );
      for (const entry of page.records) {
        const by = `${entry.actor} via ${entry.via}${entry.address ? ` from ${entry.address}` : ''}`;
        const what = `${entry.action} ${entry.entity} ${entry.key}${entry.label && entry.label !== entry.key ? ` (${entry.label})` : ''}`;
        console.log(`#${entry.id} ${utc(entry.at)}  ${by}  ${what}`);
        if (entry.before !== null) console.log(`    before: ${shortJson(entry.before)}`);
        if (entry.detail !== null) console.log(`    what: ${shortJson(entry.detail)}`);
      }
    }
  }
} catch (error) {
  console.error(describeFailure(error));
  process.exitCode = 1;
} finally {
  await session.close();
}
