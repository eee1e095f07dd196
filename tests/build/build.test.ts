import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { buildSite } from '#build/site-build.ts';
import type { Db } from '#server/db/index.ts';
import { prepareDb, type RunningServer, startServer } from '#server/server.ts';

// A failed build must stop with a clear message and leave the published site exactly as it was.
describe('building the site from a broken API', () => {
  let dir: string;
  let outDir: string;
  let db: Db;
  let server: RunningServer;

  beforeEach(async () => {
    dir = mkdtempSync(join(tmpdir(), 'storefront-build-'));
    outDir = join(dir, 'site');
    mkdirSync(outDir);
    writeFileSync(join(outDir, 'index.html'), 'the published site');
    db = await prepareDb({});
    server = await startServer({ db, port: 0, host: '127.0.0.1' });
  });

  afterEach(async () => {
    await server.close();
    await db.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const build = () =>
    buildSite({
      apiBaseUrl: `http://127.0.0.1:${server.port}/api`,
      outDir,
      verbose: false,
      cacheDir: join(dir, 'astro-cache'),
      feedCredential: server.builderKey,
    });

  test('stops when the API cannot be reached', async () => {
    await server.close();
    await expect(build()).rejects.toThrow(/Build stopped: POST http:\/\/127\.0\.0\.1:\d+\/api\/\S+ .*failed/);
    expect(readFileSync(join(outDir, 'index.html'), 'utf8')).toBe('the published site');
  });

  test('stops when the API answers an error', async () => {
    await db.query('alter table product rename to product_gone');
    await expect(build()).rejects.toThrow(/Build stopped: POST \S+\/api\/\S+ .* answered HTTP 500: .*"code":500/);
    expect(readFileSync(join(outDir, 'index.html'), 'utf8')).toBe('the published site');
  });

  test('stops when the API answers data that does not fit the contract', async () => {
    await db.query("update product set currency = 'dollars' where id = 1");
    await expect(build()).rejects.toThrow(/does not fit the contract at "data\.records\.0\.currency"/);
    expect(readFileSync(join(outDir, 'index.html'), 'utf8')).toBe('the published site');
  });
});
