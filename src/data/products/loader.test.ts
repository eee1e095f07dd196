import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { Db } from '#server/db/index.ts';
import { prepareDb, type RunningServer, startServer } from '#server/server.ts';
import { keptWritten, loadedProducts, productsLoader } from './loader.ts';

// A full load (here: no store before, no credential for the change feed) against the real API on the demo
// catalogue: the loader returns before the records come, so that Astro goes on with its types and bundles
// while the API answers; the pages wait on the records, and the build on the store's writing.

let db: Db;
let server: RunningServer;
let cacheDir: string;
const before = process.env.API_BASE_URL;

beforeAll(async () => {
  db = await prepareDb({});
  server = await startServer({ db, port: 0, host: '127.0.0.1' });
  process.env.API_BASE_URL = `${server.url}/api`;
  cacheDir = mkdtempSync(join(tmpdir(), 'products-loader-'));
}, 60_000);

afterAll(async () => {
  if (before === undefined) delete process.env.API_BASE_URL;
  else process.env.API_BASE_URL = before;
  await server.close();
  await db.close();
  rmSync(cacheDir, { recursive: true, force: true });
});

/** What a pending promise is, the moment it is asked. */
const settled = (promise: Promise<unknown> | undefined) =>
  Promise.race([promise?.then(() => 'loaded'), Promise.resolve('pending')]);

test('a full load returns before its records come; they and the store for the next build follow', async () => {
  const lines: string[] = [];
  await productsLoader().load({
    store: { clear() {} },
    meta: { delete() {} },
    logger: { info: (line: string) => lines.push(line) },
    config: { cacheDir: pathToFileURL(`${cacheDir}/`) },
  } as unknown as Parameters<ReturnType<typeof productsLoader>['load']>[0]);
  const store = join(cacheDir, 'products-store.json');
  expect(await settled(loadedProducts())).toBe('pending');
  expect(existsSync(store)).toBe(false);

  await keptWritten();
  const products = (await loadedProducts()) ?? [];
  const [{ n } = { n: 0 }] = await db.query<{ n: number }>('select count(*)::int as n from product where published');
  expect(products).toHaveLength(n);
  expect(products.every((entry) => entry.en.id === entry.zh.id)).toBe(true);
  expect((JSON.parse(readFileSync(store, 'utf8')) as { order: string[] }).order).toEqual(
    products.map((entry) => entry.id),
  );
  expect(lines).toEqual([expect.stringMatching(/^products: full load \(\d+ products; no earlier load\) in \d+ ms$/)]);
}, 60_000);
