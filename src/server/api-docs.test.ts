import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import type { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { DOCS_POLICY } from './api-docs.ts';
import { createApp } from './app.ts';
import type { Db } from './db/index.ts';
import { prepareDb } from './server.ts';

let db: Db;
let app: Hono;

beforeAll(async () => {
  db = await prepareDb({});
  app = createApp({ db });
}, 60_000);

afterAll(async () => {
  await db.close();
});

/** The URLs of the page's scripts and style sheets. */
const assetsOf = (html: string) =>
  [...html.matchAll(/(?:src|href)="([^"]+\.(?:js|css))"/g)].map((match) => match[1] ?? '');

describe('the API reference at /api/docs', () => {
  test('is a page with a policy of its own: scripts and styles from this origin only, framed by nobody', async () => {
    const response = await app.request('/api/docs');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/html/);
    expect(response.headers.get('content-security-policy')).toBe(DOCS_POLICY);
    expect(DOCS_POLICY).toContain("script-src 'self';");
    expect(DOCS_POLICY).not.toContain('unsafe');
    expect(response.headers.get('x-frame-options')).toBe('DENY');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    const html = await response.text();
    expect(html).toContain('<html lang="en">');
    expect(html).toContain('data-document="/api/openapi.json"');
    // Nothing from another host, and no inline script (the policy would refuse it).
    expect(html).not.toMatch(/(?:src|href)="(?:https?:)?\/\//);
    expect(html).not.toMatch(/<script>|<script(?![^>]*\bsrc=)[^>]*>/);
    expect(assetsOf(html)).toHaveLength(4);
  });

  test('serves Swagger UI from its package and its own start, each kept a year under a hash of its bytes', async () => {
    const html = await (await app.request('/api/docs')).text();
    const swaggerUi = dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));
    for (const url of assetsOf(html)) {
      const response = await app.request(url);
      expect(response.status, url).toBe(200);
      expect(response.headers.get('content-type'), url).toMatch(
        url.endsWith('.js') ? /^text\/javascript/ : /^text\/css/,
      );
      expect(response.headers.get('cache-control'), url).toBe('public, max-age=31536000, immutable');
      const text = await response.text();
      expect(text, url).not.toContain('sourceMappingURL');
      if (url.endsWith('/swagger-ui-bundle.js'))
        expect(readFileSync(join(swaggerUi, 'swagger-ui-bundle.js'), 'utf8').startsWith(text)).toBe(true);
    }
    const bundle = assetsOf(html).find((url) => url.endsWith('/swagger-ui-bundle.js')) ?? '';
    const zipped = await app.request(bundle, { headers: { 'accept-encoding': 'gzip, br' } });
    expect(zipped.headers.get('content-encoding')).toBe('gzip');
    const plain = await (await app.request(bundle)).arrayBuffer();
    expect(gunzipSync(Buffer.from(await zipped.arrayBuffer())).equals(Buffer.from(plain))).toBe(true);
    // Another name, or a hash of other bytes, is the API's 404.
    const stale = await app.request(bundle.replace(/assets\/[0-9a-f]+\//, 'assets/0000000000000000/'));
    expect(stale.status).toBe(404);
    expect(((await stale.json()) as { code: number }).code).toBe(404);
    expect((await app.request('/api/docs/assets/0000000000000000/package.json')).status).toBe(404);
  });

  test('the document it reads is served gzipped to a client that takes it, the same JSON', async () => {
    const plain = await app.request('/api/openapi.json');
    expect(plain.headers.get('content-type')).toMatch(/^application\/json/);
    expect(plain.headers.get('content-security-policy')).toBe("default-src 'none'; frame-ancestors 'none'");
    const zipped = await app.request('/api/openapi.json', { headers: { 'accept-encoding': 'gzip' } });
    expect(zipped.headers.get('content-encoding')).toBe('gzip');
    const bytes = Buffer.from(await zipped.arrayBuffer());
    expect(JSON.parse(gunzipSync(bytes).toString())).toEqual(await plain.json());
    expect(bytes.length).toBeLessThan(100_000);
  });
});
