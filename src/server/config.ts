import { join, resolve } from 'node:path';
import { refuseTrustProxy, trustedProxies } from './middleware/client-address.ts';
import { parseOrigins } from './middleware/cors.ts';

/** Settings read from the environment, with the embedded demo's defaults. */
export function serverConfig(env: NodeJS.ProcessEnv = process.env) {
  const port = Number(env.PORT ?? 4321);
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new Error(`PORT must be a port number, got "${env.PORT}".`);
  const sessionDays = Number(env.SESSION_DAYS ?? 30);
  if (!Number.isFinite(sessionDays) || sessionDays <= 0)
    throw new Error(`SESSION_DAYS must be a positive number of days, got "${env.SESSION_DAYS}".`);
  const dataDir = resolve(env.DATA_DIR ?? '.data');
  const hstsMaxAge = Number(env.HSTS_MAX_AGE ?? 0);
  refuseTrustProxy(env.TRUST_PROXY);
  const readCacheMb = Number(env.READ_CACHE_MB ?? 64);
  if (!Number.isFinite(readCacheMb) || readCacheMb < 0)
    throw new Error(`READ_CACHE_MB must be a number of megabytes (0 for none), got "${env.READ_CACHE_MB}".`);
  if (!Number.isInteger(hstsMaxAge) || hstsMaxAge < 0)
    throw new Error(`HSTS_MAX_AGE must be a whole number of seconds, got "${env.HSTS_MAX_AGE}".`);
  return {
    port,
    host: env.HOST ?? '127.0.0.1',
    /** A PostgreSQL server; when unset the embedded PGlite keeps its data under DATA_DIR. */
    databaseUrl: env.DATABASE_URL || undefined,
    dataDir,
    siteDir: resolve(env.SITE_DIR ?? 'dist'),
    /** An SMTP server for outgoing mail; when unset each message becomes an .eml file in mailDir. */
    smtpUrl: env.SMTP_URL || undefined,
    mailDir: join(dataDir, 'outbox'),
    mailFrom: env.MAIL_FROM || undefined,
    /** The proxies in front of the API (addresses, CIDR ranges): X-Forwarded-For counts only from them. */
    trustedProxies: trustedProxies(env.TRUSTED_PROXIES),
    /** How long a login lasts. */
    sessionDays,
    /** Origins of the site on other hosts (a CDN) allowed to call the API (CORS). */
    siteOrigins: parseOrigins(env.SITE_ORIGINS),
    /** Strict-Transport-Security max-age for a server reached over TLS; 0 sends none. */
    hstsMaxAge,
    /**
     * The site's public origin (as for the build: canonical and hreflang links, links in mail); without
     * SITE_URL, this server's own on localhost, its PORT included.
     */
    siteUrl: (env.SITE_URL || `http://localhost:${port}`).replace(/\/+$/, ''),
    /** `serve:api` builds and publishes the site into SITE_DIR on editors' rebuilds (SITE_BUILDER=1). */
    siteBuilder: env.SITE_BUILDER === '1',
    /** The most bytes the catalogue's read calls keep answers in (decision 0075); READ_CACHE_MB=0 keeps none. */
    readCacheBytes: Math.floor(readCacheMb * 1024 * 1024),
  };
}
