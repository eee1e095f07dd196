import { type ChildProcess, fork } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { strippedLoading } from '../stripped/stripped.ts';
import { walkTree } from '../tree-thread.ts';
import { verifySite } from '../verify/verify-site.ts';
import { abandonRelease, keepAsSpare, makeRelease, makeSpare, prepareRelease } from './releases.ts';
import { readWritten } from './staging.ts';

// What a build does with the whole staging tree, in a process of its own that ends with the build (decision
// 0078): it begins the release while Astro builds, then lists the tree, checks it (verify-site.ts) and makes
// the release's files. Those steps hold every file's path several times over, and a full build's check
// every page's links: done on the thread that runs the build, they grew its heap by 250-400 MiB, kept while
// the builder (an API process) waited for the next build. In threads of that process, their heaps went
// when they ended, but the allocator kept 80-100 MiB of what they had used; a process gives back all.

/** The build a release process works for. */
export interface ReleaseWork {
  /** The staging tree and its state directory (work-dir.ts). */
  staging: string;
  state: string;
  /** The API the checks ask for its product count. */
  apiBaseUrl: string;
  outDir: string;
  id: string;
  /** The release the last build made from the staging tree; without it there is no release to make. */
  base: string | undefined;
}

type Step = 'check' | 'make' | 'abandon' | 'keep';

/** A build's release process, as the build sees it; each step is asked once, in order. */
export interface ReleaseProcess {
  /** Throws, naming what is wrong, unless the staging tree passes the checks (verifySite). */
  check(): Promise<void>;
  /** Makes the release's files from the checked staging tree (`makeRelease`); answers its directory. */
  make(): Promise<string>;
  /** Removes the release begun, for a build that will not be published. */
  abandon(): Promise<void>;
  /** Keeps the release begun as base's spare, for a build that changed nothing (its links are base's files). */
  keep(): Promise<void>;
  /** Ends the process (between steps). */
  end(): Promise<void>;
}

/**
 * A build's release process. With a base it starts at once and begins the release (prepareRelease) while
 * Astro builds; without one (a first build) it has nothing to do until the checks, and starts then: a Node
 * process waiting holds 50-80 MiB, counted in the build's peak, which comes while Astro renders.
 */
export function releaseProcess(work: ReleaseWork): ReleaseProcess {
  let child: ChildProcess | undefined;
  // A process that failed or ended between steps answers no more: the next step is refused at once.
  let gone: Error | undefined;
  let exited = Promise.resolve();
  const start = (): ChildProcess => {
    // None of the builder's flags (a test runner's, a heap snapshot's). Young generations of 2 MB rather
    // than V8's 16: what it keeps is the tree's listings, and at 10,000 products it peaked 50 MiB lower, no
    // slower. Our TypeScript from its stripped copies (decision 0084): Node's stripper would hold 30 MiB more.
    const stripped = strippedLoading();
    const started = fork(fileURLToPath(import.meta.url), [], {
      env: { ...process.env, ...stripped.env, SITE_RELEASE_WORK: JSON.stringify(work) },
      execArgv: ['--max-semi-space-size=2', ...stripped.execArgv],
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    exited = new Promise<void>((resolve) => {
      started.once('exit', (code, signal) => {
        gone ??= new Error(`the release process stopped (${signal ?? `exit ${code}`})`);
        resolve();
      });
    });
    started.on('error', (error) => {
      gone ??= error;
    });
    return started;
  };
  if (work.base) child = start();
  const ask = <T>(step: Step): Promise<T> => {
    // Not started: nothing was begun, so there is nothing to abandon or keep.
    if (!child && (step === 'abandon' || step === 'keep')) return Promise.resolve(undefined as T);
    child ??= start();
    const running = child;
    return gone
      ? Promise.reject(gone)
      : new Promise<T>((resolve, reject) => {
          const take = (message: { result?: T; error?: string }) => {
            running.off('exit', ended);
            if (message.error !== undefined) reject(new Error(message.error));
            else resolve(message.result as T);
          };
          const ended = () => {
            running.off('message', take);
            reject(gone ?? new Error(`the release process (${step}) stopped before it answered`));
          };
          running.once('message', take);
          running.once('exit', ended);
          running.send(step);
        });
  };
  return {
    check: () => ask<undefined>('check').then(() => undefined),
    make: () => ask<string>('make'),
    abandon: () => ask<undefined>('abandon').then(() => undefined),
    keep: () => ask<undefined>('keep').then(() => undefined),
    end: async () => {
      if (child && child.exitCode === null && child.signalCode === null) child.kill();
      await exited;
    },
  };
}

/** In the release process: each step the build asks for, one at a time; it ends when the build lets go. */
function serve(work: ReleaseWork): void {
  // Begun from base's spare, made while the builder waited (spareRelease); without one, in a thread, while
  // this one lists and checks the tree once asked: linking 140,000 files takes a second or more at 10,000
  // products, and a warm build is done sooner. The thread's copy of the paths goes with this process. A
  // release that cannot be begun is made from nothing (makeRelease links each file to base then).
  const preparing = work.base
    ? prepareRelease(work.outDir, work.id, work.base).catch(() => undefined)
    : Promise.resolve(undefined);
  let checked: { written: ReadonlySet<string> | undefined; tree: ReturnType<typeof walkTree> } | undefined;
  const steps: Record<Step, () => Promise<unknown>> = {
    async check() {
      const written = await readWritten(work.state);
      // One listing of the staging tree for the checks and the release.
      const tree = walkTree(work.staging);
      // What the release before had and this build removed (begun from it, the release knows).
      const begun = await preparing;
      const inTree = new Set(tree.files);
      const removed = begun && [...begun.files].filter((file) => !inTree.has(file));
      await verifySite(work.staging, work.apiBaseUrl, {
        written,
        linkCache: join(work.state, 'links.ndjson'),
        tree,
        removed,
      });
      checked = { written, tree };
      return undefined;
    },
    async make() {
      if (!checked) throw new Error('The release thread was asked to make a release it has not checked.');
      return makeRelease(work.staging, work.outDir, work.id, {
        written: checked.written,
        base: work.base,
        prepared: await preparing,
        tree: checked.tree,
      });
    },
    async abandon() {
      const prepared = await preparing;
      if (prepared) await abandonRelease(prepared);
      return undefined;
    },
    async keep() {
      const prepared = await preparing;
      if (prepared && work.base) await keepAsSpare(work.outDir, work.base, prepared);
      return undefined;
    },
  };
  let queue = Promise.resolve();
  process.on('message', (step: Step) => {
    queue = queue.then(async () => {
      try {
        process.send?.({ result: await steps[step]() });
      } catch (error) {
        process.send?.({ error: (error as Error).message });
      }
    });
  });
}

/**
 * Makes a published release's spare (releases.ts, makeSpare) in a process of its own, which ends when it is
 * made: run while the builder waits, it takes linking the release's files off the next build's way.
 */
export function spareRelease(outDir: string, release: string): Promise<void> {
  const stripped = strippedLoading();
  const child = fork(fileURLToPath(import.meta.url), [], {
    env: { ...process.env, ...stripped.env, SITE_RELEASE_SPARE: JSON.stringify({ outDir, release }) },
    execArgv: ['--max-semi-space-size=2', ...stripped.execArgv],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code, signal) =>
      code === 0 ? resolve() : reject(new Error(`the spare release's process stopped (${signal ?? `exit ${code}`})`)),
    );
  });
}

if (process.env.SITE_RELEASE_WORK && process.send) serve(JSON.parse(process.env.SITE_RELEASE_WORK) as ReleaseWork);
if (process.env.SITE_RELEASE_SPARE && process.send) {
  const { outDir, release } = JSON.parse(process.env.SITE_RELEASE_SPARE) as { outDir: string; release: string };
  makeSpare(outDir, release);
  process.disconnect();
}
