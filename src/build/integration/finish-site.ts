import { existsSync, readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroConfig, AstroIntegration, AstroPrerenderer } from 'astro';
import { keptWritten } from '#data/products/loader.ts';
import { HEADERS_FILE } from '#lib/published-site.ts';
import { makeQueuedHere } from '../downloads/queue.ts';
import { ownScriptHashes } from '../finish/own-scripts.ts';
import { FINISHED_AS_RENDERED, type FinishedPages, pageFinisher } from '../finish/page-finish.ts';
import { addTotals, precompress } from '../finish/precompress.ts';
import { codeDigest, type SideFilesResult, sidePrerenderer } from '../finish/side-files.ts';
import { secureSite } from '../finish/site-csp.ts';
import { readHandoff } from '../handoff.ts';
import { astroInlineScripts } from '../internals/astro-scripts.ts';
import { writtenElsewhere } from '../internals/written-elsewhere.ts';
import { recordWritten, settleKnown, settleStaging } from '../publish/staging.ts';
import { type Chain, keepStaticImages, type StaticImages, serveWarmBuilds } from '../warm/child.ts';

/** Routes whose files the build writes beside the pages rather than through Astro's loop (side-files.ts). */
const SIDE_ROUTES = new Set([
  'src/pages/[...payload].ts',
  'src/pages/files/[kind]/[file].ts',
  'src/pages/[...locale]/product/[name]/[file].ts',
]);

/**
 * Finishes a built site the same way for every build path: a Content-Security-Policy in each page and in
 * `_headers` (each page's inline scripts by hash, every page's in `_headers`; no 'unsafe-inline'; an inline
 * script the build does not emit itself stops it, decision 0067), then compressed copies of the text files. The browser's API base (`publicApiBase`), when on another origin, is
 * the one place scripts may call besides. A build into a kept staging tree (the handoff's `stagingState`,
 * set by site-build.ts) finishes pages as they are rendered, then removes what no route made this time, and
 * does the rest only for the files it wrote (decision 0025).
 */
export function finishSite(publicApiBase: string | undefined): AstroIntegration {
  let publicDir = '';
  let astroConfig: AstroConfig | undefined;
  let sideFiles: (() => Promise<SideFilesResult | undefined>) | undefined;
  let finishedPages: (() => FinishedPages) | undefined;
  // The hashes of the inline scripts the build emits: the site's is:inline ones, and Astro's, known once
  // its prerenderer is set up (it has then bundled the pages).
  let ownScripts: ReadonlySet<string> | undefined;
  const ownScriptsKnown = () => {
    if (!ownScripts) throw new Error('a page was finished before the build knew its own inline scripts');
    return ownScripts;
  };
  const connectOrigins = publicApiBase && /^https?:\/\//.test(publicApiBase) ? [new URL(publicApiBase).origin] : [];
  const handoff = readHandoff();
  /** The files copied from `public/`, as they are in `outDir`: a cold build's settling keeps them. */
  const publicFiles = (outDir: string) =>
    existsSync(publicDir)
      ? readdirSync(publicDir, { recursive: true, withFileTypes: true })
          .filter((entry) => entry.isFile())
          .map((entry) => join(outDir, relative(publicDir, join(entry.parentPath, entry.name))))
      : [];
  let base: AstroPrerenderer | undefined;
  /** The paths (with their keys) the first build's page loop was given: the warm builder's start. */
  let firstPaths: Awaited<ReturnType<AstroPrerenderer['getStaticPaths']>> = [];
  let firstRoutePaths: typeof firstPaths = [];
  let staticImages: StaticImages | undefined;
  /**
   * Astro's prerenderer wrapped for one build: side files beside the pages, and pages finished as rendered
   * into the staging tree. The warm builder makes one a build from the same Astro prerenderer.
   */
  const makeChain = (
    astro: AstroPrerenderer,
    log: (line: string) => void,
    elsewhere: Set<string> | undefined,
  ): Chain => {
    const config = astroConfig as AstroConfig;
    const root = fileURLToPath(config.root);
    const outDir = fileURLToPath(config.outDir);
    // A build into the staging tree finishes files as they are rendered, up to a limit (page-finish.ts).
    const finishing =
      handoff.stagingState && config.build.format === 'directory' && config.base === '/'
        ? pageFinisher({
            outDir,
            connectOrigins,
            ownScripts: ownScriptsKnown,
            limit: handoff.finishAsRendered ?? FINISHED_AS_RENDERED,
            // Made by internals/astro-preload.ts, which site-build.ts loads into Astro's process.
            writtenElsewhere: elsewhere,
          })
        : undefined;
    finishedPages = finishing?.finished;
    const side = sidePrerenderer(astro, {
      components: SIDE_ROUTES,
      site: new URL(config.site ?? 'http://localhost'),
      options: () => ({
        outDir,
        state: handoff.stagingState,
        code: codeDigest(root, ['src'], ['package-lock.json', 'astro.config.mjs']),
        write: finishing?.write,
      }),
      log,
      // The downloads still queued for the worker threads are made here too (downloads/cache.ts).
      pagesDone: makeQueuedHere,
    });
    sideFiles = side.done;
    return { prerenderer: finishing ? finishing.wrap(side.prerenderer) : side.prerenderer };
  };

  /**
   * The steps after the render, the same for every build path: settle the staging tree, the policy,
   * compressed copies of the rest, and the record of what was written.
   */
  const finishBuild = async ({
    outDir,
    outputs,
    since,
    log,
    known,
  }: {
    outDir: string;
    /** The files of this build's routes Astro knows of (its `assets`); the side files are added here. */
    outputs: readonly string[];
    since: number;
    log: (line: string) => void;
    /**
     * What a warm build knows it wrote (pages) and removed (pages no route gives any more): the tree is
     * then not walked to find them (the side files' own are added here).
     */
    known?: { written: readonly string[]; removed: readonly string[] } | undefined;
  }): Promise<void> => {
    const state = handoff.stagingState;
    let written: string[] | undefined;
    let mark = performance.now();
    // How long each step took, in the log line (astro-process.ts reads it for the build's steps).
    const took = () => {
      const seconds = (performance.now() - mark) / 1000;
      mark = performance.now();
      return `(${seconds.toFixed(1)} s)`;
    };
    // What was finished as it was rendered (page-finish.ts): its pages' policies, its compressed copies,
    // and side files the thread wrote, which must all be on disk before the tree is settled. Its threads
    // then compress the rest with this one (precompress.ts), and end.
    const finished = finishedPages?.();
    let late: Awaited<ReturnType<typeof precompress>>;
    try {
      await finished?.compressing.flush();
      if (state) {
        const side = await sideFiles?.();
        const settled = known
          ? settleKnown(outDir, {
              written: [...known.written, ...(side?.writtenFiles ?? [])],
              removed: [...known.removed, ...(side?.goneFiles ?? [])],
            })
          : await settleStaging(outDir, {
              outputs: [...outputs, ...(side?.files ?? [])],
              publicFiles: publicFiles(outDir),
              since,
              // Linked downloads keep their kept file's modification time (decision 0083).
              written: side?.writtenFiles ?? [],
            });
        written = settled.written;
        log(`${written.length} files written, ${settled.removed} left over from the build before removed ${took()}`);
      }
      const stateFile = state ? join(state, 'policy.json') : undefined;
      const { pages, scriptHashes, rewritten } = await secureSite(outDir, {
        // Without a page rendered (none to render), no page can carry a script: Astro's are not needed.
        ownScripts: ownScripts ?? ownScriptHashes(fileURLToPath((astroConfig as AstroConfig).srcDir), []),
        connectOrigins,
        only: written,
        stateFile,
        secured: finished?.policies,
      });
      const asText = finished ? `, ${finished.fromText} of ${finished.policies.size} taken as Astro's text` : '';
      log(
        `Content-Security-Policy in ${pages} pages${asText}, ${scriptHashes.length} inline scripts allowed by hash ${took()}`,
      );
      // Then the rest: what Astro wrote itself (bundled assets, redirects) and the pages the policy rewrote.
      const compressed = finished?.compressing.files;
      const rest =
        written && compressed
          ? [...new Set([...written.filter((file) => !compressed.has(file)), ...rewritten])]
          : written;
      late = await precompress(outDir, rest, finished?.compressing);
    } catch (error) {
      // The threads end either way: a build that stopped must not be kept running by them.
      await finished?.compressing.done().catch(() => {});
      throw error;
    }
    const early = await finished?.compressing.done();
    const { files, br, gzip } = early ? addTotals(late, early) : late;
    const threads = Math.max(late.threads, early?.threads ?? 0);
    log(
      `${files} files precompressed in ${threads} thread(s): ${(br / 1e6).toFixed(1)} MB brotli, ${(gzip / 1e6).toFixed(1)} MB gzip ${took()}`,
    );
    if (state && written) await recordWritten(outDir, state, [...written, join(outDir, HEADERS_FILE)]);
  };

  return {
    name: 'finish-site',
    hooks: {
      'astro:config:done': ({ config }) => {
        publicDir = fileURLToPath(config.publicDir);
        astroConfig = config;
      },
      'astro:build:start': ({ setPrerenderer, logger }) => {
        const config = astroConfig as AstroConfig;
        setPrerenderer((astro) => {
          base = astro;
          // Every route's paths, side files' too: a warm build keeps those of routes whose content is the same.
          const recorded: AstroPrerenderer = {
            ...astro,
            async getStaticPaths() {
              firstRoutePaths = await astro.getStaticPaths();
              return firstRoutePaths;
            },
          };
          const chain = makeChain(recorded, (line) => logger.info(line), writtenElsewhere());
          return {
            ...chain.prerenderer,
            async getStaticPaths() {
              firstPaths = await chain.prerenderer.getStaticPaths();
              return firstPaths;
            },
            async setup() {
              // Bundling is over: esbuild's service (a process of 15 MiB Astro and Vite started) is not
              // needed to render, and would stay to the end of the build; esbuild starts it again if asked.
              await import('esbuild').then((esbuild) => esbuild.stop()).catch(() => undefined);
              await chain.prerenderer.setup?.();
              // Astro removes it once the build's images are made; warm builds render with it (child.ts).
              staticImages = keepStaticImages();
              ownScripts = ownScriptHashes(fileURLToPath(config.srcDir), astroInlineScripts(astro));
            },
          };
        });
      },
      'astro:build:done': async ({ dir, assets, logger }) => {
        const outDir = fileURLToPath(dir);
        const outputs = [...assets.values()].flat().map((url) => fileURLToPath(url));
        // The products' store for the next build, written once a full load's records came (loader.ts).
        await keptWritten();
        await finishBuild({ outDir, outputs, since: Number(handoff.startedAt), log: (line) => logger.info(line) });
        // The warm builder's Astro process stays up, rendering build after build (src/build/warm/).
        if (handoff.warm && base) {
          await serveWarmBuilds({
            base,
            config: astroConfig as AstroConfig,
            outDir,
            sideRoutes: SIDE_ROUTES,
            firstPaths,
            firstRoutePaths,
            staticImages,
            makeChain,
            finishBuild,
            log: (line) => logger.info(line),
          });
        }
      },
    },
  };
}
