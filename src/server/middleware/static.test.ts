import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { acceptedEncodings, staticSite } from './static.ts';

const page = (title: string) =>
  `<!doctype html><title>${title}</title>${'<p>Spectrometers, lasers and probe stations.</p>'.repeat(100)}`;
const script = `export const data = ${JSON.stringify(Array.from({ length: 300 }, (_, i) => ({ id: i, name: 'laser' })))};`;

const manual = Buffer.from(Array.from({ length: 5000 }, (_, i) => i % 251));

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
  write('files/manual.pdf', manual);
  write('prebuilt/index.html', page('Prebuilt'));
  // Copies as a build writes them (precompress.ts), written after the page: marked so the test sees which is sent.
  write('prebuilt/index.html.br', brotliCompressSync(page('Prebuilt from br')));
  write('prebuilt/index.html.gz', gzipSync(page('Prebuilt from gz')));
  write('404.html', page('Not found'));
  write('zh-CN/404/index.html', page('找不到页面'));
  write('builds/latest.json', JSON.stringify({ id: 'b1' }));
  write('builds/meta/b1.json', JSON.stringify({ routeRules: { '/old': { redirect: { to: '/contact' } } } }));
  writeFileSync(join(parent, 'secret.txt'), 'not part of the site');
  app = new Hono().use('*', staticSite(site));
});

afterAll(() => rmSync(parent, { recursive: true, force: true }));

const get = (path: string, acceptEncoding?: string, method = 'GET', headers: Record<string, string> = {}) =>
  app.request(path, {
    method,
    headers: { ...(acceptEncoding ? { 'accept-encoding': acceptEncoding } : {}), ...headers },
  });

const bytes = async (response: Response) => Buffer.from(await response.arrayBuffer());

describe('acceptedEncodings', () => {
  // The encoding a file with no compressed copy is compressed with: the best one the client allows.
  const chooseEncoding = (accept: string | undefined) => acceptedEncodings(accept)[0];
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

  test('answers a second GET with If-None-Match or If-Modified-Since with 304 and no body', async () => {
    for (const [path, encoding] of [
      ['/contact', 'br'],
      ['/files/manual.pdf', undefined],
      ['/_astro/app.Ab12.js', 'gzip'],
    ]) {
      const first = await get(path as string, encoding);
      expect(first.status, path).toBe(200);
      const etag = first.headers.get('etag');
      const lastModified = first.headers.get('last-modified');
      expect(etag, path).toMatch(/^"[0-9a-f]+-[0-9a-f]+(-\w+)?"$/);
      expect(lastModified, path).not.toBeNull();
      const again = await get(path as string, encoding, 'GET', { 'if-none-match': etag ?? '' });
      expect(again.status, path).toBe(304);
      expect(again.headers.get('etag'), path).toBe(etag);
      expect(await again.text(), path).toBe('');
      const since = await get(path as string, encoding, 'GET', { 'if-modified-since': lastModified ?? '' });
      expect(since.status, path).toBe(304);
    }
  });

  test('answers a changed file in full despite the old validators', async () => {
    const first = await get('/files/manual.pdf');
    const stale = await get('/files/manual.pdf', undefined, 'GET', { 'if-none-match': '"1-1"' });
    expect(stale.status).toBe(200);
    expect((await bytes(stale)).equals(manual)).toBe(true);
    const old = await get('/files/manual.pdf', undefined, 'GET', {
      'if-modified-since': 'Thu, 01 Jan 1998 00:00:00 GMT',
    });
    expect(old.status).toBe(200);
    expect(first.headers.get('etag')).not.toBe('"1-1"');
  });

  test('a brotli and an identity answer have different entity tags', async () => {
    const br = await get('/contact', 'br');
    const plain = await get('/contact');
    expect(br.headers.get('etag')).not.toBe(plain.headers.get('etag'));
    const cross = await get('/contact', undefined, 'GET', { 'if-none-match': br.headers.get('etag') ?? '' });
    expect(cross.status).toBe(200);
  });

  test('answers a byte range with 206 and exactly those bytes', async () => {
    const response = await get('/files/manual.pdf', 'br, gzip', 'GET', { range: 'bytes=100-199' });
    expect(response.status).toBe(206);
    expect(response.headers.get('content-range')).toBe(`bytes 100-199/${manual.length}`);
    expect(response.headers.get('content-length')).toBe('100');
    expect(response.headers.get('content-type')).toBe('application/pdf');
    expect((await bytes(response)).equals(manual.subarray(100, 200))).toBe(true);
    const tail = await get('/files/manual.pdf', undefined, 'GET', { range: 'bytes=-10' });
    expect(tail.status).toBe(206);
    expect((await bytes(tail)).equals(manual.subarray(manual.length - 10))).toBe(true);
    const open = await get('/files/manual.pdf', undefined, 'GET', { range: 'bytes=4990-' });
    expect((await bytes(open)).equals(manual.subarray(4990))).toBe(true);
    const whole = await get('/files/manual.pdf');
    expect(whole.headers.get('accept-ranges')).toBe('bytes');
  });

  test('answers a range of a text file from the file as it is, not compressed', async () => {
    const response = await get('/', 'br', 'GET', { range: 'bytes=0-14' });
    expect(response.status).toBe(206);
    expect(response.headers.get('content-encoding')).toBeNull();
    expect(await response.text()).toBe(page('Home').slice(0, 15));
  });

  test('answers a range past the end with 416 and the size', async () => {
    const response = await get('/files/manual.pdf', undefined, 'GET', { range: 'bytes=9000-9100' });
    expect(response.status).toBe(416);
    expect(response.headers.get('content-range')).toBe(`bytes */${manual.length}`);
  });

  test('answers the whole file when If-Range names another version', async () => {
    const response = await get('/files/manual.pdf', undefined, 'GET', { range: 'bytes=0-9', 'if-range': '"1-1"' });
    expect(response.status).toBe(200);
    expect((await bytes(response)).equals(manual)).toBe(true);
  });

  test('serves the brotli and gzip copies a build wrote, with their encoding and Vary', async () => {
    const br = await get('/prebuilt/', 'gzip, br');
    expect(br.headers.get('content-encoding')).toBe('br');
    expect(br.headers.get('vary')).toBe('Accept-Encoding');
    expect(brotliDecompressSync(await bytes(br)).toString()).toBe(page('Prebuilt from br'));
    const gz = await get('/prebuilt/', 'gzip');
    expect(gz.headers.get('content-encoding')).toBe('gzip');
    expect(gz.headers.get('vary')).toBe('Accept-Encoding');
    expect(gunzipSync(await bytes(gz)).toString()).toBe(page('Prebuilt from gz'));
    const plain = await get('/prebuilt/');
    expect(await plain.text()).toBe(page('Prebuilt'));
  });

  test('sends the gzip copy of a page that has no brotli copy to a client that accepts both', async () => {
    // A page under BROTLI_MIN_BYTES gets a gzip copy only (precompress.ts): that copy, not brotli made here.
    write('gzip-only/index.html', page('Gzip only'));
    write('gzip-only/index.html.gz', gzipSync(page('Gzip only, from gz')));
    const both = await get('/gzip-only/', 'gzip, deflate, br, zstd');
    expect(both.headers.get('content-encoding')).toBe('gzip');
    expect(gunzipSync(await bytes(both)).toString()).toBe(page('Gzip only, from gz'));
    // A client that takes brotli alone still gets brotli, made here from the file.
    const brOnly = await get('/gzip-only/', 'br');
    expect(brOnly.headers.get('content-encoding')).toBe('br');
    expect(brotliDecompressSync(await bytes(brOnly)).toString()).toBe(page('Gzip only'));
  });

  test('ignores a precompressed copy older than its file, compressing the file instead', async () => {
    write('stale/index.html', page('Stale'));
    write('stale/index.html.br', brotliCompressSync(page('An older build')));
    const earlier = new Date(Date.now() - 60_000);
    utimesSync(join(site, 'stale/index.html.br'), earlier, earlier);
    const response = await get('/stale/', 'br');
    expect(brotliDecompressSync(await bytes(response)).toString()).toBe(page('Stale'));
  });
});
