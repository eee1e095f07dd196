// `npm run rollback`: publishes the release before the current one again (or `-- RELEASE`, any kept one;
// `-- --list` shows them). One rename: the running server serves it from the next request, no restart.
// A rollback goes into the audit trail as done by `shell:<user>@<host>` (decision 0063), so it needs the
// database: DATABASE_URL, or the embedded one under DATA_DIR, through the server while one holds it
// (which then rolls back the site it publishes).

import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { releasesOf } from '#build/builder.ts';
import { currentRelease, listReleases, releaseInfo } from '#build/publish/releases.ts';
import { shellActor } from '#server/auth/actor.ts';
import { serverConfig } from '#server/config.ts';
import { openOps } from '#server/control/client.ts';
import { describeFailure } from '#server/control/ops.ts';

const USAGE = `Usage:
  npm run rollback              publishes the release before the current one
  npm run rollback -- RELEASE   publishes that release (one of those kept)
  npm run rollback -- --list    the releases kept, the published one marked
Works on SITE_DIR (default dist); the running server follows without a restart. A rollback is recorded in
the audit trail, on DATABASE_URL or the embedded database under DATA_DIR (through the server holding it).`;

const { values, positionals } = (() => {
  try {
    return parseArgs({ allowPositionals: true, options: { list: { type: 'boolean' }, help: { type: 'boolean' } } });
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
const { siteDir } = config;

try {
  if (values.list) {
    const current = await currentRelease(siteDir);
    const releases = await listReleases(siteDir);
    if (releases.length === 0) console.log(`No releases under ${siteDir}.releases yet.`);
    for (const id of releases) console.log(`${id === current ? '* ' : '  '}${id}`);
  } else {
    const dataDir = join(config.dataDir, 'pglite');
    if (!config.databaseUrl && !existsSync(dataDir))
      throw new Error(`No database to record the rollback in: set DATABASE_URL, or DATA_DIR to the server's.`);
    const session = await openOps({
      databaseUrl: config.databaseUrl,
      dataDir,
      actor: shellActor(),
      releases: releasesOf(siteDir),
    });
    try {
      const { from, to } = await session.run('rollback', { to: positionals[0] });
      if (session.where === 'server')
        console.log(`Published release ${to} in place of ${from}, through the server (process ${session.serverPid}).`);
      else {
        const info = await releaseInfo(siteDir);
        console.log(`Published release ${to}${info ? ` (built ${info.publishedAt})` : ''} in place of ${from}.`);
      }
    } finally {
      await session.close();
    }
  }
} catch (error) {
  console.error(describeFailure(error));
  process.exit(1);
}
