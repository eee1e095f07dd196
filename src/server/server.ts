import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import type { Builder } from '#build/queue.ts';
import { API_BASE, createApp } from './app.ts';
import { builderKey } from './auth/builder-key.ts';
import { startBackground } from './background.ts';
import { serverConfig } from './config.ts';
import { openControlChannel } from './control/channel.ts';
import { type Db, type DbOptions, openDb } from './db/index.ts';
import { migrate } from './db/migrate.ts';
import { createMailer, type Mailer } from './mail/mailer.ts';
import { createOutbox } from './mail/outbox.ts';
import { catalogue } from './seed/data/index.ts';
import { seedIfEmpty } from './seed/index.ts';

/** How long close() lets requests under way finish before it cuts their connections. */
const CLOSE_GRACE_MS = 5000;

export interface RunningServer {
  db: Db;
  url: string;
  port: number;
  /** This process's builder, when startServer was given `builder`. */
  builder?: Builder | undefined;
  /**
   * This process's builder key (auth/builder-key.ts): a build of this process that reads this server
   * (`buildSite`'s `feedCredential`) reads the change feed with it.
   */
  builderKey: string;
  close(): Promise<void>;
}

/** Opens the database, migrates it, seeds the demo catalogue when empty. */
export async function prepareDb(options: DbOptions & { seed?: boolean }): Promise<Db> {
  const db = await openDb(options);
  await migrate(db);
  if (options.seed !== false) await seedIfEmpty(db, catalogue);
  return db;
}

/**
 * Serves the API (and the site, when siteDir is given) on a port; port 0 picks a free one. Mail goes
 * through `mailer` (default: SMTP_URL, or .eml files under DATA_DIR/outbox) from the outbox, which a
 * background loop retries until close(). TRUSTED_PROXIES and SESSION_DAYS apply unless given here.
 */
export async function startServer(options: {
  db: Db;
  port: number;
  host: string;
  siteDir?: string | undefined;
  followRouteRules?: boolean;
  mailer?: Mailer | undefined;
  trustedProxies?: readonly string[] | undefined;
  sessionDays?: number | undefined;
  siteOrigins?: readonly string[] | undefined;
  hstsMaxAge?: number | undefined;
  siteUrl?: string | undefined;
  /**
   * Makes the builder that builds and publishes the site into siteDir when a rebuild is asked for
   * (`siteBuilder` in src/build/builder.ts), given the address of this server's API and the key its builds
   * read the change feed with; none by default.
   */
  builder?: ((apiBaseUrl: () => string, builderKey: string) => Builder) | undefined;
}): Promise<RunningServer> {
  const config = serverConfig();
  const mailer =
    options.mailer ?? createMailer({ smtpUrl: config.smtpUrl, outboxDir: config.mailDir, from: config.mailFrom });
  const outbox = createOutbox(options.db, mailer);
  const app = createApp({
    db: options.db,
    siteDir: options.siteDir,
    followRouteRules: options.followRouteRules ?? true,
    outbox,
    trustedProxies: options.trustedProxies ?? config.trustedProxies,
    sessionDays: options.sessionDays ?? config.sessionDays,
    siteOrigins: options.siteOrigins ?? config.siteOrigins,
    hstsMaxAge: options.hstsMaxAge ?? config.hstsMaxAge,
    siteUrl: options.siteUrl ?? config.siteUrl,
    onBuildRequested: () => void builder?.kick(),
    releases: () => builder?.releases,
    previews: () => builder?.previews,
    readCacheBytes: config.readCacheBytes,
  });
  let builder: Builder | undefined;
  // The command-line tools reach an embedded database this process holds through it (control/channel.ts).
  const { dataDir } = options.db;
  const control = dataDir
    ? await openControlChannel({
        db: options.db,
        dataDir,
        releases: () => builder?.releases,
        kick: options.builder && options.siteDir ? () => void builder?.kick() : undefined,
      })
    : undefined;
  const background = startBackground(options.db, outbox);
  const stopBackground = async () => {
    await control?.close();
    await builder?.close();
    await background.stop();
    // A mailer made here is ours to close; one passed in belongs to the caller.
    if (!options.mailer) mailer.close();
  };
  return new Promise((resolve, reject) => {
    const server = serve({ fetch: app.fetch, port: options.port, hostname: options.host }, (info: AddressInfo) => {
      if (options.builder && options.siteDir) {
        builder = options.builder(() => `http://${loopbackOr(options.host)}:${info.port}${API_BASE}`, builderKey());
        // A build queued while no builder ran (or through another process) starts now.
        void builder.kick();
      }
      const host = options.host === '0.0.0.0' || options.host === '127.0.0.1' ? 'localhost' : options.host;
      resolve({
        db: options.db,
        port: info.port,
        builder,
        builderKey: builderKey(),
        url: `http://${host}:${info.port}`,
        close: async () => {
          await new Promise<void>((done) => {
            // close() ends idle keep-alive connections and lets requests under way finish (a cart call
            // may be waiting for its batch), so the database is closed only after them; a connection
            // still busy after the grace period is cut.
            const grace = setTimeout(
              () => (server as unknown as { closeAllConnections?: () => void }).closeAllConnections?.(),
              CLOSE_GRACE_MS,
            );
            server.close(() => {
              clearTimeout(grace);
              done();
            });
          });
          await stopBackground();
        },
      });
    });
    server.once('error', (error) => {
      void stopBackground();
      reject(error);
    });
  });
}

/** The address this process reaches itself at: loopback when it listens on every address. */
function loopbackOr(host: string): string {
  if (host === '0.0.0.0' || host === 'localhost' || host === '') return '127.0.0.1';
  if (host === '::') return '[::1]';
  return host.includes(':') ? `[${host}]` : host;
}
