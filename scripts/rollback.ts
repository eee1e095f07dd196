// `npm run rollback`: publishes the release before the current one again (or `-- RELEASE`, any kept one;
// `-- --list` shows them). One rename: the running server serves it from the next request, no restart.

import { parseArgs } from 'node:util';
import { currentRelease, listReleases, releaseInfo, rollback } from '#build/publish/releases.ts';
import { serverConfig } from '#server/config.ts';

const USAGE = `Usage:
  npm run rollback              publishes the release before the current one
  npm run rollback -- RELEASE   publishes that release (one of those kept)
  npm run rollback -- --list    the releases kept, the published one marked
Works on SITE_DIR (default dist); the running server follows without a restart.`;

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
const { siteDir } = serverConfig();

try {
  if (values.list) {
    const current = await currentRelease(siteDir);
    const releases = await listReleases(siteDir);
    if (releases.length === 0) console.log(`No releases under ${siteDir}.releases yet.`);
    for (const id of releases) console.log(`${id === current ? '* ' : '  '}${id}`);
  } else {
    const { from, to } = await rollback(siteDir, positionals[0]);
    const info = await releaseInfo(siteDir);
    console.log(`Published release ${to}${info ? ` (built ${info.publishedAt})` : ''} in place of ${from}.`);
  }
} catch (error) {
  console.error((error as Error).message);
  process.exit(1);
}
