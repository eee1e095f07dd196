import type { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createApp } from '../app.ts';
import type { Db } from '../db/index.ts';
import { prepareDb } from '../server.ts';
import { parseOrigins } from './cors.ts';

const SITE = 'https://www.example.com';
let db: Db;
let app: Hono;

beforeAll(async () => {
  db = await prepareDb({});
  app = createApp({ db, siteOrigins: parseOrigins(`${SITE}/, https://cdn.example.net`) });
}, 60_000);

afterAll(() => db.close());

/** A public call of the contract (POST, as every catalogue call is), with extra headers. */
const listCategories = (on: Hono, headers: Record<string, string> = {}) =>
  on.request('/api/category/list', {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify({ language: 'en' }),
  });

const preflight = (origin: string) =>
  app.request('/api/shop/cart/save', {
    method: 'OPTIONS',
    headers: {
      origin,
      'access-control-request-method': 'POST',
      'access-control-request-headers': 'content-type,satoken',
    },
  });

describe('CORS', () => {
  test('a preflight from a listed origin is allowed with the headers the islands send', async () => {
    const response = await preflight(SITE);
    expect(response.status).toBe(204);
    expect(response.headers.get('access-control-allow-origin')).toBe(SITE);
    expect(response.headers.get('access-control-allow-methods')).toBe('GET,POST');
    expect(response.headers.get('access-control-allow-headers')?.toLowerCase()).toBe('content-type,satoken');
  });

  test('a call from a listed origin is answered with that origin allowed', async () => {
    const response = await listCategories(app, { origin: 'https://cdn.example.net' });
    expect(response.status).toBe(200);
    expect(response.headers.get('access-control-allow-origin')).toBe('https://cdn.example.net');
    expect(response.headers.get('vary')).toContain('Origin');
  });

  test('another origin is allowed neither in a preflight nor in a call', async () => {
    const response = await preflight('https://evil.example');
    expect(response.headers.get('access-control-allow-origin')).toBeNull();
    const call = await listCategories(app, { origin: 'https://evil.example' });
    expect(call.headers.get('access-control-allow-origin')).toBeNull();
  });

  test("a write from a page of a listed origin is taken, one from another site's page refused with 403", async () => {
    const listed = await listCategories(app, { origin: SITE, 'sec-fetch-site': 'cross-site' });
    expect(listed.status).toBe(200);
    const sibling = await listCategories(app, { origin: 'https://uploads.example.com', 'sec-fetch-site': 'same-site' });
    expect(sibling.status).toBe(403);
    const foreign = await listCategories(app, {
      origin: 'https://evil.example',
      'sec-fetch-site': 'cross-site',
      'accept-language': 'zh-CN',
    });
    expect(await foreign.json()).toEqual({ code: 403, msg: '此请求来自其他网站的页面，已被拒绝。', data: null });
    // A script or a webhook sends no Sec-Fetch-Site.
    expect((await listCategories(app, { origin: 'https://evil.example' })).status).toBe(200);
  });

  test('without SITE_ORIGINS no origin is allowed', async () => {
    const plain = createApp({ db });
    const call = await listCategories(plain, { origin: SITE });
    expect(call.headers.get('access-control-allow-origin')).toBeNull();
  });

  test('SITE_ORIGINS takes origins and refuses what is not one', () => {
    expect(parseOrigins(undefined)).toEqual([]);
    expect(parseOrigins(' https://a.example/shop , http://b.example:8080 ')).toEqual([
      'https://a.example',
      'http://b.example:8080',
    ]);
    expect(() => parseOrigins('www.example.com')).toThrow(/SITE_ORIGINS/);
    expect(() => parseOrigins('ftp://a.example')).toThrow(/SITE_ORIGINS/);
  });
});
