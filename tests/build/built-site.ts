import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { releasesTidied } from '#build/publish/releases.ts';
import { buildSite } from '#build/site-build.ts';
import type { Db } from '#server/db/index.ts';
import { seedCatalogue } from '#server/seed/index.ts';
import type { SeedCatalogue } from '#server/seed/types.ts';
import { prepareDb, type RunningServer, startServer } from '#server/server.ts';

/** A site built once from a fresh API (the demo catalogue, or the one given), with what it was built from. */
export interface BuiltSite {
  outDir: string;
  db: Db;
  server: RunningServer;
  close(): Promise<void>;
}

/** Seeds a PGlite database, serves the API on loopback and builds the site from it into a temporary directory. */
export async function buildFresh(name: string, catalogue?: SeedCatalogue): Promise<BuiltSite> {
  const dir = mkdtempSync(join(tmpdir(), `storefront-${name}-`));
  const outDir = join(dir, 'site');
  const db = await prepareDb({ seed: catalogue === undefined });
  if (catalogue) await seedCatalogue(db, catalogue);
  const server = await startServer({ db, port: 0, host: '127.0.0.1' });
  await buildSite({
    apiBaseUrl: `http://127.0.0.1:${server.port}/api`,
    outDir,
    verbose: false,
    cacheDir: join(dir, 'astro-cache'),
    feedCredential: server.builderKey,
  });
  return {
    outDir,
    db,
    server,
    async close() {
      await server.close();
      await db.close();
      // A first build's staging tree is copied back after its publish (decision 0031).
      await releasesTidied();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
