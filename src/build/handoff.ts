// What the process that runs a build (site-build.ts, through astro-process.ts) tells Astro's process. Astro's
// process loads our code three ways that share no module instances (the preload, the config with its
// integration, and the bundle Vite makes of the pages), and the environment is what reaches all three; each
// name is written and read here only. docs/build.md draws where each is read.

const NAMES = {
  stagingState: 'SITE_STAGING_STATE',
  startedAt: 'SITE_BUILD_STARTED',
  outputCopies: 'SITE_OUTPUT_COPIES',
  finishAsRendered: 'SITE_FINISH_AS_RENDERED',
  downloadsWorker: 'RESOURCE_WORKER',
  cacheDir: 'ASTRO_CACHE_DIR',
  feedCredential: 'SITE_FEED_CREDENTIAL',
  warm: 'SITE_WARM',
  warmCpuProfile: 'WARM_CPU_PROFILE',
} as const;

export interface Handoff {
  /**
   * The kept staging tree's state directory (work-dir.ts): set for a build into the staging tree, which then
   * finishes pages as rendered, keeps side files and downloads between builds, and settles the tree after.
   */
  stagingState: string | undefined;
  /** When the build started (ms, wall clock): files modified since were written by it. */
  startedAt: number | undefined;
  /** Astro's copies directory, which the preload leaves unwritten (internals/astro-preload.ts). */
  outputCopies: string | undefined;
  /** How many files are finished as rendered (finish/page-finish.ts); the rest after Astro. */
  finishAsRendered: number | undefined;
  /** The downloads' worker thread script (downloads/worker.ts); the integration sets it. */
  downloadsWorker: string | undefined;
  /** Astro's cache directory, when a build keeps its own (tests, benchmarks). */
  cacheDir: string | undefined;
  /**
   * What the products loader reads the change feed with (decision 0064): the builder key of the API process
   * that started the build, or an editor token (`npm run build` with EDITOR_TOKEN). Without it every load is
   * a full one.
   */
  feedCredential: string | undefined;
  /**
   * Astro's process stays up after its build and renders the next builds it is sent (src/build/warm/),
   * through the IPC channel the warm builder opened.
   */
  warm: boolean | undefined;
  /** A directory for a CPU profile of each warm build (set by whoever runs the builder, to measure). */
  warmCpuProfile: string | undefined;
}

const numberOr = (text: string | undefined) => (text === undefined || text === '' ? undefined : Number(text));

/** The handoff as Astro's process has it. */
export function readHandoff(env: NodeJS.ProcessEnv = process.env): Handoff {
  return {
    stagingState: env[NAMES.stagingState] || undefined,
    startedAt: numberOr(env[NAMES.startedAt]),
    outputCopies: env[NAMES.outputCopies] || undefined,
    finishAsRendered: numberOr(env[NAMES.finishAsRendered]),
    downloadsWorker: env[NAMES.downloadsWorker] || undefined,
    cacheDir: env[NAMES.cacheDir] || undefined,
    feedCredential: env[NAMES.feedCredential] || undefined,
    warm: env[NAMES.warm] === '1' || undefined,
    warmCpuProfile: env[NAMES.warmCpuProfile] || undefined,
  };
}

/** The environment variables that hand `handoff` over to a child process. */
export function handoffEnv(handoff: Partial<Handoff>): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [key, name] of Object.entries(NAMES) as [keyof Handoff, string][]) {
    const value = handoff[key];
    if (value === true) env[name] = '1';
    else if (value !== undefined && value !== false) env[name] = String(value);
  }
  return env;
}

/** Sets the downloads' worker script in this process, unless set already (the integration, at config time). */
export function setDownloadsWorker(path: string): void {
  process.env[NAMES.downloadsWorker] ||= path;
}
