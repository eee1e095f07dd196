import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { closeSync, openSync, readSync } from 'node:fs';
import { mkdir, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { basename, dirname, join, resolve, sep } from 'node:path';
import { StringDecoder } from 'node:string_decoder';
import {
  abandonRelease,
  prepareRelease,
  publishRelease,
  RELEASE_FILE,
  releaseInfo,
  removeUnfinished,
  tidyLater,
} from './releases.ts';
import { readWritten } from './staging.ts';
import { inThread, type Tree, walkTree } from './tree-thread.ts';
import { verifySite } from './verify-site.ts';

const require = createRequire(import.meta.url);
export const astroBin = join(dirname(require.resolve('astro/package.json')), 'bin', 'astro.mjs');
const astroPreload = new URL('./astro-preload.ts', import.meta.url).href;

/**
 * Where Astro's incremental build keeps a copy of each page it renders (`dist/` in its cache directory),
 * with a trailing separator: astro-preload.ts leaves these copies out.
 */
export const outputCopies = (cacheDir: string | undefined) =>
  `${resolve(cacheDir ?? 'node_modules/.astro', 'dist')}${sep}`;

export interface SiteBuildOptions {
  /** The API the build reads, e.g. http://127.0.0.1:4321/api. */
  apiBaseUrl: string;
  /** Where the finished site is put. */
  outDir: string;
  /** Print Astro's output (true) or keep it and show it only when the build fails (false). */
  verbose?: boolean;
  /** Astro's cache (data store, rasterised images); default node_modules/.astro, shared by every build. */
  cacheDir?: string | undefined;
  /** Names the build, its payload versions and its release; a fresh one when not given. */
  buildId?: string | undefined;
  /** Told after each page Astro writes or reuses. */
  onProgress?: ((progress: BuildProgress) => void) | undefined;
}

/** How far a build has got: pages done (rendered or reused from the last build) of about how many. */
export interface BuildProgress {
  rendered: number;
  reused: number;
  /** The page count of the release before, when there is one: the estimate's base. */
  total?: number | undefined;
  /** Milliseconds until done, estimated from the pace so far; absent until pages are being written. */
  etaMs?: number | undefined;
}

export interface SiteBuildResult {
  ms: number;
  buildId: string;
  /** The release directory now published (outDir links to it). */
  release: string;
  /** Pages and other files Astro rendered, and those it reused unchanged from an earlier build. */
  rendered: number;
  reused: number;
  /** Milliseconds of each step: claiming the staging tree, Astro, the checks, publishing the release. */
  phases: { claim: number; astro: number; verify: number; publish: number };
  /** Milliseconds of Astro's own steps, from its output (see `astroSteps`). */
  steps: AstroSteps;
}

/**
 * Runs `astro build` against a running API into a fresh directory, checks the result (verify-site.ts),
 * and only then publishes it as a new release that outDir links to (releases.ts); a failed build or
 * check leaves the published site as it was and rejects with the reason.
 */
export async function buildSite({
  apiBaseUrl,
  outDir,
  verbose = true,
  cacheDir,
  buildId = newBuildId(),
  onProgress,
}: SiteBuildOptions): Promise<SiteBuildResult> {
  const started = performance.now();
  const startedAt = Date.now();
  const work = await claimWorkDir(outDir);
  // Files this build writes have a modification time after this; the margin covers coarse file clocks
  // (a file counted as written when it was not costs a copy, never a stale page). Nothing in the tree
  // is newer than the mark the last build left once it had made the tree whole (a copy may have ended
  // a moment ago).
  const since = Math.max(startedAt - 2000, (work.keptAt ?? 0) + 1);
  let mark = performance.now();
  const lap = () => {
    const ms = Math.round(performance.now() - mark);
    mark = performance.now();
    return ms;
  };
  const phases = { claim: lap(), astro: 0, verify: 0, publish: 0 };
  // Whether the claim went on to the work after the publish, which lets it go.
  let handedOver = false;
  try {
    // Copies an earlier build left (astro-preload.ts): a build that renders a page no longer updates its
    // copy, so one left could be restored stale.
    await rm(outputCopies(cacheDir), { recursive: true, force: true });
    let counts: { rendered: number; reused: number; steps: AstroSteps };
    let written: Set<string> | undefined;
    let tree: Tree | undefined;
    // This process only waits while Astro builds: it begins the release meanwhile (in a thread of its own).
    // If that fails, publishing makes the release from nothing.
    const preparing = work.base
      ? prepareRelease(outDir, buildId, work.base).catch(() => undefined)
      : Promise.resolve(undefined);
    try {
      const total = (await releaseInfo(outDir))?.pages;
      counts = await runAstroBuild({
        apiBaseUrl,
        outDir: work.dir,
        verbose,
        cacheDir,
        buildId,
        total,
        onProgress,
        staging: { state: work.state, since },
      });
      phases.astro = lap();
      written = await readWritten(work.state);
      // One listing of the staging tree for the checks and the release.
      tree = walkTree(work.dir);
      // What the release before had and this build removed (begun from it, the release knows).
      const begun = await preparing;
      const inTree = new Set(tree.files);
      const removed = begun && [...begun.files].filter((file) => !inTree.has(file));
      await verifySite(work.dir, apiBaseUrl, {
        written,
        linkCache: join(work.state, 'links.ndjson'),
        tree,
        removed,
      });
      phases.verify = lap();
    } catch (error) {
      const prepared = await preparing;
      if (prepared) await abandonRelease(prepared).catch(() => undefined);
      await work.discard();
      throw error;
    }
    const build = { ...counts, ms: Math.round(performance.now() - started) };
    if (!work.base) {
      // Nothing to link to (a first build, or its release is gone): the staging tree itself becomes the
      // release, and a copy of it the staging tree again, after the publish and under the same claim, so
      // the next build waits for it (decision 0031). Copying every file first held up the publish by
      // 8-46 s at 10,000 products. Until the copy is whole the tree has no marker: cut short, it is emptied.
      const release = await publishRelease(work.dir, outDir, buildId, build);
      phases.publish = lap();
      handedOver = true;
      tidyLater(async () => {
        try {
          await inThread({ kind: 'copy', from: release, to: work.dir, skip: [RELEASE_FILE] });
          await work.keep(release);
        } finally {
          await work.release();
        }
      });
      return { ms: Math.round(performance.now() - started), buildId, release, ...counts, phases };
    }
    const release = await publishRelease(work.dir, outDir, buildId, build, {
      written,
      base: work.base,
      prepared: await preparing,
      tree,
    });
    await work.keep(release);
    phases.publish = lap();
    return { ms: Math.round(performance.now() - started), buildId, release, ...counts, phases };
  } finally {
    if (!handedOver) await work.release();
  }
}

/** A build's id: the time it was asked for, to the millisecond, then a random part; ids sort by time. */
export function newBuildId(): string {
  // Two ids asked for in the same millisecond of this process still sort in the order they were made.
  lastIdTime = Math.max(Date.now(), lastIdTime + 1);
  return `${new Date(lastIdTime).toISOString().replace(/\D/g, '').slice(0, 17)}-${randomBytes(3).toString('hex')}`;
}
let lastIdTime = 0;

/** A build's claim on the staging tree of an outDir (decision 0025). */
export interface WorkDir {
  /** The staging tree, `<outDir>.next`: the last build's files, or empty. */
  dir: string;
  /** What the steps after Astro keep about the staging tree (the policy's sources, each page's links). */
  state: string;
  /** The release the last build made from the staging tree, when it is still there: a snapshot links to it. */
  base: string | undefined;
  /** When the last build marked the staging tree whole (ms, wall clock): no file in it is newer. */
  keptAt: number | undefined;
  /** Records that the staging tree is whole and that `release` was made from it. */
  keep(release: string): Promise<void>;
  /** Empties the staging tree and its state: the next build starts afresh. */
  discard(): Promise<void>;
  release(): Promise<void>;
}

/**
 * The working directory of a build: `<outDir>.next`, the staging tree, kept from one build to the next
 * so that Astro's incremental build finds unchanged pages in place; always the same path, because Astro
 * builds the output directory's path into the code of every page that uses images, and a path that
 * changed would make it render those pages every time. Builds into one outDir take turns: a claim waits
 * while another process (or this one) holds `<outDir>.next.lock`, and takes over a lock whose process is
 * gone. A staging tree that a build left without publishing from it (it failed, or its process died) is
 * emptied first: only a tree whose every file went into a release is built on.
 */
export async function claimWorkDir(outDir: string): Promise<WorkDir> {
  const target = resolve(outDir);
  await mkdir(dirname(target), { recursive: true });
  const lock = `${target}.next.lock`;
  for (;;) {
    try {
      await mkdir(lock);
      await writeFile(join(lock, 'pid'), String(process.pid));
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = Number(await readFile(join(lock, 'pid'), 'utf8').catch(() => '0'));
      // A lock without a pid is being made this moment, unless it is old (its maker died in between).
      const age = Date.now() - ((await stat(lock).catch(() => undefined))?.mtimeMs ?? Date.now());
      if ((holder > 0 && !processRuns(holder)) || (holder === 0 && age > STALE_LOCK_MS)) {
        await rm(lock, { recursive: true, force: true });
        continue;
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  await removeLeftovers(target);
  await removeUnfinished(outDir, processRuns);
  const dir = `${target}.next`;
  const state = `${target}.next-state`;
  const marker = join(state, 'published-as');
  const published = await readFile(marker, 'utf8').catch(() => undefined);
  const keptAt = published === undefined ? undefined : (await stat(marker).catch(() => undefined))?.mtimeMs;
  const discard = async () => {
    await Promise.all([rm(dir, { recursive: true, force: true }), rm(state, { recursive: true, force: true })]);
    await Promise.all([mkdir(dir), mkdir(state)]);
  };
  if (published === undefined) await discard();
  // Until this build publishes, the tree is being changed: a crash leaves it to be emptied. What the
  // last build wrote is no guide to this one.
  else await Promise.all([rm(marker), rm(join(state, 'written.json'), { force: true })]);
  const base =
    published &&
    (await stat(published).then(
      (found) => found.isDirectory(),
      () => false,
    ))
      ? published
      : undefined;
  let released = false;
  return {
    dir,
    state,
    base,
    keptAt,
    keep: (release) => writeFile(marker, release),
    discard,
    release: async () => {
      if (released) return;
      released = true;
      await rm(lock, { recursive: true, force: true });
    },
  };
}

/** A lock directory with no pid in it for this long was left by a process that died making it. */
const STALE_LOCK_MS = 10_000;

async function removeLeftovers(target: string): Promise<void> {
  const prefixes = [`${basename(target)}.next-`, `${basename(target)}.link-`];
  for (const entry of await readdir(dirname(target)).catch(() => [])) {
    const prefix = prefixes.find((start) => entry.startsWith(start));
    const pid = prefix ? Number(entry.slice(prefix.length).split('-')[0]) : 0;
    if (pid > 0 && !processRuns(pid)) await rm(join(dirname(target), entry), { recursive: true, force: true });
  }
}

function processRuns(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code !== 'ESRCH';
  }
}

interface AstroRun {
  apiBaseUrl: string;
  outDir: string;
  verbose: boolean;
  cacheDir: string | undefined;
  buildId: string;
  total: number | undefined;
  onProgress: ((progress: BuildProgress) => void) | undefined;
  /** The staging tree's state directory and when the build started (astro.config.mjs reads both). */
  staging: { state: string; since: number };
}

/**
 * Astro's steps, as its output times them: `setup` (config, loading the catalogue into the content
 * collections, types), `vite` (bundling), `render` (every route's pages and files), then the finish-site
 * integration's `settle`, `csp` and `compress` (astro.config.mjs).
 */
export interface AstroSteps {
  setup: number;
  vite: number;
  render: number;
  settle: number;
  csp: number;
  compress: number;
}

/** `1m 37s`, `10.49s`, `320ms` or `(8.1 s)` in milliseconds. */
export function parseDuration(text: string): number {
  let ms = 0;
  for (const [, amount, unit] of text.matchAll(/([\d.]+)\s*(ms|m|s)\b/g)) {
    ms += Number(amount) * (unit === 'ms' ? 1 : unit === 's' ? 1000 : 60_000);
  }
  return Math.round(ms);
}

/** Reads Astro's steps out of its output, line by line. */
export function astroSteps(): { read: (line: string) => void; steps: AstroSteps } {
  const steps: AstroSteps = { setup: 0, vite: 0, render: 0, settle: 0, csp: 0, compress: 0 };
  let rendering = false;
  const finish: [RegExp, keyof AstroSteps][] = [
    [/\[finish-site\] .*files written.*\(([^)]+)\)/, 'settle'],
    [/\[finish-site\] Content-Security-Policy.*\(([^)]+)\)/, 'csp'],
    [/\[finish-site\] .*precompressed.*\(([^)]+)\)/, 'compress'],
  ];
  return {
    steps,
    read(line) {
      const completed = /✓ Completed in (.+?)\.?$/.exec(line)?.[1];
      if (/\[build\] ✓ Completed in/.test(line) && steps.setup === 0 && completed)
        steps.setup = parseDuration(completed);
      const vite = /\[vite\] ✓ built in (.+)$/.exec(line)?.[1];
      if (vite) steps.vite += parseDuration(vite);
      if (/generating static routes/.test(line)) rendering = true;
      else if (rendering && completed && !/\[build\]/.test(line)) {
        steps.render = parseDuration(completed);
        rendering = false;
      }
      for (const [pattern, step] of finish) {
        const took = pattern.exec(line)?.[1];
        if (took) steps[step] = parseDuration(took);
      }
    },
  };
}

/** A line Astro prints per page: `├─ /path/index.html (+3ms)`, or `(cached)` / `(restored)` when reused. */
const PAGE_LINE = /\u251c\u2500 \S+.*?\((\+[\d.]+m?s|cached|restored)\)/;
/** The line the side files' writer prints when done (side-files.ts): as many written, as many unchanged. */
const SIDE_LINE = /side files: (\d+) written, (\d+) unchanged/;
// biome-ignore lint/suspicious/noControlCharactersInRegex: the colour codes Astro writes
const ANSI = /\u001b\[[\d;]*m/g;

/**
 * V8's heap settings for Astro's process (decisions 0035-0037). Left to itself V8 grows the heap to about
 * twice what is live when it finds garbage collection cheap, and the young generation to 3 x 16 MB; grown to
 * 1.3 times the live heap with 8 MB semi-spaces, Astro's process peaked at 810 MB instead of 1,119 MB in a
 * full build at 10,000 products, no slower. Grown to 1.6 times, the render takes 40-41 s instead of 46-48
 * (at 1.3, a full collection's marking about every second took a quarter of the build's CPU); that cost
 * 70-120 MiB more at the peak until the products' records shared their equal parts (compact.ts) and the
 * last compressing ran in the threads already started (decision 0037). A growth factor scales with the
 * catalogue, where a fixed cap (`--max-old-space-size`) would stop a larger catalogue's build.
 */
export const ASTRO_HEAP_FLAGS = ['--heap-growing-percent=60', '--max-semi-space-size=8'];

/**
 * The allocators' settings for Astro's process, each unless already set. Native memory is handed back
 * sooner (decision 0033): glibc keeps an arena a thread, and the bundler's allocator (mimalloc, in
 * rolldown) keeps freed pages for a while, both counted in the build's resident memory. Without
 * `MIMALLOC_ARENA_EAGER_COMMIT=0` the bundler's allocator commits its 1 GB arena as it touches it and keeps
 * 170-190 MB of it resident to the end of the build (decision 0034).
 */
export const astroMemoryEnv = (env: NodeJS.ProcessEnv = process.env) => ({
  MALLOC_ARENA_MAX: env.MALLOC_ARENA_MAX ?? '2',
  MIMALLOC_PURGE_DELAY: env.MIMALLOC_PURGE_DELAY ?? '0',
  MIMALLOC_ARENA_EAGER_COMMIT: env.MIMALLOC_ARENA_EAGER_COMMIT ?? '0',
});

/** Runs `astro build` in a child process, counting the pages it writes and reuses as it prints them. */
function runAstroBuild({ apiBaseUrl, outDir, verbose, cacheDir, buildId, total, onProgress, staging }: AstroRun) {
  const args = [...ASTRO_HEAP_FLAGS, '--import', astroPreload, astroBin, 'build', '--outDir', outDir];
  const cache = cacheDir ? { ASTRO_CACHE_DIR: resolve(cacheDir) } : {};
  const counts = { rendered: 0, reused: 0 };
  const timing = astroSteps();
  let firstPageAt = 0;
  let pending = '';
  const countLines = (text: string) => {
    pending += text;
    const lines = pending.split('\n');
    pending = lines.pop() ?? '';
    for (const line of lines) {
      timing.read(line.replace(ANSI, ''));
      const side = SIDE_LINE.exec(line.replace(ANSI, ''));
      if (side) {
        counts.rendered += Number(side[1]);
        counts.reused += Number(side[2]);
      }
      const match = PAGE_LINE.exec(line.replace(ANSI, ''));
      if (!match) continue;
      if (match[1] === 'cached' || match[1] === 'restored') counts.reused++;
      else counts.rendered++;
      firstPageAt ||= performance.now();
      const done = counts.rendered + counts.reused;
      const pace = (performance.now() - firstPageAt) / done;
      onProgress?.({
        ...counts,
        total,
        etaMs: total && total > done ? Math.round(pace * (total - done)) : undefined,
      });
    }
  };
  // Astro's output goes to a file, read as it grows: Astro ends its process when done, and what it wrote to a
  // pipe that was not read yet is lost (a no-change rebuild, which prints 60,000 lines in a second, lost its
  // last 8,000 and its closing steps); a file takes every write whole. It stays in the state directory.
  const logFile = join(staging.state, 'astro-output.log');
  const logFd = openSync(logFile, 'w');
  return new Promise<{ rendered: number; reused: number; steps: AstroSteps }>((done, reject) => {
    const child = spawn(process.execPath, args, {
      env: {
        ...process.env,
        API_BASE_URL: apiBaseUrl,
        BUILD_ID: buildId,
        ASTRO_TELEMETRY_DISABLED: '1',
        SITE_STAGING_STATE: staging.state,
        SITE_BUILD_STARTED: String(staging.since),
        SITE_OUTPUT_COPIES: outputCopies(cacheDir),
        ...astroMemoryEnv(),
        ...cache,
      },
      stdio: ['ignore', logFd, logFd],
    });
    closeSync(logFd);
    const reader = openSync(logFile, 'r');
    const decoder = new StringDecoder('utf8');
    const chunk = Buffer.alloc(1 << 20);
    let offset = 0;
    let output = '';
    const read = (text: string) => {
      // The last of Astro's output, for the error when it fails.
      output = (output + text).slice(-16_000);
      if (verbose) process.stdout.write(text);
      countLines(text);
    };
    const drain = () => {
      for (let n = readSync(reader, chunk, 0, chunk.length, offset); n > 0; ) {
        offset += n;
        read(decoder.write(chunk.subarray(0, n)));
        n = readSync(reader, chunk, 0, chunk.length, offset);
      }
    };
    const timer = setInterval(drain, 200);
    let finished = false;
    const finish = () => {
      if (finished) return;
      finished = true;
      clearInterval(timer);
      drain();
      read(`${decoder.end()}\n`);
      closeSync(reader);
    };
    child.once('error', (error) => {
      finish();
      reject(error);
    });
    child.once('close', (code) => {
      finish();
      if (code === 0) done({ ...counts, steps: timing.steps });
      else reject(new Error(`The site build failed (exit code ${code}).${verbose ? '' : `\n${output.slice(-4000)}`}`));
    });
  });
}
