// @ts-check
import { existsSync, readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@astrojs/react';
import { defineConfig } from 'astro/config';
import { checkLocaleFiles } from './scripts/check-i18n.mjs';
import { makeQueuedHere } from './src/data/queued-downloads.ts';
import { syncIslandsPlugin } from './src/server/island-render.ts';
import { FINISHED_AS_RENDERED, pageFinisher, pageTextPlugin } from './src/server/page-finish.ts';
import { addTotals, precompress } from './src/server/precompress.ts';
import { routeModulesPlugin } from './src/server/route-modules.ts';
import { codeDigest, sidePrerenderer } from './src/server/side-files.ts';
import { HEADERS_FILE, secureSite } from './src/server/site-csp.ts';
import { recordWritten, settleStaging } from './src/server/staging.ts';
import { writtenElsewhere } from './src/server/written-elsewhere.ts';

/** Routes whose files the build writes beside the pages rather than through Astro's loop (side-files.ts). */
const SIDE_ROUTES = new Set(['src/pages/[...payload].ts', 'src/pages/files/[kind]/[file].ts']);

/**
 * Stops a build before it starts when the locale files differ or the catalogue is switched off.
 * @type {import('astro').AstroIntegration}
 */
const buildGuard = {
  name: 'build-guard',
  hooks: {
    'astro:config:setup': ({ command }) => {
      checkLocaleFiles();
      if (command === 'build' && process.env.CATALOGUE_OFFLINE === '1') {
        throw new Error('CATALOGUE_OFFLINE is for typechecking only: a build reads the catalogue from the API.');
      }
    },
  },
};

/**
 * Finishes a built site the same way for every build path: a Content-Security-Policy in each page and in
 * `_headers` (each page's inline scripts by hash, every page's in `_headers`; no 'unsafe-inline'), then compressed copies of the text files.
 * The browser's API base (PUBLIC_API_BASE), when on another origin, is the one place scripts may call besides.
 * A build into a kept staging tree (SITE_STAGING_STATE, set by src/server/site-build.ts) first removes what no
 * route made this time, then does this only for the files it wrote (decision 0025).
 * @type {import('astro').AstroIntegration}
 */
const finishSite = (() => {
  let publicDir = '';
  /** @type {import('astro').AstroConfig | undefined} */
  let astroConfig;
  /** @type {(() => Promise<import('./src/server/side-files.ts').SideFilesResult | undefined>) | undefined} */
  let sideFiles;
  /** @type {(() => import('./src/server/page-finish.ts').FinishedPages) | undefined} */
  let finishedPages;
  const apiBase = process.env.PUBLIC_API_BASE;
  const connectOrigins = apiBase && /^https?:\/\//.test(apiBase) ? [new URL(apiBase).origin] : [];
  return {
    name: 'finish-site',
    hooks: {
      'astro:config:done': ({ config }) => {
        publicDir = fileURLToPath(config.publicDir);
        astroConfig = config;
      },
      'astro:build:start': ({ setPrerenderer, logger }) => {
        const config = /** @type {import('astro').AstroConfig} */ (astroConfig);
        const root = fileURLToPath(config.root);
        setPrerenderer((astro) => {
          const outDir = fileURLToPath(config.outDir);
          // A build into the staging tree finishes files as they are rendered, up to a limit (page-finish.ts).
          const limit = Number(process.env.SITE_FINISH_AS_RENDERED ?? FINISHED_AS_RENDERED);
          const finishing =
            process.env.SITE_STAGING_STATE && config.build.format === 'directory' && config.base === '/'
              ? pageFinisher({
                  outDir,
                  connectOrigins,
                  limit,
                  // Made by astro-preload.ts, which site-build.ts loads into Astro's process.
                  writtenElsewhere: writtenElsewhere(),
                })
              : undefined;
          finishedPages = finishing?.finished;
          const side = sidePrerenderer(astro, {
            components: SIDE_ROUTES,
            site: new URL(config.site ?? 'http://localhost'),
            options: () => ({
              outDir,
              state: process.env.SITE_STAGING_STATE,
              code: codeDigest(root, ['src'], ['package-lock.json', 'astro.config.mjs']),
              write: finishing?.write,
            }),
            log: (line) => logger.info(line),
            // The downloads still queued for the worker threads are made here too (resource-cache.ts).
            pagesDone: makeQueuedHere,
          });
          sideFiles = side.done;
          return finishing ? finishing.wrap(side.prerenderer) : side.prerenderer;
        });
      },
      'astro:build:done': async ({ dir, assets, logger }) => {
        const outDir = fileURLToPath(dir);
        const state = process.env.SITE_STAGING_STATE;
        let written;
        let mark = performance.now();
        // How long each step took, in the log line (src/server/site-build.ts reads it for the build's steps).
        const took = () => {
          const seconds = (performance.now() - mark) / 1000;
          mark = performance.now();
          return `(${seconds.toFixed(1)} s)`;
        };
        // What was finished as it was rendered (page-finish.ts): its pages' policies, its compressed copies,
        // and side files the thread wrote, which must all be on disk before the tree is settled. Its threads
        // then compress the rest with this one (precompress.ts), and end.
        const finished = finishedPages?.();
        let late;
        try {
          await finished?.compressing.flush();
          if (state) {
            const publicFiles = existsSync(publicDir)
              ? readdirSync(publicDir, { recursive: true, withFileTypes: true })
                  .filter((entry) => entry.isFile())
                  .map((entry) => join(outDir, relative(publicDir, join(entry.parentPath, entry.name))))
              : [];
            const side = (await sideFiles?.())?.files ?? [];
            const settled = await settleStaging(outDir, {
              outputs: [...[...assets.values()].flat().map((url) => fileURLToPath(url)), ...side],
              publicFiles,
              since: Number(process.env.SITE_BUILD_STARTED),
            });
            written = settled.written;
            logger.info(
              `${written.length} files written, ${settled.removed} left over from the build before removed ${took()}`,
            );
          }
          const stateFile = state ? join(state, 'policy.json') : undefined;
          const { pages, scriptHashes, rewritten } = await secureSite(outDir, {
            connectOrigins,
            only: written,
            stateFile,
            secured: finished?.policies,
          });
          const asText = finished ? `, ${finished.fromText} of ${finished.policies.size} taken as Astro's text` : '';
          logger.info(
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
        logger.info(
          `${files} files precompressed in ${threads} thread(s): ${(br / 1e6).toFixed(1)} MB brotli, ${(gzip / 1e6).toFixed(1)} MB gzip ${took()}`,
        );
        if (state && written) await recordWritten(outDir, state, [...written, join(outDir, HEADERS_FILE)]);
      },
    },
  };
})();

/**
 * `client:interact` (src/directives/interact.ts): hydrates an island on the visitor's first focus, pointer or
 * touch inside it, as the header's search box does, so a page nobody searches on ships no React.
 * @type {import('astro').AstroIntegration}
 */
const interactDirective = {
  name: 'interact-directive',
  hooks: {
    'astro:config:setup': ({ addClientDirective }) => {
      addClientDirective({
        name: 'interact',
        entrypoint: fileURLToPath(new URL('./src/directives/interact.ts', import.meta.url)),
      });
    },
  },
};

// The worker thread that renders downloads beside the build (src/data/resource-cache.ts).
process.env.RESOURCE_WORKER ||= fileURLToPath(new URL('./src/data/resource-worker.ts', import.meta.url));

// One id per build: names the build manifest and versions the payload files.
process.env.BUILD_ID ||= `${new Date().toISOString().replace(/\D/g, '').slice(0, 14)}-${Math.random().toString(36).slice(2, 8)}`;

/**
 * The browser's chunks. Left alone, the bundler makes one chunk per combination of importers: about 30 small
 * files for a logged-in page, each a request and a `<link rel="modulepreload">` the loader adds one by one
 * (about a third of the account page's main-thread script time before this, under Lighthouse's 4x CPU).
 * Two groups instead: what every page's header needs (the token, the toasts and their store library), and
 * the customer's side (API client, schemas and the customer's stores), which a visitor's page never loads.
 */
const SESSION_STORES = 'token|toasts|locale|user-info';
const CLIENT_CHUNKS = [
  {
    name: 'session',
    includeDependenciesRecursively: false,
    test: new RegExp(String.raw`[\\/](src[\\/]stores[\\/](${SESSION_STORES})\.ts|node_modules[\\/]nanostores[\\/])`),
  },
  {
    // Every other store is the customer's, so a new one joins this group without a change here.
    name: 'customer',
    includeDependenciesRecursively: false,
    test: new RegExp(
      String.raw`[\\/](src[\\/](stores[\\/](?!(${SESSION_STORES})\.)[\w-]+|lib[\\/](http|api-error)|api[\\/](?!content-types)[\w-]+|scripts[\\/]customer)\.ts|node_modules[\\/](valibot|ky)[\\/])`,
    ),
  },
];

export default defineConfig({
  site: process.env.SITE_URL ?? 'http://localhost:4321',
  output: 'static',
  trailingSlash: 'ignore',
  // Pages render four at a time, so one page's file writes overlap the others' rendering: at 10,000
  // products 48 s of rendering against 65 s one at a time; 8 and 16 are no faster (issue 17).
  build: { format: 'directory', concurrency: Number(process.env.BUILD_CONCURRENCY) || 4 },
  integrations: [buildGuard, interactDirective, react(), finishSite],
  i18n: {
    locales: ['en', 'zh-CN'],
    defaultLocale: 'en',
    routing: { prefixDefaultLocale: false },
  },
  // The only SVGs the build rasterises are the project's own family illustrations (src/assets).
  image: { dangerouslyProcessSVG: true },
  devToolbar: { enabled: false },
  // Pages whose template and `cacheKey` (src/data/cache-key.ts) are unchanged are reused from the last
  // build in the cache directory rather than rendered again (DESIGN.md section 8).
  experimental: { incrementalBuild: true },
  vite: {
    // A build into a kept staging tree leaves its files in place, so unchanged pages need no copying.
    ...(process.env.SITE_STAGING_STATE ? { build: { emptyOutDir: false } } : {}),
    plugins: [
      // The finisher takes each page as Astro's string rather than its bytes (page-finish.ts).
      pageTextPlugin(),
      // React's islands rendered to a string at once, not streamed (island-render.ts).
      syncIslandsPlugin(),
      // Each route's page module imported once, not for every path (route-modules.ts).
      routeModulesPlugin(),
      {
        // Groups that leave their modules' dependencies out need entries free to export more.
        name: 'client-chunks',
        applyToEnvironment: (environment) => environment.name === 'client',
        options: (options) => ({ ...options, preserveEntrySignatures: 'allow-extension' }),
      },
    ],
    environments: { client: { build: { rolldownOptions: { output: { codeSplitting: { groups: CLIENT_CHUNKS } } } } } },
  },
  // A build of its own (a test run, a benchmark) can keep its cache apart, so builds can run side by side.
  ...(process.env.ASTRO_CACHE_DIR ? { cacheDir: process.env.ASTRO_CACHE_DIR } : {}),
});
