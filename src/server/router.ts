import type { Context, Hono } from 'hono';
import * as v from 'valibot';
import { type Call, type DataOf, type Language, type ParsedRequestOf, SUCCESS } from '#api/common.ts';
import type { EditorRole } from '#api/editor-accounts.ts';
import { type Locale, localeOf, type MessageKey, t } from '#i18n/index.ts';
import { type Actor, allows } from './auth/actor.ts';
import { isBuilderKey } from './auth/builder-key.ts';
import { type Editor, findEditor } from './auth/editors.ts';
import { type Counter, LIMITS, refuseWhenOver, takeSlots } from './auth/rate-limit.ts';
import { findSession, type SessionCustomer } from './auth/session.ts';
import { sha256 } from './auth/token.ts';
import { readInput } from './body/read-input.ts';
import type { Db } from './db/index.ts';
import { ApiError } from './errors.ts';
import { NO_SOCKET_ADDRESS } from './middleware/client-address.ts';
import type { CachedAnswer, ReadCache } from './read-cache.ts';
import { describeIssue, describeProblem, readyForDatabase, timestampFields } from './validate.ts';

/** What a handler gets besides its validated input. */
interface HandlerContext {
  db: Db;
  language: Language;
  /** The client's address, for rate limits (see client-address.ts). */
  address: string;
}

/** What a handler of an editor's call gets: the editor whose token came with it, and them as the trail's actor. */
export interface EditorContext extends HandlerContext {
  editor: Editor;
  actor: Actor;
}

/**
 * The calls registered with handleEditor and the role each needs: the OpenAPI document marks them as
 * needing a bearer token.
 */
export const editorCalls = new WeakMap<Call, EditorRole>();

/** What a handler of a call that needs a logged-in customer gets. */
interface AuthedContext extends HandlerContext {
  customer: SessionCustomer;
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

/** The message of an ApiError in the given locale (the OpenAPI document's examples are made by it too). */
export function errorMessage(error: ApiError, locale: Locale): string {
  const params = { ...error.params };
  if (typeof params.thing === 'string') params.thing = t(locale, `api.thing.${params.thing}` as MessageKey);
  return t(locale, error.key, params);
}

/** The envelope of an ApiError, its message in the given locale. */
export function errorResponse(c: Context, error: ApiError, locale: Locale) {
  return c.json({ code: error.code, msg: errorMessage(error, locale), data: null }, error.code);
}

/** Registers a call of the contract: its input is validated, its answer wrapped in the envelope. */
export function handle<C extends Call>(app: Hono, db: Db, call: C, handler: Handler<C>): void {
  register(app, db, call, 'none', handler);
}

/**
 * Registers a public read of the catalogue (decision 0075): answered like handle's, and kept in `reads`
 * under the change feed's version, by call and validated input, so the next read of the same with no
 * content written since gets the same bytes without the handler. Only for calls whose answer depends on
 * nothing but their input and the content the feed covers: never the caller, the time or a customer.
 * Without `reads` (READ_CACHE_MB=0) it is handle.
 */
export function handleRead<C extends Call>(
  app: Hono,
  db: Db,
  reads: ReadCache | undefined,
  call: C,
  handler: Handler<C>,
): void {
  register(app, db, call, 'none', handler, reads);
}

/**
 * Registers a call for logged-in customers: without a live session (the Satoken header missing,
 * unknown, expired or revoked) it answers 401 before looking at the input.
 */
export function handleAuthed<C extends Call>(app: Hono, db: Db, call: C, handler: AuthedHandler<C>): void {
  authedCalls.add(call);
  register(app, db, call, 'first', (input, context) => {
    if (!context.customer) throw new Error('an authed call ran without a session');
    return handler(input, { ...context, customer: context.customer });
  });
}

/** What a handler of handleInSession gets: the session to check in its own statement. */
export interface InSessionContext extends HandlerContext {
  /** The hash of the request's token: the handler's statement checks it and throws ApiError(401) when it is not live. */
  session: string;
}

/**
 * Registers a call for logged-in customers whose handler checks the session itself, in the same
 * statement as its work (db/cart.ts, withSession): one database round trip instead of two, for the
 * calls every page of a logged-in customer makes. What the caller sees is the same as handleAuthed:
 * no token or a bad one is 401, whatever the input; a live session with bad input is 400.
 */
export function handleInSession<C extends Call>(
  app: Hono,
  db: Db,
  call: C,
  handler: (input: ParsedRequestOf<C>, context: InSessionContext) => Promise<DataOf<C>>,
): void {
  authedCalls.add(call);
  register(app, db, call, 'in-query', (input, context) => {
    if (!context.session) throw new Error('an in-session call ran without a token');
    return handler(input, { ...context, session: context.session });
  });
}

/**
 * Registers an editor's call (under /editor/) for editors of `role` (admins may make every call): without
 * `Authorization: Bearer <token>` of a live editor token it answers 401, and from an editor without the
 * role 403, before looking at the input. Wrong tokens are limited per address (429).
 */
export function handleEditor<C extends Call>(
  app: Hono,
  db: Db,
  call: C,
  handler: (input: ParsedRequestOf<C>, context: EditorContext) => Promise<DataOf<C>>,
  role: EditorRole = 'editor',
): void {
  editorCalls.set(call, role);
  register(app, db, call, 'editor', (input, context) => {
    const { editor } = context;
    if (!editor) throw new Error('an editor call ran without an editor');
    const actor: Actor = {
      kind: 'editor',
      editorId: editor.id,
      email: editor.email,
      role: editor.role,
      tokenId: editor.tokenId,
      address: context.address,
    };
    return handler(input, { ...context, editor, actor });
  });
}

/** The calls registered with handleBuilder: the OpenAPI document marks them as for builds. */
export const builderCalls = new WeakSet<Call>();

/**
 * Calls for builds with an editor's token (or what claims to be one) that a process starts a second, runs at
 * once, and lets wait for a turn; the rest get 429 at once. A build asks a few pages, one after another.
 */
const TOKEN_CALLS = { perSecond: 10, atOnce: 1, waiting: 8 };

/**
 * Registers a call for builds (the change feed, decision 0064): only with `Authorization: Bearer` and
 * this process's builder key (auth/builder-key.ts: a build a builder here started), checked in memory,
 * or a live editor token; anything else gets 401 before the body is read. The token calls are bounded
 * before their token is looked up (TOKEN_CALLS): a flood of them, with any token or none, costs the
 * database ten lookups and ten short reads a second at most, one at a time, so editors' writes never
 * queue behind it (on PGlite, whose one connection everything shares, too); the builder's own calls
 * are never refused for it. The builder's access depends on no editor account.
 */
export function handleBuilder<C extends Call>(app: Hono, db: Db, call: C, handler: Handler<C>): void {
  builderCalls.add(call);
  const turns = turnstile(TOKEN_CALLS);
  app.on(call.method, call.path, async (c, next) => {
    const refuse = (code: 401 | 429, key: MessageKey) => errorResponse(c, new ApiError(code, key), requestLocale(c));
    const bearer = /^Bearer\s+(\S+)\s*$/i.exec(c.req.header('authorization') ?? '')?.[1];
    if (!bearer) return refuse(401, 'api.builderTokenRequired');
    if (isBuilderKey(bearer)) return next();
    if (!(await turns.enter())) {
      c.header('Retry-After', '1');
      return refuse(429, 'api.busy');
    }
    try {
      if (!(await findEditor(db, bearer))) return refuse(401, 'api.builderTokenInvalid');
      await next();
    } finally {
      turns.leave();
    }
  });
  register(app, db, call, 'none', handler);
}

/**
 * At most `perSecond` started in a second, `atOnce` at a time, `waiting` more in line; `enter` answers false
 * past the rate or when the line is full.
 */
function turnstile({ perSecond, atOnce, waiting }: { perSecond: number; atOnce: number; waiting: number }) {
  let inside = 0;
  const line: (() => void)[] = [];
  let second = 0;
  let started = 0;
  return {
    async enter(): Promise<boolean> {
      const now = Math.floor(Date.now() / 1000);
      if (now !== second) {
        second = now;
        started = 0;
      }
      if (started >= perSecond) return false;
      started++;
      if (inside < atOnce) {
        inside++;
        return true;
      }
      if (line.length >= waiting) return false;
      // The one leaving hands its place over.
      await new Promise<void>((resolve) => line.push(resolve));
      return true;
    },
    leave() {
      const next = line.shift();
      // On the next turn of the event loop, so that other requests' I/O comes between.
      if (next) setImmediate(next);
      else inside--;
    },
  };
}

/**
 * When a call checks who calls: not at all, the customer's session before the handler or in the handler's
 * own statement, or an editor's bearer token before the handler.
 */
type SessionCheck = 'none' | 'first' | 'in-query' | 'editor';

function register<C extends Call>(
  app: Hono,
  db: Db,
  call: C,
  check: SessionCheck,
  handler: (
    input: ParsedRequestOf<C>,
    context: HandlerContext & { customer?: SessionCustomer; session?: string; editor?: Editor },
  ) => Promise<DataOf<C>>,
  reads?: ReadCache,
): void {
  const timestamps = timestampFields(call.request);
  app.on(call.method, call.path, async (c) => {
    let raw: unknown;
    try {
      raw = await readInput(c, call);
    } catch (error) {
      if (error instanceof ApiError) return errorResponse(c, error, requestLocale(c));
      throw error;
    }
    const noSession = (key: MessageKey) => errorResponse(c, new ApiError(401, key), requestLocale(c, raw));
    let customer: SessionCustomer | undefined;
    let session: string | undefined;
    let editor: Editor | undefined;
    if (check === 'editor') {
      const bearer = /^Bearer\s+(\S+)\s*$/i.exec(c.req.header('authorization') ?? '')?.[1];
      if (!bearer) return noSession('api.editorTokenRequired');
      const wrongTokens: Counter = [LIMITS.wrongEditorTokenPerAddress, c.get('clientAddress') ?? NO_SOCKET_ADDRESS];
      try {
        await refuseWhenOver(db, wrongTokens);
        editor = await findEditor(db, bearer);
        if (!editor) await takeSlots(db, [wrongTokens]);
      } catch (error) {
        if (error instanceof ApiError) return errorResponse(c, error, requestLocale(c, raw));
        throw error;
      }
      if (!editor) return noSession('api.editorTokenInvalid');
      const needed = editorCalls.get(call) ?? 'admin';
      if (!allows(editor.role, needed))
        return errorResponse(
          c,
          new ApiError(403, 'api.editor.forbidden', { role: editor.role }),
          requestLocale(c, raw),
        );
    } else if (check !== 'none') {
      const token = c.req.header(TOKEN_HEADER)?.trim();
      if (!token) return noSession('api.loginRequired');
      session = sha256(token);
      if (check === 'first') {
        customer = await findSession(db, token);
        if (!customer) return noSession('api.sessionInvalid');
      }
    }
    const parsed = v.safeParse(call.request, raw, { abortEarly: true });
    let invalid: string | undefined;
    if (!parsed.success) invalid = describeIssue(parsed.issues[0], requestLocale(c, raw));
    else {
      const problem = readyForDatabase(parsed.output as Record<string, unknown>, timestamps);
      if (problem) invalid = describeProblem(problem, requestLocale(c, raw));
    }
    if (invalid !== undefined) {
      // A bad session outranks bad input; an in-query call learns which it is here, off its fast path.
      if (check === 'in-query' && session && !(await findSession(db, c.req.header(TOKEN_HEADER)?.trim() ?? '')))
        return noSession('api.sessionInvalid');
      return c.json({ code: 400, msg: invalid, data: null }, 400);
    }
    const input = parsed.output as ParsedRequestOf<C> & { language: Language };
    const locale = localeOf(input.language);
    const address = c.get('clientAddress') ?? NO_SOCKET_ADDRESS;
    const answer = (): Promise<Response> =>
      handler(input, {
        db,
        language: input.language,
        address,
        ...(customer ? { customer } : {}),
        ...(session ? { session } : {}),
        ...(editor ? { editor } : {}),
      }).then(
        (data) => c.json({ code: SUCCESS, msg: t(locale, 'api.success'), data }),
        (error) => {
          if (error instanceof ApiError) return errorResponse(c, error, locale);
          throw error;
        },
      );
    if (!reads) return answer();
    // The validated input names the answer: its defaults filled in, its fields in the schema's order.
    const key = `${call.path}\n${JSON.stringify(input)}`;
    const version = await reads.version();
    const kept = reads.get(version, key);
    // The same call answers gzipped or not by the request's Accept-Encoding: a shared cache must know.
    c.header('vary', 'accept-encoding', { append: true });
    if (kept) {
      // A kept answer is sent gzipped to a client that takes it (every HTTP client does): compressed once
      // per version, it is a tenth of the bytes for a page of products.
      const zipped = acceptsGzip(c.req.header('accept-encoding')) ? reads.gzipped(version, key) : undefined;
      if (zipped) return c.body(await zipped, kept.status, GZIP_JSON);
      return c.body(kept.body, kept.status, JSON_TYPE);
    }
    const response = await answer();
    if (response.status === 200 || response.status === 404) {
      const body = new Uint8Array(await response.clone().arrayBuffer());
      reads.set(version, key, { status: response.status as CachedAnswer['status'], body });
    }
    return response;
  });
}

const JSON_TYPE = { 'content-type': 'application/json' };
const GZIP_JSON = { ...JSON_TYPE, 'content-encoding': 'gzip' };

/** Whether an Accept-Encoding header takes gzip (named, or by `*`, and not at q=0). */
export function acceptsGzip(header: string | undefined): boolean {
  if (!header) return false;
  const weights = new Map(
    header.split(',').map((part) => {
      const [name = '', ...params] = part.trim().toLowerCase().split(';');
      const q = params.map((param) => /^\s*q=([\d.]+)\s*$/.exec(param)?.[1]).find(Boolean);
      return [name.trim(), q === undefined ? 1 : Number(q)] as const;
    }),
  );
  const q = weights.get('gzip') ?? weights.get('x-gzip') ?? weights.get('*');
  return q !== undefined && q > 0;
}
