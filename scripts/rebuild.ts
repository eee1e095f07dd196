// `npm run rebuild`: builds the site from the content as it is now, verifies it and publishes it as a new
// release (DESIGN.md section 8), printing progress; exits 1 with the reason when the build fails, and the
// published site is then as it was.
//
// Three ways, chosen by what is running:
// - With EDITOR_TOKEN set, it asks the running API (API_URL, default http://127.0.0.1:$PORT/api) to
//   rebuild, as POST /api/editor/rebuild does, and follows the build's status: the trail names the editor.
// - Otherwise it opens the database itself (DATABASE_URL, or the embedded one under DATA_DIR while no
//   server holds it), serves the API to the build on a loopback port, builds and publishes into SITE_DIR.
//   On a PostgreSQL server this works beside running API processes: the queue lets one build run at a time.
// - When a server holds the embedded database, it asks that server through its control channel, and the
//   server's builder builds. These two are in the trail as done by `shell:<user>@<host>` (decision 0063).

import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { siteBuilder } from '#build/builder.ts';
import { releasesTidied } from '#build/publish/releases.ts';
import { type BuildRow, buildStatus } from '#build/queue.ts';
import { shellActor } from '#server/auth/actor.ts';
import { serverConfig } from '#server/config.ts';
import { type OpsSession, throughHolder } from '#server/control/client.ts';
import { DataDirInUseError, exitIfDataDirInUse } from '#server/db/lock.ts';
import { requestRebuild } from '#server/publishing.ts';
import { prepareDb, startServer } from '#server/server.ts';

const USAGE = `Usage: npm run rebuild [-- --verbose]
Builds, verifies and publishes the site (SITE_DIR, default dist). With EDITOR_TOKEN set, asks the running
API at API_URL (default http://127.0.0.1:$PORT/api) to do it; otherwise opens the database itself, or asks
the server that holds the embedded one.`;

const { values } = (() => {
  try {
    return parseArgs({ options: { verbose: { type: 'boolean' }, help: { type: 'boolean' } } });
  } catch (error) {
    console.error(`${(error as Error).message}\n\n${USAGE}`);
    process.exit(2);
  }
})();
if (values.help) {
  console.log(USAGE);
  process.exit(0);
}

const config = serverConfig();

interface Status {
  status: BuildRow['status'];
  pagesTotal: number | null;
  pagesRendered: number;
  pagesReused: number;
  etaMs: number | null;
  ms: number | null;
  changes: number | null;
  release: string | null;
  error: string | null;
}

/** One line about where a build is. */
function describe(buildId: string, s: Status): string {
  const done = s.pagesRendered + s.pagesReused;
  switch (s.status) {
    case 'queued':
      return `build ${buildId}: queued (waiting for the build before it)`;
    case 'building': {
      const of = s.pagesTotal ? ` of about ${s.pagesTotal}` : '';
      const eta = s.etaMs ? `, about ${Math.ceil(s.etaMs / 1000)} s left` : '';
      return `build ${buildId}: building, ${done}${of} pages (${s.pagesRendered} rendered, ${s.pagesReused} reused)${eta}`;
    }
    case 'published':
      return `build ${buildId}: published as release ${s.release} in ${((s.ms ?? 0) / 1000).toFixed(1)} s: ${done} pages, ${s.pagesRendered} rendered, ${s.pagesReused} reused from the build before (${s.changes ?? 0} content changes)`;
    case 'failed':
      return `build ${buildId}: failed; the published site is as it was.\n${s.error ?? ''}`;
  }
}

/** Prints the status whenever it changes, until the build ends; answers whether it was published. */
async function follow(buildId: string, read: () => Promise<Status>): Promise<boolean> {
  let last = '';
  for (;;) {
    const status = await read();
    const line = describe(buildId, status);
    if (line !== last) console.log(line);
    last = line;
    if (status.status === 'published') return true;
    if (status.status === 'failed') return false;
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
}

async function throughApi(token: string): Promise<boolean> {
  const base = process.env.API_URL ?? `http://127.0.0.1:${config.port}/api`;
  const post = async (path: string, body: object) => {
    let response: Response;
    try {
      response = await fetch(base + path, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify(body),
      });
    } catch (error) {
      throw new Error(`Could not reach the API at ${base}: ${(error as Error).message}. Is it running?`);
    }
    const answer = (await response.json().catch(() => ({}))) as { code?: number; msg?: string; data?: unknown };
    if (answer.code !== 200) throw new Error(`${base}${path} answered ${response.status}: ${answer.msg ?? ''}`);
    return answer.data;
  };
  const { buildId, coalesced } = (await post('/editor/rebuild', {})) as { buildId: string; coalesced: boolean };
  if (coalesced) console.log(`build ${buildId}: joined the build already waiting`);
  return follow(buildId, async () => (await post('/editor/build/status', { buildId })) as Status);
}

/** The status of a build as a build row tells it. */
function statusOf(row: BuildRow): Status {
  const started = row.started_at ? Date.parse(row.started_at) : undefined;
  const finished = row.finished_at ? Date.parse(row.finished_at) : Date.now();
  return {
    status: row.status,
    pagesTotal: row.pages_total,
    pagesRendered: row.pages_rendered,
    pagesReused: row.pages_reused,
    etaMs: row.eta_ms,
    ms: started === undefined ? null : finished - started,
    changes: row.changes,
    release: row.release,
    error: row.error,
  };
}

/** Through the server that holds the embedded database: its builder builds. */
async function throughServer(session: OpsSession): Promise<boolean> {
  const { buildId, coalesced, builder } = await session.run('rebuild', {});
  console.log(`build ${buildId}: asked the server (process ${session.serverPid}) that holds the database`);
  if (coalesced) console.log(`build ${buildId}: joined the build already waiting`);
  if (!builder) {
    console.log(
      `build ${buildId}: queued, but that server does not build (start it with SITE_BUILDER=1, or use npm start).`,
    );
    return false;
  }
  return follow(buildId, async () => {
    const row = await session.run('build.status', { buildId });
    if (!row) throw new Error(`The build ${buildId} is gone from the database.`);
    return statusOf(row);
  });
}

async function inProcess(): Promise<boolean> {
  const dataDir = join(config.dataDir, 'pglite');
  const db = await prepareDb({ url: config.databaseUrl, dataDir }).catch(async (error) => {
    if (error instanceof DataDirInUseError) {
      const session = await throughHolder(dataDir, error, shellActor());
      if (session) return session;
    }
    return exitIfDataDirInUse(error);
  });
  if ('run' in db) return throughServer(db);
  const server = await startServer({
    db,
    port: 0,
    host: '127.0.0.1',
    siteDir: config.siteDir,
    builder: siteBuilder({ db, outDir: config.siteDir, verbose: values.verbose === true }),
  });
  try {
    const { buildId, coalesced } = await requestRebuild(db, shellActor());
    if (coalesced) console.log(`build ${buildId}: joined the build already waiting`);
    void server.builder?.kick();
    return await follow(buildId, async () => {
      const row = await buildStatus(db, buildId);
      if (!row) throw new Error(`The build ${buildId} is gone from the database.`);
      return statusOf(row);
    });
  } finally {
    await server.close();
    await db.close();
  }
}

try {
  const token = process.env.EDITOR_TOKEN;
  const published = token ? await throughApi(token) : await inProcess();
  // Published; the releases beyond the kept ones are still being removed (in the API's process when through it).
  await releasesTidied();
  process.exit(published ? 0 : 1);
} catch (error) {
  console.error((error as Error).message);
  process.exit(1);
}
