import ky from 'ky';
import * as v from 'valibot';
import { type Call, type DataOf, envelope, type RequestOf, SUCCESS } from '#api/common.ts';
import { type Locale, languageOf, t } from '#i18n/index.ts';
import { ApiError } from './api-error.ts';

// The HTTP client of the contract (src/api). Every call goes through `call`, which adds the session header
// and the language, checks the `{code, msg, data}` envelope against the contract, and deals with failures
// the same way everywhere (SPEC sections 7 and 8). What it needs of the page (the session token, the
// locale, the toasts, the login dialog) is given to createApiClient: src/stores/api-client.ts makes the
// site's one client from the stores.

/** What the client takes from the page; each is asked at the time of a call. */
export interface ApiClientOptions {
  /** The session token, sent as the `Satoken` header; null for a visitor. */
  token: () => string | null;
  /** Forgets the session token: a 401 answered a call made with the current one. */
  forgetToken: () => void;
  /** The page's locale: the calls' `language`, and the language of the client's own messages. */
  locale: () => Locale;
  /** Shows a failure to the visitor. */
  showError: (message: string) => void;
  /** Offers to log in again once the session has ended (the login dialog, staying on the page). */
  openLogin: () => void;
}

/** Calls whose failures are never shown to the visitor (SPEC section 7: "errors hidden"). */
const HIDDEN_ERRORS = new Set(['/client/info', '/system/config/meta', '/product/select/product']);

const ErrorEnvelope = v.object({ code: v.number(), msg: v.string() });

interface CallOptions {
  /** Log failures only; no toast, no login dialog. Defaults to true for the calls SPEC names. */
  hideErrors?: boolean;
  /** The caller shows the failure (a form): reject with an ApiError instead of toasting. */
  reject?: boolean;
}

/** The payload of a call without `language`, which `call` adds. */
type Payload<C extends Call> = Omit<RequestOf<C>, 'language'>;

/**
 * Makes one call of the contract and returns its `data`. A failure is logged, shown as a toast (unless
 * hidden) and resolves to undefined; with `reject` it rejects with an ApiError for the caller to show.
 * A 401 on a call made with a token ends the session and opens the login dialog.
 */
export interface ApiCall {
  <C extends Call>(contract: C, payload: Payload<C>, options: CallOptions & { reject: true }): Promise<DataOf<C>>;
  <C extends Call>(contract: C, payload?: Payload<C>, options?: CallOptions): Promise<DataOf<C> | undefined>;
}

/** A GET payload as query parameters; nested values are not part of any GET call. */
function searchParamsOf(payload: Record<string, unknown>): Record<string, string> {
  const params: Record<string, string> = {};
  for (const [key, value] of Object.entries(payload)) {
    if (value !== undefined && value !== null) params[key] = String(value);
  }
  return params;
}

/** A payload with a file as multipart form data: a list as repeated fields, a file as itself. */
function formDataOf(payload: Record<string, unknown>): FormData {
  const form = new FormData();
  for (const [key, value] of Object.entries(payload)) {
    for (const item of Array.isArray(value) ? value : [value]) {
      if (item instanceof Blob) form.append(key, item);
      else if (item !== undefined && item !== null) form.append(key, String(item));
    }
  }
  return form;
}

/** An HTTP client of the contract for a page: its `call` (see ApiCall). */
export function createApiClient({ token, forgetToken, locale, showError, openLogin }: ApiClientOptions): {
  call: ApiCall;
} {
  const api = ky.create({
    prefix: import.meta.env.PUBLIC_API_BASE || '/api',
    // The envelope's code decides success, not the HTTP status; a 4xx answer still carries a message to show.
    throwHttpErrors: false,
    retry: 0,
    timeout: 20_000,
    hooks: {
      beforeRequest: [
        ({ request }) => {
          const sent = token();
          if (sent) request.headers.set('Satoken', sent);
        },
      ],
    },
  });

  async function call<C extends Call>(
    contract: C,
    payload: Payload<C> = {} as Payload<C>,
    { hideErrors = HIDDEN_ERRORS.has(contract.path), reject = false }: CallOptions = {},
  ): Promise<DataOf<C> | undefined> {
    const body = { ...(payload as Record<string, unknown>), language: languageOf(locale()) };
    const sentToken = token();
    const fail = (error: ApiError): undefined => {
      if (reject) throw error;
      if (!hideErrors) showError(error.message);
      return undefined;
    };

    let raw: unknown;
    try {
      const response =
        contract.method === 'GET'
          ? await api.get(contract.path, { searchParams: searchParamsOf(body) })
          : Object.values(body).some((value: unknown) => value instanceof Blob)
            ? await api.post(contract.path, { body: formDataOf(body) })
            : await api.post(contract.path, { json: body });
      raw = await response.json();
    } catch (error) {
      console.warn(`${contract.method} ${contract.path} failed:`, error);
      return fail(new ApiError(0, t(locale(), 'toast.network')));
    }

    const head = v.safeParse(ErrorEnvelope, raw);
    if (!head.success) {
      console.warn(`${contract.method} ${contract.path}: not an API response`);
      return fail(new ApiError(0, t(locale(), 'toast.unexpected')));
    }
    const { code, msg } = head.output;
    if (code !== SUCCESS) {
      console.warn(`${contract.method} ${contract.path}: code ${code}`);
      if (code === 401 && sentToken) {
        // The session ended (logged out elsewhere, expired, revoked): forget it everywhere and offer to log in again.
        if (token() === sentToken) forgetToken();
        if (!hideErrors) openLogin();
      }
      return fail(new ApiError(code, msg));
    }

    const parsed = v.safeParse(envelope(contract.response), raw);
    if (!parsed.success) {
      console.warn(`${contract.method} ${contract.path}: the answer does not match the contract`, parsed.issues);
      return fail(new ApiError(0, t(locale(), 'toast.unexpected')));
    }
    return parsed.output.data as DataOf<C>;
  }

  return { call: call as ApiCall };
}
