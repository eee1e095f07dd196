import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { chooseEncoding, staticSite } from './static.ts';

const page = (title: string) =>
  `<!doctype html><title>${title}</title>${'<p>Spectrometers, lasers and probe stations.</p>'.repeat(100)}`;
const script = `export const data = ${JSON.stringify(Array.from({ length: 300 }, (_, i) => ({ id: i, name: 'laser' })))};`;

let parent: string;
let site: string;
let app: Hono;

function write(path: string, content: string | Buffer): void {
  const file = join(site, path);
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, content);
}

beforeAll(() => {
  parent = mkdtempSync(join(tmpdir(), 'static-test-'));
  site = join(parent, 'site');
  write('index.html', page('Home'));
  write('contact/index.html', page('Contact'));
  write('_astro/app.Ab12.js', script);
  write('robots.txt', 'User-agent: *\nAllow: /\n');
  write('photo.webp', Buffer.alloc(4096, 7));
  write('404.html', page('Not found'));
  write('zh-CN/404/index.html', page('找不到页面'));
  write('builds/latest.json', JSON.stringify({ id: 'b1' }));
  write('builds/meta/b1.json', JSON.stringify({ routeRules: { '/old': { redirect: { to: '/contact' } } } }));
  writeFileSync(join(parent, 'secret.txt'), 'not part of the site');
  app = new Hono().use('*', staticSite(site));
});

afterAll(() => rmSync(parent, { recursive: true, force: true }));

const get = (path: string, acceptEncoding?: string, method = 'GET') =>
  app.request(path, { method, headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} });

const bytes = async (response: Response) => Buffer.from(await response.arrayBuffer());

describe('chooseEncoding', () => {
  test('prefers brotli, then gzip, and honours q=0 and the wildcard', () => {
    expect(chooseEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(chooseEncoding('gzip, deflate')).toBe('gzip');
    expect(chooseEncoding('br;q=0, gzip;q=0.5')).toBe('gzip');
    expect(chooseEncoding('*')).toBe('br');
    expect(chooseEncoding('br;q=0, *;q=0.1')).toBe('gzip');
    expect(chooseEncoding('identity')).toBeUndefined();
    expect(chooseEncoding('gzip;q=0, br;q=0')).toBeUndefined();
    expect(chooseEncoding(undefined)).toBeUndefined();
  });
});

describe('staticSite', () => {
  test('answers a page with brotli when the client accepts it, and says it varies by Accept-Encoding', async () => {
    const response = await get('/contact', 'gzip, deflate, br');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-encoding')).toBe('br');
    expect(response.headers.get('vary')).toBe('Accept-Encoding');
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(response.headers.get('cache-control')).toBe('no-cache');
    const body = await bytes(response);
    expect(body.length).toBeLessThan(page('Contact').length / 4);
    expect(brotliDecompressSync(body).toString()).toBe(page('Contact'));
  });

  test('answers with gzip when brotli is not accepted', async () => {
    const response = await get('/_astro/app.Ab12.js', 'br;q=0, gzip');
    expect(response.headers.get('content-encoding')).toBe('gzip');
    expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(gunzipSync(await bytes(response)).toString()).toBe(script);
  });

  test('answers the file as it is to a client that accepts no compression', async () => {
    const response = await get('/');
    expect(response.headers.get('content-encoding')).toBeNull();
    expect(response.headers.get('vary')).toBe('Accept-Encoding');
    expect(await response.text()).toBe(page('Home'));
  });

  test('leaves small files and already-compressed types alone', async () => {
    const robots = await get('/robots.txt', 'br, gzip');
    expect(robots.headers.get('content-encoding')).toBeNull();
    expect(await robots.text()).toBe('User-agent: *\nAllow: /\n');
    const photo = await get('/photo.webp', 'br, gzip');
    expect(photo.headers.get('content-encoding')).toBeNull();
    expect(photo.headers.get('vary')).toBeNull();
    expect(photo.headers.get('content-type')).toBe('image/webp');
    expect((await bytes(photo)).equals(Buffer.alloc(4096, 7))).toBe(true);
  });

  test('answers HEAD with the headers of GET and no body', async () => {
    const response = await get('/contact', 'br', 'HEAD');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-encoding')).toBe('br');
    expect(response.headers.get('vary')).toBe('Accept-Encoding');
    expect(response.body).toBeNull();
  });

  test('compresses a file again when a new build changes it', async () => {
    const first = await get('/contact', 'br');
    expect(brotliDecompressSync(await bytes(first)).toString()).toBe(page('Contact'));
    write('contact/index.html', page('Contact us'));
    // A later mtime, as a rebuild gives it, even on a file system with coarse timestamps.
    const later = new Date(Date.now() + 5000);
    utimesSync(join(site, 'contact/index.html'), later, later);
    const second = await get('/contact', 'br');
    expect(brotliDecompressSync(await bytes(second)).toString()).toBe(page('Contact us'));
  });

  test('answers the 404 page of the path locale, compressed, with status 404', async () => {
    const english = await get('/no/such/page', 'gzip');
    expect(english.status).toBe(404);
    expect(english.headers.get('content-encoding')).toBe('gzip');
    expect(gunzipSync(await bytes(english)).toString()).toBe(page('Not found'));
    const chinese = await get('/zh-CN/no/such/page', 'br');
    expect(chinese.status).toBe(404);
    expect(brotliDecompressSync(await bytes(chinese)).toString()).toBe(page('找不到页面'));
  });

  test('follows the build redirect rules, keeping the query', async () => {
    const response = await get('/old/?utm=mail', 'br');
    expect(response.status).toBe(301);
    expect(response.headers.get('location')).toBe('/contact?utm=mail');
  });

  test('serves nothing outside the site directory', async () => {
    for (const path of ['/../secret.txt', '/%2e%2e/secret.txt', '/..%2fsecret.txt']) {
      const response = await get(path, 'br');
      expect(response.status, path).toBe(404);
      expect(brotliDecompressSync(await bytes(response)).toString(), path).toBe(page('Not found'));
    }
  });

  test('passes other methods on', async () => {
    const response = await app.request('/contact', { method: 'POST' });
    expect(response.status).toBe(404);
    expect(await response.text()).toBe('404 Not Found');
  });
});
