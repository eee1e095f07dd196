import { spawn } from 'node:child_process';
import { closeSync, openSync, readSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve, sep } from 'node:path';
import { StringDecoder } from 'node:string_decoder';
import { handoffEnv } from './handoff.ts';
import { strippedLoading } from './stripped/stripped.ts';
import { type WarmProcess, warmProcess } from './warm/parent.ts';
import type { WarmAnswer } from './warm/protocol.ts';

// Astro's process: how site-build.ts starts `astro build` (heap and allocator settings, the preload that
// reaches into it, the environment the storefront integration reads), and what it reads back from its
// output (pages done, each step's time).

const require = createRequire(import.meta.url);
export const astroBin = join(dirname(require.resolve('astro/package.json')), 'bin', 'astro.mjs');
const astroPreload = new URL('./internals/astro-preload.ts', import.meta.url).href;

/**
 * Where Astro's incremental build keeps a copy of each page it renders (`dist/` in its cache directory),
 * with a trailing separator: astro-preload.ts leaves these copies out.
 */
export const outputCopies = (cacheDir: string | undefined) =>
  `${resolve(cacheDir ?? 'node_modules/.astro', 'dist')}${sep}`;

/** How far a build has got: pages done (rendered or reused from the last build) of about how many. */
export interface BuildProgress {
  rendered: number;
  reused: number;
  /** The page count of the release before, when there is one: the estimate's base. */
  total?: number | undefined;
  /** Milliseconds until done, estimated from the pace so far; absent until pages are being written. */
  etaMs?: number | undefined;
}

export interface AstroRun {
  apiBaseUrl: string;
  outDir: string;
  verbose: boolean;
  cacheDir: string | undefined;
  buildId: string;
  total: number | undefined;
  onProgress: ((progress: BuildProgress) => void) | undefined;
  /** The staging tree's state directory and when the build started (handoff.ts hands both over). */
  staging: { state: string; since: number };
  /** What the build reads the change feed with (handoff.ts); none: every products load is a full one. */
  feedCredential: string | undefined;
  /** Keep Astro's process up after this build, for warm builds (src/build/warm/). */
  warm?: boolean | undefined;
}

/** What a build in Astro's process did: pages rendered and reused, its steps, and the process kept up. */
export interface AstroResult {
  rendered: number;
  reused: number;
  steps: AstroSteps;
  warm?: WarmProcess | undefined;
}

/**
 * Astro's steps, as its output times them: `setup` (config, loading the catalogue into the content
 * collections, types), `vite` (bundling), `render` (every route's pages and files), then the finish-site
 * integration's `settle`, `csp` and `compress` (integration/finish-site.ts).
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
 * last compressing ran in the threads already started (decision 0037). Grown to 1.5 times since issue 41,
 * once the download worker kept the second core busy through the render: 999 MiB at the full build's peak
 * against 1,045 at 1.6. A growth factor scales with the catalogue, where a fixed cap
 * (`--max-old-space-size`) would stop a larger catalogue's build.
 */
export const ASTRO_HEAP_FLAGS = ['--heap-growing-percent=50', '--max-semi-space-size=8'];

/**
 * The allocators' settings for Astro's process, each unless already set. Native memory is handed back
 * sooner (decision 0033): glibc keeps an arena a thread, and the bundler's allocator (mimalloc, in
 * rolldown) keeps freed pages for a while, both counted in the build's resident memory. Without
 * `MIMALLOC_ARENA_EAGER_COMMIT=0` the bundler's allocator commits its 1 GB arena as it touches it and keeps
 * 170-190 MB of it resident to the end of the build (decision 0034).
 *
 * glibc's blocks of 1 MiB and more are mapped apart, given back when freed, and its heap's free top is
 * given back past 2 MiB (decision 0056). Left to raise its threshold as large blocks are freed (up to
 * 32 MiB), glibc put the products' pages of records (5 MB each, read before the render) in its main heap,
 * which then held 152 MiB through a full build at 10,000 products; these settings held it at 92-115 MiB,
 * for the same CPU. Lower (128 KiB), each file's compressor state was mapped and unmapped again.
 */
export const astroMemoryEnv = (env: NodeJS.ProcessEnv = process.env) => ({
  MALLOC_ARENA_MAX: env.MALLOC_ARENA_MAX ?? '2',
  MALLOC_MMAP_THRESHOLD_: env.MALLOC_MMAP_THRESHOLD_ ?? String(1024 * 1024),
  MALLOC_TRIM_THRESHOLD_: env.MALLOC_TRIM_THRESHOLD_ ?? String(2 * 1024 * 1024),
  MIMALLOC_PURGE_DELAY: env.MIMALLOC_PURGE_DELAY ?? '0',
  MIMALLOC_ARENA_EAGER_COMMIT: env.MIMALLOC_ARENA_EAGER_COMMIT ?? '0',
});

/** Runs `astro build` in a child process, counting the pages it writes and reuses as it prints them. */
export function runAstroBuild({
  apiBaseUrl,
  outDir,
  verbose,
  cacheDir,
  buildId,
  total,
  onProgress,
  staging,
  feedCredential,
  warm = false,
}: AstroRun): Promise<AstroResult> {
  // A warm process collects its garbage after each build (warm/child.ts: the cold build's before it says
  // it is done, a warm build's while the builder checks and publishes it): it waits with what it keeps, not
  // with the build's garbage. Our TypeScript from its stripped copies, in the process and its threads
  // (decision 0084).
  const stripped = strippedLoading();
  const args = [
    ...ASTRO_HEAP_FLAGS,
    ...(warm ? ['--expose-gc'] : []),
    ...stripped.execArgv,
    '--import',
    astroPreload,
    astroBin,
    'build',
    '--outDir',
    outDir,
  ];
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
  return new Promise<AstroResult>((done, reject) => {
    const child = spawn(process.execPath, args, {
      env: {
        ...process.env,
        API_BASE_URL: apiBaseUrl,
        BUILD_ID: buildId,
        ASTRO_TELEMETRY_DISABLED: '1',
        ...handoffEnv({
          stagingState: staging.state,
          startedAt: staging.since,
          outputCopies: outputCopies(cacheDir),
          cacheDir: cacheDir ? resolve(cacheDir) : undefined,
          feedCredential,
          warm,
        }),
        ...astroMemoryEnv(),
        ...stripped.env,
      },
      stdio: warm ? ['ignore', logFd, logFd, 'ipc'] : ['ignore', logFd, logFd],
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
    // A warm build's process says when its first build is done, and stays up (warm/child.ts).
    if (warm) {
      child.once('message', (answer: WarmAnswer) => {
        if (answer.kind !== 'ready') return;
        finish();
        done({ ...counts, steps: timing.steps, warm: warmProcess(child, logFile) });
      });
    }
  });
}
