import { gunzipSync } from 'node:zlib';
import { expect, test } from 'vitest';
import { describeApi } from '#tests/support/testing.ts';
import { createEditorToken } from './auth/editors.ts';
import { createReadCache, GZIP_FROM_BYTES } from './read-cache.ts';
import { acceptsGzip } from './router.ts';

describeApi('catalogue reads kept by the change feed version', (api) => {
  const read = async (path: string, body: object) => {
    const response = await api.request(path, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    return { status: response.status, type: response.headers.get('content-type'), text: await response.text() };
  };

  test('a read kept answers the same bytes, status and type as the one that made it', async () => {
    const [row] = await api.db.query<{ id: number }>('select id from product where published order by id limit 1');
    for (const [path, body] of [
      ['/product/item', { language: 'zh', id: row?.id }],
      ['/product/item', { language: 'en', id: 999_999 }],
      ['/category/list', { language: 'en' }],
      ['/system/config/list', {}],
    ] as const) {
      const first = await read(path, body);
      const again = await read(path, body);
      expect(again).toEqual(first);
    }
    // Defaults filled in name the same answer: no language is English.
    expect(await read('/category/list', {})).toEqual(await read('/category/list', { language: 'en' }));
  });

  test('a kept answer goes gzipped to a client that takes gzip, the same JSON once unzipped', async () => {
    const send = (encoding?: string) =>
      api.request('/product/page', {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(encoding ? { 'accept-encoding': encoding } : {}) },
        body: JSON.stringify({ language: 'zh', pageNum: 1, pageSize: 20 }),
      });
    const plain = await send();
    const text = await plain.text();
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(plain.headers.get('vary')).toContain('accept-encoding');
    expect(Buffer.byteLength(text)).toBeGreaterThan(GZIP_FROM_BYTES);
    // Kept now: the next read that takes gzip gets the same bytes, compressed.
    const zipped = await send('gzip, deflate, br');
    expect(zipped.headers.get('content-encoding')).toBe('gzip');
    expect(zipped.headers.get('vary')).toContain('accept-encoding');
    const bytes = Buffer.from(await zipped.arrayBuffer());
    expect(bytes.byteLength).toBeLessThan(Buffer.byteLength(text) / 2);
    expect(gunzipSync(bytes).toString()).toBe(text);
    // Refused gzip, or none asked for: the plain bytes.
    for (const encoding of ['gzip;q=0, identity', 'br', undefined]) {
      const again = await send(encoding);
      expect(again.headers.get('content-encoding')).toBeNull();
      expect(await again.text()).toBe(text);
    }
    // A small answer (a product not found) is sent as it is.
    const missing = await read('/product/item', { language: 'en', id: 999_999 });
    expect(Buffer.byteLength(missing.text)).toBeLessThan(GZIP_FROM_BYTES);
    const small = await api.request('/product/item', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'accept-encoding': 'gzip' },
      body: JSON.stringify({ language: 'en', id: 999_999 }),
    });
    expect(small.status).toBe(404);
    expect(small.headers.get('content-encoding')).toBeNull();
    expect(await small.text()).toBe(missing.text);
  });

  test('Accept-Encoding read as HTTP says: named or by *, not at q=0', () => {
    expect(acceptsGzip('gzip, deflate')).toBe(true);
    expect(acceptsGzip('br;q=1.0, gzip;q=0.8, *;q=0.1')).toBe(true);
    expect(acceptsGzip('*')).toBe(true);
    expect(acceptsGzip('x-gzip')).toBe(true);
    expect(acceptsGzip('gzip;q=0')).toBe(false);
    expect(acceptsGzip('*;q=0')).toBe(false);
    expect(acceptsGzip('br, deflate')).toBe(false);
    expect(acceptsGzip('identity')).toBe(false);
    expect(acceptsGzip(undefined)).toBe(false);
    expect(acceptsGzip('')).toBe(false);
  });

  test('a write through the API is seen by the very next read', async () => {
    const { token } = await createEditorToken(api.db, 'read-cache-admin@example.com', { role: 'admin' });
    const before = JSON.parse((await read('/system/config/list', { language: 'en' })).text);
    expect(before.code).toBe(200);
    const saved = await api.post(
      '/editor/config/save',
      { configName: 'readCacheProbe', configValue: { en: 'first', zh: '第一' } },
      { authorization: `Bearer ${token}` },
    );
    expect(saved.body.code).toBe(200);
    const after = JSON.parse((await read('/system/config/list', { language: 'en' })).text);
    expect(after.data).toContainEqual({ configName: 'readCacheProbe', configValue: 'first' });
  });

  test('SQL typed into the database, past the API, is seen by the very next read', async () => {
    const [row] = await api.db.query<{ id: number }>('select id from product where published order by id limit 1');
    const body = { language: 'en', id: row?.id };
    const before = JSON.parse((await read('/product/item', body)).text);
    await api.db.query('update product set name_en = $2 where id = $1', [row?.id, 'Renamed past the API']);
    const after = JSON.parse((await read('/product/item', body)).text);
    expect(after.data.name).toBe('Renamed past the API');
    expect(after.data.name).not.toBe(before.data.name);
  });

  test('answers are kept under a settled version only, and the least recently used go past the bound', async () => {
    const reads = createReadCache(api.db, 1_000);
    const version = await reads.version();
    expect(version.settled).toBe(true);
    const answer = (n: number) => ({ status: 200 as const, body: new TextEncoder().encode('x'.repeat(300 + n)) });
    reads.set(version, 'a', answer(0));
    reads.set(version, 'b', answer(1));
    reads.set(version, 'c', answer(2));
    expect(reads.size.entries).toBe(3);
    expect(reads.get(version, 'a')?.body).toEqual(answer(0).body);
    // A fourth goes past 1,000 bytes: b, the least recently used, makes room.
    reads.set(version, 'd', answer(3));
    expect(reads.get(version, 'b')).toBeUndefined();
    expect(reads.get(version, 'a')).toBeDefined();
    expect(reads.size.bytes).toBeLessThanOrEqual(1_000);
    // One answer larger than the bound is not kept at all.
    reads.set(version, 'e', { status: 200, body: new TextEncoder().encode('x'.repeat(2_000)) });
    expect(reads.get(version, 'e')).toBeUndefined();
    // Nothing is kept under a version a transaction was running at.
    reads.set({ ...version, settled: false }, 'f', answer(4));
    expect(reads.get(version, 'f')).toBeUndefined();
    // A content write moves the version: what was kept is gone.
    await api.db.query("update system_config set value_en = value_en || '.' where config_name = 'readCacheProbe'");
    const next = await reads.version();
    expect(next.key).not.toBe(version.key);
    expect(reads.get(next, 'a')).toBeUndefined();
    expect(reads.size).toEqual({ entries: 0, bytes: 0 });
  });

  test('reads that arrive while a version is being read share the next one', async () => {
    const reads = createReadCache(api.db);
    const versions = await Promise.all(Array.from({ length: 20 }, () => reads.version()));
    expect(new Set(versions.map((v) => v.key)).size).toBe(1);
  });
});
