import { readFile } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { countChanges, feedPosition, pruneChanges } from '#server/db/changes.ts';
import type { Db } from '#server/db/index.ts';
import type { BuildProgress } from './astro-process.ts';
import {
  currentRelease,
  listReleases,
  RELEASE_FILE,
  RELEASES_KEPT,
  releasesDir,
  rollback,
} from './publish/releases.ts';
import { type Builder, isUniqueViolation, type Previews, type Releases } from './queue.ts';
import { buildSite } from './site-build.ts';
import { endWarm, type WarmSlot } from './warm/parent.ts';

// The builder: takes the builds the queue (queue.ts) holds, one at a time across every process on the
// database, builds, verifies and publishes each, and records how it went on its row.

/** A building build not heard from for this long has stopped (its process died) and is marked failed. */
const SILENT_MS = 60_000;
/** How often a running build says it is alive and writes its progress. */
const HEARTBEAT_MS = 2_000;
/** How often a builder looks for builds queued through another process. */
const POLL_MS = 5_000;

/** How long the previews' warm Astro process waits for the next preview before it ends. */
const PREVIEW_WARM_MS = 10 * 60_000;

export interface BuilderOptions {
  db: Db;
  /** The published site (a link to the current release). */
  outDir: string;
  /** The API the build reads: this process's own. */
  apiBaseUrl: () => string;
  /** That API's builder key, which the build reads the change feed with (decision 0064). */
  builderKey: string;
  cacheDir?: string | undefined;
  /** Print Astro's output. */
  verbose?: boolean;
  /** Told when a build starts, progresses and ends. */
  log?: (message: string) => void;
  /**
   * Where the warm builder's Astro process is kept between builds (decision 0076): shared with the first
   * build of `npm start`; a slot of its own when not given; `false` builds every time cold.
   */
  warm?: WarmSlot | false | undefined;
}

/**
 * Builds what is queued, one build at a time across every process on the database (the partial unique
 * index on building builds), and looks for builds queued elsewhere every few seconds.
 */
function startBuilder({
  db,
  outDir,
  apiBaseUrl,
  builderKey,
  cacheDir,
  verbose = false,
  log = () => {},
  warm = {},
}: BuilderOptions) {
  const slot = warm === false ? undefined : warm;
  let running: Promise<void> | undefined;
  let again = false;
  let closed = false;

  const take = async (): Promise<string | undefined> => {
    await db.query(
      `update site_build set status = 'failed', finished_at = now(),
         error = 'The process building it stopped before it finished.'
       where status = 'building' and heartbeat_at < now() - make_interval(secs => $1)`,
      [SILENT_MS / 1000],
    );
    try {
      const [row] = await db.query<{ id: string }>(
        `update site_build set status = 'building', started_at = now(), heartbeat_at = now()
         where status = 'queued' and not exists (select 1 from site_build where status = 'building')
         returning id`,
      );
      return row?.id;
    } catch (error) {
      // Another process took it, or started another, at the same moment.
      if (isUniqueViolation(error)) return undefined;
      throw error;
    }
  };

  const run = async (id: string) => {
    // The feed's position as the build starts: its loads read from there or later, and pruning keeps what
    // the kept releases' builds read from (pruneChanges).
    const [last] = await db.query<{ feed_position: string | null }>(
      `select feed_position::text from site_build where status = 'published' and feed_position is not null
       order by finished_at desc limit 1`,
    );
    const until = await feedPosition(db);
    const changes = await countChanges(db, Number(last?.feed_position ?? 0), until);
    await db.query('update site_build set feed_position = $2, changes = $3 where id = $1', [id, until, changes]);
    log(`build ${id}: started (${changes} content changes since the last published build)`);
    let progress: BuildProgress = { rendered: 0, reused: 0 };
    const beat = async () => {
      await db
        .query(
          `update site_build set heartbeat_at = now(), pages_rendered = $2, pages_reused = $3, pages_total = $4,
             eta_ms = $5 where id = $1 and status = 'building'`,
          [id, progress.rendered, progress.reused, progress.total ?? null, progress.etaMs ?? null],
        )
        .catch(() => undefined);
    };
    const heartbeat = setInterval(beat, HEARTBEAT_MS);
    try {
      const result = await buildSite({
        apiBaseUrl: apiBaseUrl(),
        outDir,
        verbose,
        cacheDir,
        buildId: id,
        onProgress: (next) => {
          progress = next;
        },
        feedCredential: builderKey,
        warm: slot,
      });
      clearInterval(heartbeat);
      // Nothing a page shows changed: the release published stays, and the build names it.
      const unchanged = result.path.warm && result.path.unchanged === true;
      const release = unchanged ? basename(result.release) : result.buildId;
      await db.query(
        `update site_build set status = 'published', finished_at = now(), pages_rendered = $2, pages_reused = $3,
           pages_total = $4, eta_ms = 0, release = $5 where id = $1`,
        [id, result.rendered, result.reused, result.rendered + result.reused, release],
      );
      const how = result.path.warm ? 'warm' : result.path.reason ? `cold: ${result.path.reason}` : 'cold';
      const what = unchanged
        ? `nothing changed since release ${release}, which stays`
        : `${result.rendered} pages rendered, ${result.reused} reused`;
      log(`build ${id}: published in ${(result.ms / 1000).toFixed(1)} s (${what}; ${how})`);
      // What no kept release's build read from any more leaves the feed.
      await pruneChanges(db, RELEASES_KEPT).catch((error) =>
        log(`build ${id}: pruning the change feed failed: ${(error as Error).message}`),
      );
    } catch (error) {
      clearInterval(heartbeat);
      const reason = (error as Error).message.slice(0, 4000);
      await db.query(`update site_build set status = 'failed', finished_at = now(), error = $2 where id = $1`, [
        id,
        reason,
      ]);
      log(`build ${id}: failed, the published site is as it was. ${reason}`);
    }
  };

  const loop = async () => {
    do {
      again = false;
      for (let id = await take(); id && !closed; id = await take()) await run(id);
    } while (again && !closed);
  };

  const kick = (): Promise<void> => {
    if (closed) return Promise.resolve();
    if (running) {
      again = true;
      return running;
    }
    running = loop()
      .catch((error) => log(`builder: ${(error as Error).message}`))
      .finally(() => {
        running = undefined;
      });
    return running;
  };

  const poll = setInterval(() => void kick(), POLL_MS);
  poll.unref();
  const previews = previewsOf({ outDir, apiBaseUrl, builderKey, cacheDir, verbose, log });
  return {
    kick,
    async close() {
      closed = true;
      clearInterval(poll);
      await running;
      await previews.settled();
      if (slot) await endWarm(slot);
    },
    releases: releasesOf(outDir),
    previews,
  } satisfies Builder;
}

/**
 * Previews beside the published site: `<outDir>.preview`, built with a cache of their own (a preview and
 * a publish may build at once), one at a time; a preview asked for while one builds joins the next.
 */
function previewsOf({
  outDir,
  apiBaseUrl,
  builderKey,
  cacheDir,
  verbose = false,
  log = () => {},
}: Omit<BuilderOptions, 'db'>): Previews & { settled(): Promise<void> } {
  const dir = `${outDir.replace(/[\\/]+$/, '')}.preview`;
  const previewCache = `${(cacheDir ?? 'node_modules/.astro').replace(/[\\/]+$/, '')}-preview`;
  let current: Promise<{ ms: number; rendered: number; reused: number }> | undefined;
  let next: Promise<{ ms: number; rendered: number; reused: number }> | undefined;
  // Previews are built warm too, by an Astro process of their own (decision 0076), which ends when no
  // preview was asked for in PREVIEW_WARM_MS: an editor previews in bursts, and it holds memory meanwhile.
  const warm: WarmSlot = {};
  let idle: NodeJS.Timeout | undefined;
  const run = async () => {
    clearTimeout(idle);
    const result = await buildSite({
      apiBaseUrl: apiBaseUrl(),
      outDir: dir,
      verbose,
      cacheDir: previewCache,
      feedCredential: builderKey,
      warm,
    }).finally(() => {
      idle = setTimeout(() => void endWarm(warm), PREVIEW_WARM_MS);
      idle.unref();
    });
    const how = result.path.warm ? 'warm' : result.path.reason ? `cold: ${result.path.reason}` : 'cold';
    log(
      `preview: built in ${(result.ms / 1000).toFixed(1)} s (${result.rendered} pages rendered, ${result.reused} reused; ${how})`,
    );
    return { ms: result.ms, rendered: result.rendered, reused: result.reused };
  };
  const build = (): Promise<{ ms: number; rendered: number; reused: number }> => {
    if (!current) {
      current = run().finally(() => {
        current = undefined;
      });
      return current;
    }
    next ??= current
      .catch(() => undefined)
      .then(() => {
        next = undefined;
        return build();
      });
    return next;
  };
  return {
    dir,
    build,
    async settled() {
      await next?.catch(() => undefined);
      await current?.catch(() => undefined);
      clearTimeout(idle);
      await endWarm(warm);
    },
  };
}

/** The releases of a published site (`outDir` links to the current one): for builders and `npm run rollback`. */
export function releasesOf(outDir: string): Releases {
  return {
    async list() {
      const current = await currentRelease(outDir);
      return Promise.all(
        (await listReleases(outDir)).map(async (id) => {
          const info = await readFile(join(releasesDir(outDir), id, RELEASE_FILE), 'utf8')
            .then((text) => JSON.parse(text) as { publishedAt?: string })
            .catch(() => undefined);
          return { id, current: id === current, publishedAt: info?.publishedAt ?? null };
        }),
      );
    },
    rollback: (to) => rollback(outDir, to),
  };
}

/**
 * The builder a server starts once it listens (`startServer`'s `builder`), publishing into `outDir` from
 * that server's own API, whose change feed its builds read with that server's builder key.
 */
export const siteBuilder =
  (options: Omit<BuilderOptions, 'apiBaseUrl' | 'builderKey'>) =>
  (apiBaseUrl: () => string, builderKey: string): Builder =>
    startBuilder({ ...options, apiBaseUrl, builderKey });
