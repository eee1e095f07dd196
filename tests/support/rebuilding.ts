import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { siteBuilder } from '#build/builder.ts';
import { releasesTidied } from '#build/publish/releases.ts';
import { buildStatus, requestBuild } from '#build/queue.ts';
import type { Db } from '#server/db/index.ts';
import { prepareDb, type RunningServer, startServer } from '#server/server.ts';

// The harness of the real-build tests of tests/build/: the demo catalogue on PGlite, an API server with its
// own builder publishing into a temporary directory, and rebuilds queued and run as an editor's are.

export interface Rebuilding {
  /** The temporary directory: the site (`site`), Astro's cache (`astro-cache`), and room for others. */
  dir: string;
  /** The published site. */
  outDir: string;
  db: Db;
  server: RunningServer;
  /** Queues a build, lets the server's builder run it, and answers its row as it ended. */
  rebuild(): Promise<NonNullable<Awaited<ReturnType<typeof buildStatus>>>>;
  /** Closes the server and database, waits for the releases' tidying, and removes the directory. */
  close(): Promise<void>;
}

export async function startRebuilding(
  name: string,
  builder: { verbose?: boolean; log?: (line: string) => void } = {},
): Promise<Rebuilding> {
  const dir = mkdtempSync(join(tmpdir(), `storefront-${name}-`));
  const outDir = join(dir, 'site');
  const db = await prepareDb({});
  const server = await startServer({
    db,
    port: 0,
    host: '127.0.0.1',
    siteDir: outDir,
    builder: siteBuilder({ db, outDir, cacheDir: join(dir, 'astro-cache'), ...builder }),
  });
  return {
    dir,
    outDir,
    db,
    server,
    async rebuild() {
      const { buildId } = await requestBuild(db, 'test');
      await server.builder?.kick();
      const row = await buildStatus(db, buildId);
      if (!row) throw new Error('the build vanished');
      return row;
    },
    async close() {
      await server.close();
      await db.close();
      // A first build's staging tree is copied back after its publish (decision 0031).
      await releasesTidied();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
