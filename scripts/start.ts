// `npm start`: the API on embedded PGlite (or DATABASE_URL), migrated and seeded, the site built
// from it, and both served on one port.

import { join } from 'node:path';
import { siteBuilder } from '#build/builder.ts';
import { buildSite } from '#build/site-build.ts';
import type { WarmSlot } from '#build/warm/parent.ts';
import { demoEditor } from '#server/auth/demo-editor.ts';
import { serverConfig } from '#server/config.ts';
import { exitIfDataDirInUse } from '#server/db/lock.ts';
import { prepareDb, startServer } from '#server/server.ts';

const started = performance.now();
const config = serverConfig();
// The build names the site's origin in canonical, hreflang and sitemap links: without SITE_URL, this
// server's own, on the port it serves (astro.config.mjs reads SITE_URL).
process.env.SITE_URL ??= config.siteUrl;
const db = await prepareDb({ url: config.databaseUrl, dataDir: join(config.dataDir, 'pglite') }).catch(
  exitIfDataDirInUse,
);
// The first build leaves Astro's process up for the builder's next ones (decision 0076).
const warm: WarmSlot = {};
let server: Awaited<ReturnType<typeof startServer>>;
try {
  server = await startServer({
    db,
    port: config.port,
    host: config.host,
    siteDir: config.siteDir,
    // Editors' rebuilds (POST /api/editor/rebuild) are built and published by this process.
    builder: siteBuilder({ db, outDir: config.siteDir, log: (message) => console.log(message), warm }),
  });
} catch (error) {
  const code = (error as NodeJS.ErrnoException).code;
  console.error(code === 'EADDRINUSE' ? `Port ${config.port} is in use: set PORT to another port.` : error);
  await db.close();
  process.exit(1);
}
console.log(`API ready on ${server.url}/api (database: ${db.kind}); building the site…`);

try {
  const { ms } = await buildSite({
    apiBaseUrl: `http://127.0.0.1:${server.port}/api`,
    outDir: config.siteDir,
    feedCredential: server.builderKey,
    warm,
  });
  console.log(`Site built in ${(ms / 1000).toFixed(1)} s.`);
} catch (error) {
  console.error((error as Error).message);
  await server.close();
  await db.close();
  process.exit(1);
}

console.log(
  `\nReady in ${((performance.now() - started) / 1000).toFixed(1)} s: ${server.url}  (Chinese: ${server.url}/zh-CN)\n`,
);
// The demo's editor, on the embedded database only: a server of one's own has its editors made on purpose.
const editor = db.kind === 'pglite' ? await demoEditor(db, config.dataDir) : undefined;
if (editor) {
  const mail = config.smtpUrl ? 'is sent by SMTP' : `is written to ${config.mailDir} as .eml files`;
  console.log(
    `Editors' workspace: ${server.url}/editor\n` +
      `  sign in as ${editor.email} with an emailed code (mail ${mail}), or with this token:\n  ${editor.token}\n`,
  );
}

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, async () => {
    await server.close();
    await db.close();
    process.exit(0);
  });
}
