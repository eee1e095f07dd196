import { resolve } from 'node:path';

/** Settings read from the environment, with the embedded demo's defaults. */
export function serverConfig(env: NodeJS.ProcessEnv = process.env) {
  const port = Number(env.PORT ?? 4321);
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new Error(`PORT must be a port number, got "${env.PORT}".`);
  return {
    port,
    host: env.HOST ?? '127.0.0.1',
    /** A PostgreSQL server; when unset the embedded PGlite keeps its data under DATA_DIR. */
    databaseUrl: env.DATABASE_URL || undefined,
    dataDir: resolve(env.DATA_DIR ?? '.data'),
    siteDir: resolve(env.SITE_DIR ?? 'dist'),
  };
}
