import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { prepareDb, startServer } from '../../src/server/server.ts';
import { buildSite } from '../../src/server/site-build.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    /** The same site served like a plain static host: no server-side redirect rules. */
    plainBaseUrl: string;
    /** A product renamed before the build: its old and its current path. */
    renamed: { oldPath: string; newPath: string };
  }
}

/** Builds the site from a fresh seeded API and serves both, as `npm start` does, on a free port. */
export default async function setup(project: TestProject) {
  const dir = mkdtempSync(join(tmpdir(), 'storefront-e2e-'));
  const siteDir = join(dir, 'dist');
  const db = await prepareDb({ url: process.env.E2E_DATABASE_URL });
  // An editor renamed a product before this build: its old link must still land.
  const [before] = await db.query<{ id: number; slug: string }>('select id, slug from product where id = 3');
  if (!before) throw new Error('The demo catalogue has no product 3.');
  await db.query(
    "update product set slug = slug || '-mk2', name_en = name_en || ' Mk2', name_zh = name_zh || ' Mk2' where id = 3",
  );
  const server = await startServer({ db, port: 0, host: '127.0.0.1', siteDir });
  const plain = await startServer({ db, port: 0, host: '127.0.0.1', siteDir, followRouteRules: false });
  const { ms } = await buildSite({
    apiBaseUrl: `http://127.0.0.1:${server.port}/api`,
    outDir: siteDir,
    verbose: false,
  });
  console.log(`e2e: site built in ${(ms / 1000).toFixed(1)} s, served at ${server.url}`);
  project.provide('baseUrl', `http://127.0.0.1:${server.port}`);
  project.provide('plainBaseUrl', `http://127.0.0.1:${plain.port}`);
  project.provide('renamed', { oldPath: `/product/3-${before.slug}`, newPath: `/product/3-${before.slug}-mk2` });
  return async () => {
    await plain.close();
    await server.close();
    await db.close();
    rmSync(dir, { recursive: true, force: true });
  };
}
