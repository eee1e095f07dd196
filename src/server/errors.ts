import type { MessageKey } from '#i18n/index.ts';

/** An error the API answers with its own code and a message in the request's language. */
export class ApiError extends Error {
  readonly code: 400 | 401 | 403 | 404 | 405 | 409 | 413 | 429 | 500;
  readonly key: MessageKey;
  readonly params: Record<string, string | number>;

  constructor(code: ApiError['code'], key: MessageKey, params: Record<string, string | number> = {}) {
    super(key);
    this.name = 'ApiError';
    this.code = code;
    this.key = key;
    this.params = params;
  }
}
