import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { type AstroSteps, type BuildProgress, outputCopies, runAstroBuild } from './astro-process.ts';
import { releaseProcess, spareRelease } from './publish/release-process.ts';
import { publishRelease, RELEASE_FILE, releaseInfo, releasesDir, tidyLater } from './publish/releases.ts';
import { newBuildId } from './queue.ts';
import { stripSources } from './stripped/stripped.ts';
import { inProcess } from './tree-thread.ts';
import { currentCode, endWarm, type WarmSlot } from './warm/parent.ts';
import { claimWorkDir } from './work-dir.ts';

/** A warm build's steps: Astro's output times none of them (the warm process logs its own line). */
const NO_STEPS: AstroSteps = { setup: 0, vite: 0, render: 0, settle: 0, csp: 0, compress: 0 };

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
  /**
   * What the build reads the API's change feed with (decision 0064): the `builderKey` of the server at
   * apiBaseUrl when it runs in this process, or an editor token. Without it the products are read whole
   * every build.
   */
  feedCredential?: string | undefined;
  /**
   * Where the warm builder's Astro process is kept between builds of this outDir (decision 0076): with it,
   * a build is sent to that process when it is up, of the same code and on the tree it last published, and
   * a cold build leaves its process up for the next. Without it every build is cold.
   */
  warm?: WarmSlot | undefined;
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
  /**
   * How it was built: by the warm process (`unchanged` when nothing a page shows had changed, and the
   * release published stays: `release` is that one), or cold (and then why not warm, when one was up).
   */
  path: { warm: true; unchanged?: true } | { warm: false; reason?: string | undefined };
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
  feedCredential,
  warm,
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
  // Why the warm process kept up (decision 0076), if any, cannot take this build.
  const kept = warm?.current;
  const cold = !kept
    ? undefined
    : !kept.process.alive
      ? "the warm builder's process ended"
      : kept.process.code !== currentCode()
        ? 'the code changed'
        : kept.release !== work.base
          ? 'the staging tree was published by another build'
          : undefined;
  // Our TypeScript stripped once for the processes and threads a cold build starts (decision 0084): those a
  // warm process works with were started after its cold build made them. Without the copies (a directory
  // that cannot be written), each loads it as Node would.
  if (!kept || cold) {
    try {
      stripSources();
    } catch {
      // Slower to start and heavier, not wrong.
    }
  }
  const phases = { claim: lap(), astro: 0, verify: 0, publish: 0 };
  // Whether the claim went on to the work after the publish, which lets it go.
  let handedOver = false;
  // The release process's end, once it has made the release.
  let ending: Promise<void> | undefined;
  try {
    // Copies an earlier build left (astro-preload.ts): a build that renders a page no longer updates its
    // copy, so one left could be restored stale.
    await rm(outputCopies(cacheDir), { recursive: true, force: true });
    let counts: { rendered: number; reused: number; steps: AstroSteps } | undefined;
    let path: SiteBuildResult['path'] = { warm: false };
    // This process only waits while Astro builds: the release process begins the release meanwhile, then
    // checks the tree and makes the release's files; its memory goes when it ends (decision 0078).
    const after = releaseProcess({
      staging: work.dir,
      state: work.state,
      apiBaseUrl,
      outDir,
      id: buildId,
      base: work.base,
    });
    try {
      const total = (await releaseInfo(outDir))?.pages;
      if (warm && kept) {
        const answer = cold
          ? { kind: 'cold' as const, reason: cold }
          : await kept.process.build(buildId, since, verbose ? (text) => process.stdout.write(text) : undefined);
        if (answer.kind === 'built') {
          counts = { rendered: answer.rendered, reused: answer.reused, steps: NO_STEPS };
          path = { warm: true };
        } else if (answer.kind === 'unchanged') {
          counts = { rendered: 0, reused: total ?? 0, steps: NO_STEPS };
          path = { warm: true, unchanged: true };
        } else {
          await endWarm(warm);
          if (answer.kind === 'failed') throw new Error(`The warm build failed: ${answer.message}`);
          path = { warm: false, reason: answer.reason };
          if (verbose) console.log(`build ${buildId}: cold, because ${answer.reason}`);
        }
      }
      if (!counts) {
        const astro = await runAstroBuild({
          apiBaseUrl,
          outDir: work.dir,
          verbose,
          cacheDir,
          buildId,
          total,
          onProgress,
          staging: { state: work.state, since },
          feedCredential,
          warm: warm !== undefined,
        });
        counts = { rendered: astro.rendered, reused: astro.reused, steps: astro.steps };
        if (warm && astro.warm) warm.current = { process: astro.warm, release: '' };
      }
      phases.astro = lap();
      if (!('unchanged' in path)) await after.check();
      phases.verify = lap();
    } catch (error) {
      await after.abandon().catch(() => undefined);
      await after.end();
      await work.discard();
      // The tree is emptied: a warm process knows it no more.
      if (warm) await endWarm(warm);
      throw error;
    }
    const build = { ...counts, ms: Math.round(performance.now() - started) };
    // The warm process's tree is published: the next build may go to it (it checks the release).
    const published = (release: string) => {
      if (warm?.current) warm.current.release = release;
    };
    if ('unchanged' in path && work.base) {
      // Nothing changed: the release published stays, and the staging tree is still its copy. The release
      // begun is not needed: after the answer, it is kept as the next build's (base's spare), or goes.
      const begun = join(releasesDir(outDir), `.making-${buildId}`);
      await work.keep(work.base);
      tidyLater(async () => {
        await after.keep().catch(() => undefined);
        await after.end();
        await rm(begun, { recursive: true, force: true });
      });
      return { ms: Math.round(performance.now() - started), buildId, release: work.base, ...counts, phases, path };
    }
    if (!work.base) {
      // Nothing to link to (a first build, or its release is gone): the staging tree itself becomes the
      // release, and a copy of it the staging tree again, after the publish and under the same claim, so
      // the next build waits for it (decision 0031). Copying every file first held up the publish by
      // 8-46 s at 10,000 products. Until the copy is whole the tree has no marker: cut short, it is emptied.
      ending = after.end();
      const release = await publishRelease(work.dir, outDir, buildId, build);
      published(release);
      phases.publish = lap();
      handedOver = true;
      tidyLater(async () => {
        try {
          await inProcess({ kind: 'copy', from: release, to: work.dir, skip: [RELEASE_FILE] });
          await work.keep(release);
        } finally {
          await work.release();
        }
      });
      tidyLater(() => spareRelease(outDir, release));
      return { ms: Math.round(performance.now() - started), buildId, release, ...counts, phases, path };
    }
    let made: string;
    try {
      made = await after.make();
    } finally {
      // It ends while the release is published.
      ending = after.end();
    }
    const release = await publishRelease(work.dir, outDir, buildId, build, { made });
    await work.keep(release);
    published(release);
    phases.publish = lap();
    // The next build's release begins from this one's spare, made while the builder waits (decision 0080).
    tidyLater(() => spareRelease(outDir, release));
    return { ms: Math.round(performance.now() - started), buildId, release, ...counts, phases, path };
  } finally {
    await ending;
    if (!handedOver) await work.release();
  }
}
