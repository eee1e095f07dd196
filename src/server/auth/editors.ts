import type { AccountRecord, EditorRole, TokenRecord } from '#api/editor-accounts.ts';
import { TOKEN_DAYS } from '#api/editor-accounts.ts';
import { recordAudit } from '../db/audit.ts';
import type { Db, Queryable } from '../db/index.ts';
import { iso } from '../db/rows.ts';
import { ApiError } from '../errors.ts';
import { type Actor, shellActor } from './actor.ts';
import { newToken, sha256 } from './token.ts';

// Editor accounts and their tokens (migrations 009 and 013, decision 0063). An editor has a role; a token
// has a name, an end, and is shown once and stored hashed; revoking marks it, so a revoked token is
// refused and stays on record. Every change here goes into the audit trail in its own transaction.

/** An editor as a request made with one of their tokens sees them, and the token it came with. */
export interface Editor {
  id: number;
  email: string;
  role: EditorRole;
  tokenId: number;
  tokenName: string;
  tokenKind: 'api' | 'session';
  expiresAt: string;
}

const normal = (email: string) => email.trim().toLowerCase();

/** Refuses to leave the site without an admin: 409 when `email` is the only one. */
async function keepAnAdmin(tx: Queryable, email: string): Promise<void> {
  const admins = await tx.query<{ email: string }>("select email from editor where role = 'admin' for update");
  if (admins.length === 1 && admins[0]?.email === email) throw new ApiError(409, 'api.editor.lastAdmin', { email });
}

/**
 * Makes the editor if new (with `role`, or `editor`), or sets an existing editor's role when `role` is
 * given; answers the editor and whether it was made.
 */
async function ensureEditor(
  tx: Queryable,
  actor: Actor,
  email: string,
  role: EditorRole | undefined,
): Promise<{ editor: { id: number; email: string; role: EditorRole }; created: boolean }> {
  // Role changes take turns, so two admins cannot demote each other at once and leave none.
  await tx.query("select pg_advisory_xact_lock(hashtext('editor-roles'))");
  const [known] = await tx.query<{ id: number; email: string; role: EditorRole }>(
    'select id, email, role from editor where email = $1',
    [email],
  );
  if (!known) {
    const [made] = await tx.query<{ id: number; email: string; role: EditorRole }>(
      'insert into editor (email, role) values ($1, $2) returning id, email, role',
      [email, role ?? 'editor'],
    );
    if (!made) throw new Error(`could not make an editor for ${email}`);
    await recordAudit(tx, actor, [
      { action: 'create', entity: 'editor', key: email, label: email, detail: { email, role: made.role } },
    ]);
    return { editor: made, created: true };
  }
  if (role === undefined || role === known.role) return { editor: known, created: false };
  if (known.role === 'admin') await keepAnAdmin(tx, email);
  await tx.query('update editor set role = $2 where id = $1', [known.id, role]);
  await recordAudit(tx, actor, [
    {
      action: 'role',
      entity: 'editor',
      key: email,
      label: email,
      before: { email, role: known.role },
      detail: { role },
    },
  ]);
  return { editor: { ...known, role }, created: false };
}

/** Makes an editor account with a role, or changes its role (admins, and `npm run editor -- create --role`). */
export async function saveEditorAccount(
  db: Db,
  actor: Actor,
  email: string,
  role: EditorRole,
): Promise<{ email: string; role: EditorRole; created: boolean }> {
  return db.transaction(async (tx) => {
    const { editor, created } = await ensureEditor(tx, actor, normal(email), role);
    return { email: editor.email, role: editor.role, created };
  });
}

export interface NewToken {
  editor: { id: number; email: string; role: EditorRole };
  /** Whether the editor was made by this call. */
  created: boolean;
  /** The token itself: the only time it is seen. */
  token: string;
  tokenId: number;
  name: string;
  expiresAt: string;
}

/**
 * Makes the editor if the email has none (with `role`, or `editor`; an existing editor's role is set when
 * `role` is given), and a new token for them, named (`token-N` unless given) and lasting `days` (or `hours`). 409 while
 * the editor has a live token of that name. `actor` defaults to this process as a shell.
 */
export async function createEditorToken(
  db: Db,
  email: string,
  options: {
    role?: EditorRole | undefined;
    name?: string | undefined;
    days?: number | undefined;
    /** Instead of days: a workspace sign-in's hours. */
    hours?: number | undefined;
    kind?: 'api' | 'session';
    actor?: Actor;
  } = {},
): Promise<NewToken> {
  const actor = options.actor ?? shellActor();
  return db.transaction(async (tx) => {
    const { editor, created } = await ensureEditor(tx, actor, normal(email), options.role);
    await tx.query('select pg_advisory_xact_lock(hashtext($1))', [`editor-tokens:${editor.id}`]);
    // An expired token no one revoked lets go of its name.
    await tx.query(
      `update editor_token set revoked_at = expires_at
       where editor_id = $1 and revoked_at is null and expires_at <= now()`,
      [editor.id],
    );
    let name = options.name;
    if (name === undefined) {
      const [count] = await tx.query<{ n: number }>(
        'select count(*)::int as n from editor_token where editor_id = $1',
        [editor.id],
      );
      name = `token-${(count?.n ?? 0) + 1}`;
    }
    const [taken] = await tx.query(
      'select 1 from editor_token where editor_id = $1 and name = $2 and revoked_at is null',
      [editor.id, name],
    );
    if (taken) throw new ApiError(409, 'api.editor.tokenNameTaken', { email: editor.email, name });
    const token = newToken();
    const kind = options.kind ?? 'api';
    const [row] = await tx.query<{ id: number; expires_at: string }>(
      `insert into editor_token (editor_id, token_hash, name, kind, expires_at)
       values ($1, $2, $3, $4, now() + make_interval(days => $5, hours => $6)) returning id, expires_at`,
      [
        editor.id,
        sha256(token),
        name,
        kind,
        options.hours === undefined ? (options.days ?? TOKEN_DAYS) : 0,
        options.hours ?? 0,
      ],
    );
    if (!row) throw new Error('a token insert answered nothing');
    const expiresAt = iso(row.expires_at);
    await recordAudit(tx, actor, [
      {
        action: 'create',
        entity: 'token',
        key: row.id,
        label: `${editor.email} ${name}`,
        detail: { email: editor.email, name, kind, expiresAt },
      },
    ]);
    return { editor, created, token, tokenId: row.id, name, expiresAt };
  });
}

const TOKEN_COLUMNS = `t.id, e.email, t.name, t.kind, t.created_at, t.expires_at, t.last_used_at, t.revoked_at`;

interface TokenRow {
  id: number;
  email: string;
  name: string;
  kind: 'api' | 'session';
  created_at: string;
  expires_at: string;
  last_used_at: string | null;
  revoked_at: string | null;
}

function tokenRecord(row: TokenRow): TokenRecord {
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    kind: row.kind,
    createdAt: iso(row.created_at),
    expiresAt: iso(row.expires_at),
    lastUsedAt: row.last_used_at ? iso(row.last_used_at) : null,
    revokedAt: row.revoked_at ? iso(row.revoked_at) : null,
    state: row.revoked_at ? 'revoked' : Date.parse(iso(row.expires_at)) <= Date.now() ? 'expired' : 'live',
  };
}

/** Revokes tokens and notes each in the trail; answers what was revoked. */
async function revokeWhere(tx: Queryable, actor: Actor, where: string, params: unknown[]): Promise<TokenRecord[]> {
  const rows = await tx.query<TokenRow>(
    `update editor_token t set revoked_at = now() from editor e
     where e.id = t.editor_id and t.revoked_at is null and t.expires_at > now() and ${where}
     returning ${TOKEN_COLUMNS.replace('t.revoked_at', 'null as revoked_at')}`,
    params,
  );
  const revoked = rows.map(tokenRecord);
  await recordAudit(
    tx,
    actor,
    revoked.map((token) => ({
      action: 'revoke',
      entity: 'token',
      key: token.id,
      label: `${token.email} ${token.name}`,
      before: token,
    })),
  );
  return revoked;
}

/**
 * Revokes the live tokens of the editor with this email, or only the one named; answers how many (0 when
 * there is no such editor or token).
 */
export async function revokeEditorTokens(
  db: Db,
  email: string,
  options: { name?: string | undefined; actor?: Actor } = {},
): Promise<number> {
  return db.transaction(async (tx) => {
    const params: unknown[] = [normal(email)];
    let where = 'e.email = $1';
    if (options.name !== undefined) {
      params.push(options.name);
      where += ' and t.name = $2';
    }
    return (await revokeWhere(tx, options.actor ?? shellActor(), where, params)).length;
  });
}

/** Revokes one live token by id, only if it belongs to `ownerId` when given; answers whether it did. */
export async function revokeTokenById(db: Db, actor: Actor, id: number, ownerId?: number): Promise<boolean> {
  return db.transaction(async (tx) => {
    const where = ownerId === undefined ? 't.id = $1' : 't.id = $1 and t.editor_id = $2';
    const revoked = await revokeWhere(tx, actor, where, ownerId === undefined ? [id] : [id, ownerId]);
    return revoked.length > 0;
  });
}

/** Tokens newest first: one editor's (by email) or everyone's, live ones only unless `ended`. */
export async function listTokens(
  db: Queryable,
  { email, ended = false }: { email?: string | undefined; ended?: boolean } = {},
): Promise<TokenRecord[]> {
  const where = [
    ...(email === undefined ? [] : ['e.email = $1']),
    ...(ended ? [] : ['t.revoked_at is null and t.expires_at > now()']),
  ];
  const rows = await db.query<TokenRow>(
    `select ${TOKEN_COLUMNS} from editor_token t join editor e on e.id = t.editor_id
     ${where.length > 0 ? `where ${where.join(' and ')}` : ''} order by t.created_at desc, t.id desc`,
    email === undefined ? [] : [normal(email)],
  );
  return rows.map(tokenRecord);
}

/** The editors, with their role, how many live tokens each has, and when one was last used. */
export async function listEditors(db: Queryable): Promise<AccountRecord[]> {
  const rows = await db.query<{
    email: string;
    role: EditorRole;
    created_at: string;
    tokens: number;
    last_used_at: string | null;
  }>(
    `select e.email, e.role, e.created_at,
       count(t.id) filter (where t.revoked_at is null and t.expires_at > now())::int as tokens,
       max(t.last_used_at) as last_used_at
     from editor e left join editor_token t on t.editor_id = e.id group by e.id order by e.email`,
  );
  return rows.map((row) => ({
    email: row.email,
    role: row.role,
    createdAt: iso(row.created_at),
    liveTokens: row.tokens,
    lastUsedAt: row.last_used_at ? iso(row.last_used_at) : null,
  }));
}

/** The editor a bearer token belongs to, if it is live (not revoked, not expired); notes when it was used. */
export async function findEditor(db: Queryable, token: string): Promise<Editor | undefined> {
  if (!/^[A-Za-z0-9_-]{20,100}$/.test(token)) return undefined;
  const [row] = await db.query<{
    id: number;
    email: string;
    role: EditorRole;
    token_id: number;
    name: string;
    kind: 'api' | 'session';
    expires_at: string;
  }>(
    `update editor_token t set last_used_at = now() from editor e
     where t.token_hash = $1 and t.revoked_at is null and t.expires_at > now() and e.id = t.editor_id
     returning e.id, e.email, e.role, t.id as token_id, t.name, t.kind, t.expires_at`,
    [sha256(token)],
  );
  if (!row) return undefined;
  return {
    id: row.id,
    email: row.email,
    role: row.role,
    tokenId: row.token_id,
    tokenName: row.name,
    tokenKind: row.kind,
    expiresAt: iso(row.expires_at),
  };
}
