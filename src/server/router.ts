import type { Context, Hono } from 'hono';
import * as v from 'valibot';
import { type Call, type DataOf, type Language, type ParsedRequestOf, SUCCESS } from '../api/common.ts';
import { type Locale, localeOf, type MessageKey, t } from '../i18n/index.ts';
import { findSession, type SessionClient } from './auth/session.ts';
import { NO_SOCKET_ADDRESS } from './client-address.ts';
import type { Db } from './db/index.ts';
import { ApiError } from './errors.ts';
import { describeIssue } from './validate.ts';

/** What a handler gets besides its validated input. */
export interface HandlerContext {
  db: Db;
  language: Language;
  /** The client's address, for rate limits (see client-address.ts). */
  address: string;
}

/** What a handler of a call that needs a logged-in customer gets. */
export interface AuthedContext extends HandlerContext {
  client: SessionClient;
}

export type Handler<C extends Call> = (input: ParsedRequestOf<C>, context: HandlerContext) => Promise<DataOf<C>>;
export type AuthedHandler<C extends Call> = (input: ParsedRequestOf<C>, context: AuthedContext) => Promise<DataOf<C>>;

/** The calls registered with handleAuthed: the OpenAPI document marks them as needing Satoken. */
export const authedCalls = new WeakSet<Call>();

/** The header that carries the session token. */
export const TOKEN_HEADER = 'Satoken';

/** The locale to answer an unreadable request in: its `language` if it has one, else the browser's. */
export function requestLocale(c: Context, raw?: unknown): Locale {
  const fromBody =
    raw && typeof raw === 'object' && 'language' in raw ? (raw as { language: unknown }).language : undefined;
  const language = fromBody ?? c.req.query('language');
  if (language === 'zh') return 'zh-CN';
  if (language === undefined && /^zh\b/i.test(c.req.header('accept-language') ?? '')) return 'zh-CN';
  return 'en';
}

/** The envelope of an ApiError, its message in the given locale. */
export function errorResponse(c: Context, error: ApiError, locale: Locale) {
  const params = { ...error.params };
  if (typeof params.thing === 'string') params.thing = t(locale, `api.thing.${params.thing}` as MessageKey);
  return c.json({ code: error.code, msg: t(locale, error.key, params), data: null }, error.code);
}

async function readInput(c: Context, method: Call['method']): Promise<unknown> {
  if (method === 'GET') return c.req.query();
  const text = await c.req.text();
  if (text.trim() === '') return {};
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new ApiError(400, 'api.invalidJson');
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) throw new ApiError(400, 'api.notAnObject');
  return value;
}

/** Registers a call of the contract: its input is validated, its answer wrapped in the envelope. */
export function handle<C extends Call>(app: Hono, db: Db, call: C, handler: Handler<C>): void {
  register(app, db, call, false, handler);
}

/**
 * Registers a call for logged-in customers: without a live session (the Satoken header missing,
 * unknown, expired or revoked) it answers 401 before looking at the input.
 */
export function handleAuthed<C extends Call>(app: Hono, db: Db, call: C, handler: AuthedHandler<C>): void {
  authedCalls.add(call);
  register(app, db, call, true, (input, context) => {
    if (!context.client) throw new Error('an authed call ran without a session');
    return handler(input, { ...context, client: context.client });
  });
}

function register<C extends Call>(
  app: Hono,
  db: Db,
  call: C,
  authed: boolean,
  handler: (input: ParsedRequestOf<C>, context: HandlerContext & { client?: SessionClient }) => Promise<DataOf<C>>,
): void {
  app.on(call.method, call.path, async (c) => {
    let raw: unknown;
    try {
      raw = await readInput(c, call.method);
    } catch (error) {
      if (error instanceof ApiError) return errorResponse(c, error, requestLocale(c));
      throw error;
    }
    let client: SessionClient | undefined;
    if (authed) {
      const token = c.req.header(TOKEN_HEADER)?.trim();
      if (!token) return errorResponse(c, new ApiError(401, 'api.loginRequired'), requestLocale(c, raw));
      client = await findSession(db, token);
      if (!client) return errorResponse(c, new ApiError(401, 'api.sessionInvalid'), requestLocale(c, raw));
    }
    const parsed = v.safeParse(call.request, raw, { abortEarly: true });
    if (!parsed.success) {
      const [issue] = parsed.issues;
      return c.json({ code: 400, msg: describeIssue(issue, requestLocale(c, raw)), data: null }, 400);
    }
    const input = parsed.output as ParsedRequestOf<C> & { language: Language };
    const locale = localeOf(input.language);
    const address = c.get('clientAddress') ?? NO_SOCKET_ADDRESS;
    try {
      const data = await handler(input, { db, language: input.language, address, ...(client ? { client } : {}) });
      return c.json({ code: SUCCESS, msg: t(locale, 'api.success'), data });
    } catch (error) {
      if (error instanceof ApiError) return errorResponse(c, error, locale);
      throw error;
    }
  });
}
