import { existsSync, mkdirSync, readdirSync, rmSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { documentProduct, type ResourceFile } from '#data/resource-render.ts';
import { readHandoff } from '../handoff.ts';
import { keep, setQueued } from './queue.ts';
import type { ResourceJob } from './worker.ts';

// The downloads' bytes kept between builds by their digest (issue 17): a full build (new code, an emptied
// Astro cache) renders again only the files whose content changed. The cache lives in the kept staging
// state (SITE_STAGING_STATE, src/build/publish/staging.ts), so a plain `astro build` keeps none. The files a build
// must make are made by worker threads (src/build/downloads/worker.ts, named by RESOURCE_WORKER, which
// the storefront integration sets) while the build goes on with its other routes.

/** The cache's directory, when this build keeps one. */
export function resourceCacheDir(): string | undefined {
  const state = readHandoff().stagingState;
  return state ? join(state, 'resource-files') : undefined;
}

const DIGEST = /^[\w-]+$/;

/**
 * The digests the cache holds as the pruning just before listed them, for `makeInWorkers` right after it
 * (one listing rather than a look-up a file: 30,000 at 10,000 products, each build).
 */
let listed: Set<string> | undefined;

/** Removes what no file of this build is made from any more (a digest not in `digests`). */
export function pruneResourceCache(digests: Iterable<string>): void {
  const dir = resourceCacheDir();
  if (!dir) return;
  mkdirSync(dir, { recursive: true });
  const keep = new Set(digests);
  const present = new Set<string>();
  for (const name of readdirSync(dir)) {
    if (!keep.has(name)) rmSync(join(dir, name), { force: true });
    else present.add(name);
  }
  listed = present;
}

/**
 * The digests of the files the workers are making, each with what waits for it (`keptFile`), if anything
 * does yet: forgotten once the file is in the cache or the worker failed. What waits is made only when a
 * route asks first: a promise and its resolvers a file up front held 12 MB of a full build's heap at
 * 10,000 products (30,000 files), where a few routes wait at a time.
 */
const making = new Map<string, (() => void)[] | undefined>();

/** A file made, or not made (a worker failed): what waits for it goes on, and renders it if it is not there. */
function settle(digest: string): void {
  const waiting = making.get(digest);
  making.delete(digest);
  for (const wake of waiting ?? []) wake();
}

/**
 * Each worker's heap: a file's sources take a few MB (about 20 MB of heap used, measured), but left alone
 * V8 let each worker's heap grow to 145 MB of garbage before collecting it, beside the build's own.
 */
const WORKER_LIMITS = { maxOldGenerationSizeMb: 96, maxYoungGenerationSizeMb: 8 };

/**
 * The files each worker is given ahead of its answers. A worker is given the next file when this thread
 * takes an answer, on a turn of its event loop, which a thread rendering pages gives seldom (a few times a
 * second at 10,000 products). Given 32 ahead, the worker made them and waited: it idled about nine tenths
 * of a full build's render, and once the pages were rendered this thread and the worker made the 16 s of
 * files left, with no page beside them. Given 512 (1-3 MB of jobs: 2-6 KB each, a title and a product or
 * a few), it makes files through the render: the full build took 71.3 s against 74.0 (issue 41).
 */
export const FILES_AHEAD = 512;

/**
 * Starts worker threads on the files the cache lacks, in the order the build will ask for them, and
 * answers how many: a core fewer than the machine has, at least one (Astro's main thread renders on one,
 * and the finishing thread shares them; each worker holds its own heap and the Chinese font). Without a
 * cache or a worker script the build renders each file itself.
 */
export function makeInWorkers(files: ResourceFile[], threads = Math.max(1, availableParallelism() - 1)): number {
  const dir = resourceCacheDir();
  const script = readHandoff().downloadsWorker;
  if (!dir || !script || !existsSync(script)) return 0;
  const known = listed;
  listed = undefined;
  const inCache = (digest: string) => (known ? known.has(digest) : existsSync(join(dir, digest)));
  const missing = files.filter((file) => DIGEST.test(file.digest) && !inCache(file.digest));
  if (missing.length === 0) return 0;
  const queue = [...missing];
  for (const file of missing) making.set(file.digest, undefined);
  setQueued({ dir, files: queue, settle: (file) => settle(file.digest) });
  const workers = Math.max(1, Math.min(threads, Math.ceil(missing.length / 50)));
  for (let n = 0; n < workers; n++) {
    const worker = new Worker(script, { resourceLimits: WORKER_LIMITS });
    worker.unref();
    // Files given and not answered yet.
    let given = 0;
    const feed = () => {
      const file = queue.shift();
      if (!file) {
        if (given === 0) void worker.terminate();
        return;
      }
      given++;
      const { kind, title, products, locale } = file.source;
      const job: ResourceJob = {
        digest: file.digest,
        kind,
        title,
        locale,
        products: products.map(documentProduct),
        path: join(dir, file.digest),
      };
      worker.postMessage(job);
    };
    // A file the worker failed to make is left to the build, which renders it itself (`keptFile`).
    worker.on('message', ({ digest }: { digest: string }) => {
      given--;
      settle(digest);
      feed();
    });
    worker.on('error', () => {
      // Everything not yet made falls back to the build's own thread.
      for (const digest of [...making.keys()]) settle(digest);
      queue.length = 0;
    });
    for (let ahead = 0; ahead < FILES_AHEAD; ahead++) feed();
  }
  return missing.length;
}

/**
 * Where a file's bytes are kept, by its digest: made here when neither the cache nor a worker has them.
 * The build links the kept file into the site rather than read and write its bytes (decision 0083).
 * Without a cache (a plain `astro build`), or for a name that is not a digest, nothing is kept: undefined.
 */
export async function keptFile(digest: string, render: () => Uint8Array<ArrayBuffer>): Promise<string | undefined> {
  const dir = resourceCacheDir();
  if (!dir || !DIGEST.test(digest)) return undefined;
  if (making.has(digest)) {
    await new Promise<void>((wake) => {
      const waiting = making.get(digest) ?? [];
      waiting.push(wake);
      making.set(digest, waiting);
    });
  }
  const path = join(dir, digest);
  if (!existsSync(path)) {
    keep(path, render());
    listed?.add(digest);
  }
  return path;
}
