import * as v from 'valibot';
import { defineCall, Id, LanguageField, LanguageRequest, PageFields, page } from './common.ts';
import { Email } from './fields.ts';

// Who editors are, their tokens, and the audit trail (issue 38, decision 0063), under /editor/ with
// `Authorization: Bearer <token>`. The editors' workspace (issue 39) signs in and shows these.

/** `editor`: content, meta and rebuilds; `admin`: that, and site settings, mail routing and editor accounts. */
export const EDITOR_ROLES = ['editor', 'admin'] as const;
export type EditorRole = (typeof EDITOR_ROLES)[number];
const Role = v.picklist(EDITOR_ROLES);

/** How long a new token lasts unless told, and at most. */
export const TOKEN_DAYS = 90;
export const MAX_TOKEN_DAYS = 365;

/** A token's name: what its editor knows it by ('laptop', 'ci-deploy'); one live token per name. */
export const TokenName = v.pipe(v.string(), v.regex(/^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/, 'validation.editorTokenName'));

const TokenRecord = v.object({
  id: v.number(),
  email: v.string(),
  name: v.string(),
  /** `api`: made for a tool; `session`: a sign-in to the workspace. */
  kind: v.picklist(['api', 'session']),
  createdAt: v.string(),
  expiresAt: v.string(),
  lastUsedAt: v.nullable(v.string()),
  revokedAt: v.nullable(v.string()),
  state: v.picklist(['live', 'expired', 'revoked']),
});
export type TokenRecord = v.InferOutput<typeof TokenRecord>;

export const editorMe = defineCall({
  method: 'POST',
  path: '/editor/me',
  tag: 'editor',
  summary: 'The editor the token belongs to: email, role (what the workspace shows), and the token itself.',
  request: LanguageRequest,
  response: v.object({
    email: v.string(),
    role: Role,
    token: v.object({ id: v.number(), name: v.string(), kind: v.picklist(['api', 'session']), expiresAt: v.string() }),
  }),
});

export const editorTokenList = defineCall({
  method: 'POST',
  path: '/editor/token/list',
  tag: 'editor',
  summary:
    'Tokens, newest first: the caller’s own, or (admins only, else 403) another editor’s by `email`, or every editor’s with `email` "*". Ended (expired or revoked) ones only with `ended: true`.',
  request: v.object({
    language: LanguageField,
    email: v.optional(v.union([Email, v.literal('*')])),
    ended: v.optional(v.boolean(), false),
  }),
  response: v.array(TokenRecord),
});

export const editorTokenCreate = defineCall({
  method: 'POST',
  path: '/editor/token/create',
  tag: 'editor',
  summary: `Makes a new token for the caller, named, lasting \`days\` (${TOKEN_DAYS} unless given, at most ${MAX_TOKEN_DAYS}); the token is in this answer only. 409 while a live token of that name exists.`,
  request: v.object({
    language: LanguageField,
    name: TokenName,
    days: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(MAX_TOKEN_DAYS)), TOKEN_DAYS),
  }),
  response: v.object({ id: v.number(), name: v.string(), token: v.string(), expiresAt: v.string() }),
});

export const editorTokenRevoke = defineCall({
  method: 'POST',
  path: '/editor/token/revoke',
  tag: 'editor',
  summary:
    'Revokes one token by id: the caller’s own (the one in use too), or any editor’s for admins. 404 for an unknown or ended token.',
  request: v.object({ language: LanguageField, id: Id }),
  response: v.object({ id: v.number(), revoked: v.literal(true) }),
});

const AccountRecord = v.object({
  email: v.string(),
  role: Role,
  createdAt: v.string(),
  liveTokens: v.number(),
  lastUsedAt: v.nullable(v.string()),
});
export type AccountRecord = v.InferOutput<typeof AccountRecord>;

export const editorAccountList = defineCall({
  method: 'POST',
  path: '/editor/account/list',
  tag: 'editor',
  summary: 'Admins only: every editor with their role, live tokens and when one was last used.',
  request: LanguageRequest,
  response: v.array(AccountRecord),
});

export const editorAccountSave = defineCall({
  method: 'POST',
  path: '/editor/account/save',
  tag: 'editor',
  summary:
    'Admins only: makes an editor account with a role, or changes an editor’s role. 409 to take the role admin from the last admin. The new editor signs in or gets a token from an operator (`npm run editor -- create`).',
  request: v.object({ language: LanguageField, email: Email, role: Role }),
  response: v.object({ email: v.string(), role: Role, created: v.boolean() }),
});

/** A day (`2025-03-01`, all of it, UTC) or an ISO 8601 time. */
const When = v.union([v.pipe(v.string(), v.isoDate()), v.pipe(v.string(), v.isoTimestamp())]);

const AuditRecord = v.object({
  id: v.number(),
  at: v.string(),
  /** The editor's email, or `shell:<user>@<host>` for a command run on a machine with the database. */
  actor: v.string(),
  /** `api`, or the command a shell ran. */
  via: v.string(),
  address: v.nullable(v.string()),
  action: v.string(),
  entity: v.string(),
  key: v.string(),
  label: v.string(),
  /** The record before the change, in the shape its save call takes; null when there was none. */
  before: v.unknown(),
  /** What was asked (the saved record, the published state, the releases of a rollback). */
  detail: v.unknown(),
});
export type AuditRecord = v.InferOutput<typeof AuditRecord>;

export const editorHistory = defineCall({
  method: 'POST',
  path: '/editor/history',
  tag: 'editor',
  summary:
    'The audit trail, newest first: every editor write, rebuild, rollback, token and account change with who, when, what and the record before. Filters: `actor` (an email, or "shell"), `entity` and `key` (one record), `action`, `since` and `until` (days or times, inclusive).',
  request: v.object({
    language: LanguageField,
    ...PageFields,
    actor: v.optional(v.pipe(v.string(), v.maxLength(254, 'validation.tooLong'))),
    entity: v.optional(v.pipe(v.string(), v.regex(/^[a-z][a-z-]{0,31}$/, 'validation.auditEntity'))),
    key: v.optional(v.pipe(v.string(), v.maxLength(200, 'validation.tooLong'))),
    action: v.optional(v.pipe(v.string(), v.maxLength(40, 'validation.tooLong'))),
    since: v.optional(When),
    until: v.optional(When),
  }),
  response: page(AuditRecord),
});
