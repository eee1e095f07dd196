import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import type { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { scriptHash, secureSite } from '#build/finish/site-csp.ts';
import { createApp } from '../app.ts';
import { hashPassword } from '../auth/password.ts';
import { insertCustomer } from '../db/customers.ts';
import type { Db } from '../db/index.ts';
import { prepareDb } from '../server.ts';

const INLINE = "document.documentElement.dataset.ready = '1';";
let parent: string;
let db: Db;
let app: Hono;
let token: string;

beforeAll(async () => {
  parent = mkdtempSync(join(tmpdir(), 'security-headers-test-'));
  const site = join(parent, 'site');
  const write = (path: string, content: string) => {
    mkdirSync(dirname(join(site, path)), { recursive: true });
    writeFileSync(join(site, path), content);
  };
  write(
    'index.html',
    `<!doctype html><html><head><meta charset="utf-8"><script>${INLINE}</script></head><body></body></html>`,
  );
  write('account/index.html', '<!doctype html><html><head><meta charset="utf-8"></head><body>Account</body></html>');
  write('404.html', '<!doctype html><html><head><meta charset="utf-8"></head><body>Not found</body></html>');
  write('files/manual.pdf', '%PDF-1.4 manual');
  await secureSite(site, { ownScripts: new Set([scriptHash(INLINE)]) });
  db = await prepareDb({});
  app = createApp({ db, siteDir: site, hstsMaxAge: 31536000 });
  await insertCustomer(db, {
    username: 'headers',
    email: 'headers@example.com',
    name: 'Ada Headers',
    contactNumber: '+65 6123 4567',
    passwordHash: await hashPassword('correct horse battery'),
  });
  const login = await app.request('/api/client/login', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ account: 'headers', password: 'correct horse battery' }),
  });
  token = ((await login.json()) as { data: string }).data;
}, 60_000);

afterAll(async () => {
  await db.close();
  rmSync(parent, { recursive: true, force: true });
});

/** A public call of the contract (POST, as every catalogue call is), with extra headers. */
const listCategories = (on: Hono, headers: Record<string, string> = {}) =>
  on.request('/api/category/list', {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify({ language: 'en' }),
  });

const policyOf = (response: Response) => response.headers.get('content-security-policy') ?? '';

describe('security headers', () => {
  test('a page carries nosniff, a referrer policy, HSTS and a policy that forbids framing and inline scripts but its own', async () => {
    for (const path of ['/', '/account', '/no/such/page']) {
      const response = await app.request(path);
      expect(response.headers.get('x-content-type-options'), path).toBe('nosniff');
      expect(response.headers.get('referrer-policy'), path).toBe('strict-origin-when-cross-origin');
      expect(response.headers.get('x-frame-options'), path).toBe('DENY');
      expect(response.headers.get('strict-transport-security'), path).toBe('max-age=31536000');
      const policy = policyOf(response);
      expect(policy, path).toContain("frame-ancestors 'none'");
      expect(policy, path).toContain("object-src 'none'");
      expect(policy, path).toContain("base-uri 'none'");
      expect(policy, path).toContain(`script-src 'self' ${scriptHash(INLINE)}`);
      expect(policy, path).not.toMatch(/script-src[^;]*'unsafe-inline'/);
    }
  });

  test('the page itself carries the policy a meta tag can hold, before its first script', async () => {
    const html = await (await app.request('/')).text();
    const meta = html.indexOf('http-equiv="content-security-policy"');
    expect(meta).toBeGreaterThan(0);
    expect(meta).toBeLessThan(html.indexOf('<script>'));
    expect(html).toContain(scriptHash(INLINE));
    expect(html).not.toContain('frame-ancestors');
  });

  test('an API answer carries the headers and a policy that loads nothing', async () => {
    const response = await listCategories(app);
    expect(response.status).toBe(200);
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    expect(policyOf(response)).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(response.headers.get('cache-control')).toBeNull();
  });

  test('a file other than a page gets nosniff and no policy that could hinder its viewer', async () => {
    const response = await app.request('/files/manual.pdf');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('content-security-policy')).toBeNull();
  });

  test('an answer to a logged-in customer is never stored', async () => {
    const info = await app.request('/api/client/info?language=en', { headers: { Satoken: token } });
    expect(info.status).toBe(200);
    expect(info.headers.get('cache-control')).toBe('no-store');
    const cart = await app.request('/api/shop/cart/page', {
      method: 'POST',
      headers: { 'content-type': 'application/json', Satoken: token },
      body: JSON.stringify({ language: 'en', pageNum: 1, pageSize: 10 }),
    });
    expect(cart.headers.get('cache-control')).toBe('no-store');
    // Any call made with a token, and an authenticated call refused for want of one.
    const withToken = await listCategories(app, { Satoken: token });
    expect(withToken.status).toBe(200);
    expect(withToken.headers.get('cache-control')).toBe('no-store');
    const refused = await app.request('/api/client/info?language=en');
    expect(refused.status).toBe(401);
    expect(refused.headers.get('cache-control')).toBe('no-store');
  });
});

describe('without HSTS_MAX_AGE', () => {
  test('no Strict-Transport-Security is sent', async () => {
    const plain = createApp({ db });
    const response = await listCategories(plain);
    expect(response.headers.get('strict-transport-security')).toBeNull();
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
  });
});
