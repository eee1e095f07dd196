import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { prepareDb, startServer } from '../../src/server/server.ts';
import { buildSite } from '../../src/server/site-build.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
  }
}

/** Builds the site from a fresh seeded API and serves both, as `npm start` does, on a free port. */
export default async function setup(project: TestProject) {
  const dir = mkdtempSync(join(tmpdir(), 'storefront-e2e-'));
  const siteDir = join(dir, 'dist');
  const db = await prepareDb({ url: process.env.E2E_DATABASE_URL });
  const server = await startServer({ db, port: 0, host: '127.0.0.1', siteDir });
  const { ms } = await buildSite({
    apiBaseUrl: `http://127.0.0.1:${server.port}/api`,
    outDir: siteDir,
    verbose: false,
  });
  console.log(`e2e: site built in ${(ms / 1000).toFixed(1)} s, served at ${server.url}`);
  project.provide('baseUrl', `http://127.0.0.1:${server.port}`);
  return async () => {
    await server.close();
    await db.close();
    rmSync(dir, { recursive: true, force: true });
  };
}
