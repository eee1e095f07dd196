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

/** Files the workers are making, by digest: settled when the file is in the cache (or the worker failed). */
const making = new Map<string, Promise<void>>();

/**
 * Each worker's heap: a file's sources take a few MB (about 20 MB of heap used, measured), but left alone
 * V8 let each worker's heap grow to 145 MB of garbage before collecting it, beside the build's own.
 */
const WORKER_LIMITS = { maxOldGenerationSizeMb: 96, maxYoungGenerationSizeMb: 8 };

/**
 * The files each worker is given ahead of its answers. Given one at a time, a worker waited for this
 * thread to take its answer and give it the next, and this thread, rendering pages, took them seldom: at
 * 10,000 products the workers idled 49 s of a 54 s render and this thread made half the files itself once
 * the pages were rendered (4.6 s; issue 17). The files are small to pass (a title and a product or a few).
 */
export const FILES_AHEAD = 32;

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
  const waiting = new Map<ResourceFile, { resolve: () => void; reject: (error: Error) => void }>();
  for (const file of missing) {
    making.set(
      file.digest,
      new Promise<void>((resolve, reject) => waiting.set(file, { resolve, reject })).catch(() => {
        // A worker that failed leaves the file to the build, which renders it itself.
      }),
    );
  }
  const settle = (file: ResourceFile, error?: Error) => {
    const job = waiting.get(file);
    waiting.delete(file);
    if (error) job?.reject(error);
    else job?.resolve();
  };
  setQueued({ dir, files: queue, settle });
  const idOf = new Map(missing.map((file, id) => [file, id]));
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
        id: idOf.get(file) ?? -1,
        kind,
        title,
        locale,
        products: products.map(documentProduct),
        path: join(dir, file.digest),
      };
      worker.postMessage(job);
    };
    worker.on('message', ({ id, error }: { id: number; error?: string }) => {
      given--;
      const file = missing[id];
      if (file) settle(file, error ? new Error(error) : undefined);
      feed();
    });
    worker.on('error', (error) => {
      // Everything not yet made falls back to the build's own thread.
      for (const job of waiting.values()) job.reject(error);
      waiting.clear();
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
  await making.get(digest);
  const path = join(dir, digest);
  if (!existsSync(path)) {
    keep(path, render());
    listed?.add(digest);
  }
  return path;
}
