import * as v from 'valibot';
import { type Call, type DataOf, envelope, type RequestOf, SUCCESS } from '#api/common.ts';
import { editorFileUpload } from '#api/editor-files.ts';
import type { Locale } from '#i18n/index.ts';
import { wt } from '#i18n/workspace.ts';

// The workspace's client of the editor calls: `Authorization: Bearer` with the signed-in token, the
// workspace's language as the calls' `language` (so the API's messages come in it), and every answer
// checked against the contract. A failure rejects with a WorkspaceError carrying the API's own message.

/** A call that did not succeed: the API's code (0 when there was no answer) and its message. */
export class WorkspaceError extends Error {
  readonly code: number;
  constructor(code: number, message: string) {
    super(message);
    this.code = code;
    this.name = 'WorkspaceError';
  }
}

const ErrorEnvelope = v.object({ code: v.number(), msg: v.string() });

/** Where the API is: the site's own origin unless the build was told otherwise. */
const API_BASE = import.meta.env.PUBLIC_API_BASE || '/api';

/** The API's reference (Swagger UI over its OpenAPI document), for the editors' own tools. */
export const API_DOCS_URL = `${API_BASE}/docs`;

export interface CallContext {
  token: string | null;
  locale: Locale;
}

/**
 * Posts one request of a call and answers its `data`, checked against the call's response; rejects with a
 * WorkspaceError (the API's code and message, or 0 when there was no answer or an unexpected one).
 */
async function post<C extends Call>(contract: C, init: RequestInit, query: string, locale: Locale): Promise<DataOf<C>> {
  let raw: unknown;
  try {
    raw = await (await fetch(`${API_BASE}${contract.path}${query}`, { method: 'POST', ...init })).json();
  } catch {
    throw new WorkspaceError(0, wt(locale, 'app.network'));
  }
  const head = v.safeParse(ErrorEnvelope, raw);
  if (!head.success) throw new WorkspaceError(0, wt(locale, 'app.unexpected'));
  if (head.output.code !== SUCCESS) throw new WorkspaceError(head.output.code, head.output.msg);
  const parsed = v.safeParse(envelope(contract.response), raw);
  if (!parsed.success) throw new WorkspaceError(0, wt(locale, 'app.unexpected'));
  return parsed.output.data as DataOf<C>;
}

const languageOf = (locale: Locale) => (locale === 'zh-CN' ? 'zh' : 'en');
const bearer = (token: string | null): Record<string, string> => (token ? { authorization: `Bearer ${token}` } : {});

/** Makes one call of the contract; resolves to its `data` or rejects with a WorkspaceError. */
export function call<C extends Call>(
  contract: C,
  payload: Omit<RequestOf<C>, 'language'>,
  { token, locale }: CallContext,
): Promise<DataOf<C>> {
  const body = JSON.stringify({ ...payload, language: languageOf(locale) });
  return post(contract, { headers: { 'content-type': 'application/json', ...bearer(token) }, body }, '', locale);
}

/** What an upload answers (editorFileUpload): where the file is served, and what it is. */
export type Uploaded = DataOf<typeof editorFileUpload>;

/**
 * Uploads a file (`multipart/form-data`, the file as `file`); the language goes in the address too, so
 * that a file refused before its form is read (too large) is refused in the workspace's language.
 */
export function uploadFile(file: File, { token, locale }: CallContext): Promise<Uploaded> {
  const form = new FormData();
  form.set('language', languageOf(locale));
  form.set('file', file);
  return post(editorFileUpload, { headers: bearer(token), body: form }, `?language=${languageOf(locale)}`, locale);
}
