import type { Context, Hono } from 'hono';
import * as v from 'valibot';
import { type Call, type DataOf, type Language, type ParsedRequestOf, SUCCESS } from '../api/common.ts';
import { type Locale, localeOf, type MessageKey, t } from '../i18n/index.ts';
import type { Db } from './db/index.ts';
import { ApiError } from './errors.ts';
import { describeIssue } from './validate.ts';

/** What a handler gets besides its validated input. */
export interface HandlerContext {
  db: Db;
  language: Language;
}

export type Handler<C extends Call> = (input: ParsedRequestOf<C>, context: HandlerContext) => Promise<DataOf<C>>;

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
  app.on(call.method, call.path, async (c) => {
    let raw: unknown;
    try {
      raw = await readInput(c, call.method);
    } catch (error) {
      if (error instanceof ApiError) return errorResponse(c, error, requestLocale(c));
      throw error;
    }
    const parsed = v.safeParse(call.request, raw, { abortEarly: true });
    if (!parsed.success) {
      const [issue] = parsed.issues;
      return c.json({ code: 400, msg: describeIssue(issue, requestLocale(c, raw)), data: null }, 400);
    }
    const input = parsed.output as ParsedRequestOf<C> & { language: Language };
    const locale = localeOf(input.language);
    try {
      const data = await handler(input, { db, language: input.language });
      return c.json({ code: SUCCESS, msg: t(locale, 'api.success'), data });
    } catch (error) {
      if (error instanceof ApiError) return errorResponse(c, error, locale);
      throw error;
    }
  });
}
