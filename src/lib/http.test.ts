import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, test, vi } from 'vitest';
import { customerInfo, customerLogin } from '#api/customer.ts';
import { productItem } from '#api/product.ts';
import { cartPage } from '#api/shop.ts';
import type { Db } from '#server/db/index.ts';
import { OPEN_LOGIN } from './events.ts';

// The HTTP client against the real API app (no server socket: fetch is routed to app.request), on a
// fresh seeded PGlite database: the site's one client (src/stores/api-client.ts), made from the stores.

let db: Db;
const requests: Request[] = [];
const opened: unknown[] = [];
let routeToApp: (input: Request) => Promise<Response>;

beforeAll(async () => {
  const { prepareDb } = await import('#server/server.ts');
  const { createApp } = await import('#server/app.ts');
  const { createMailer } = await import('#server/mail/mailer.ts');
  db = await prepareDb({});
  const app = createApp({ db, mailer: createMailer({ outboxDir: join(tmpdir(), 'http-test-outbox') }) });
  vi.stubEnv('PUBLIC_API_BASE', 'http://shop.test/api');
  routeToApp = async (input: Request) => {
    requests.push(input.clone());
    return app.request(input);
  };
  vi.stubGlobal('fetch', routeToApp);

  // The client opens the login dialog through a window event.
  const target = new EventTarget();
  target.addEventListener(OPEN_LOGIN, (event) => opened.push((event as CustomEvent).detail));
  vi.stubGlobal('window', target);
}, 60_000);

afterAll(async () => {
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();
  await db?.close();
});

const load = async () => {
  vi.resetModules();
  const http = await import('#stores/api-client.ts');
  const toasts = await import('#stores/toasts.ts');
  const token = await import('#stores/token.ts');
  const locale = await import('#stores/locale.ts');
  return { ...http, ...toasts, ...token, ...locale };
};

beforeEach(() => {
  requests.length = 0;
  opened.length = 0;
});

describe('the HTTP client', () => {
  test('answers the data of a successful call, checked against the contract', async () => {
    const { call } = await load();
    const product = await call(productItem, { id: 1 });
    expect(product).toMatchObject({ id: 1, partNumber: expect.any(String) });
    const sent = requests[0];
    expect(sent?.url).toBe('http://shop.test/api/product/item');
    expect(await sent?.json()).toEqual({ id: 1, language: 'en' });
  });

  test('adds the language to GET calls as a query parameter, in Chinese on Chinese pages', async () => {
    const { call, $locale } = await load();
    $locale.set('zh-CN');
    await call(customerInfo, {});
    expect(new URL(requests[0]?.url ?? '').searchParams.get('language')).toBe('zh');
  });

  test('toasts the server message of a failed call and resolves to undefined', async () => {
    const { call, $toasts } = await load();
    expect(await call(productItem, { id: 999_999 })).toBeUndefined();
    expect($toasts.get()).toEqual([{ id: expect.any(Number), message: expect.any(String), kind: 'error' }]);
  });

  test('hides the failures of /client/info', async () => {
    const { call, $toasts } = await load();
    expect(await call(customerInfo, {})).toBeUndefined();
    expect($toasts.get()).toEqual([]);
  });

  test('rejects login failures to the caller with the code and the message in the page language', async () => {
    const { call, $toasts, $locale } = await load();
    $locale.set('zh-CN');
    const failure = call(customerLogin, { account: 'nobody', password: 'wrong password' }, { reject: true });
    await expect(failure).rejects.toMatchObject({
      name: 'ApiError',
      code: expect.any(Number),
      message: expect.stringMatching(/[\u4e00-\u9fff]/),
    });
    expect($toasts.get()).toEqual([]);
    expect(opened).toEqual([]);
  });

  test('sends the token as Satoken; a 401 for it ends the session and opens the login dialog', async () => {
    const { call, $token, setToken } = await load();
    setToken('a-token-the-server-never-issued');
    expect(await call(cartPage, { pageNum: 1, pageSize: 999 })).toBeUndefined();
    expect(requests[0]?.headers.get('Satoken')).toBe('a-token-the-server-never-issued');
    expect($token.get()).toBeNull();
    expect(opened).toEqual([{ stay: true }]);
  });

  test('toasts a network failure in the page language', async () => {
    const { call, $toasts } = await load();
    vi.stubGlobal('fetch', async () => {
      throw new TypeError('fetch failed');
    });
    try {
      expect(await call(productItem, { id: 1 })).toBeUndefined();
    } finally {
      vi.stubGlobal('fetch', routeToApp);
    }
    expect($toasts.get().map((toast) => toast.message)).toEqual([
      'The server could not be reached. Please check your connection and try again.',
    ]);
  });
});
