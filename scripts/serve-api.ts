import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { siteBuilder } from '#build/builder.ts';
import { serverConfig } from '#server/config.ts';
import { exitIfDataDirInUse } from '#server/db/lock.ts';
import { prepareDb, startServer } from '#server/server.ts';

/** `npm run serve:api`: the API (and the built site when there is one) on PORT. */
const config = serverConfig();
const db = await prepareDb({ url: config.databaseUrl, dataDir: join(config.dataDir, 'pglite') }).catch(
  exitIfDataDirInUse,
);
const siteDir = existsSync(config.siteDir) || config.siteBuilder ? config.siteDir : undefined;
const server = await startServer({
  db,
  port: config.port,
  host: config.host,
  siteDir,
  builder: config.siteBuilder
    ? siteBuilder({ db, outDir: config.siteDir, log: (message) => console.log(message) })
    : undefined,
});
console.log(`API on ${server.url}/api (database: ${db.kind})${siteDir ? `, site from ${siteDir}` : ''}`);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, async () => {
    await server.close();
    await db.close();
    process.exit(0);
  });
}
