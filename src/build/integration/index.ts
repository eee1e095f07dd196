import { fileURLToPath, pathToFileURL } from 'node:url';
import react from '@astrojs/react';
import type { AstroIntegration } from 'astro';
import { checkLocaleFiles } from '#i18n/check.ts';
import { readHandoff, setDownloadsWorker } from '../handoff.ts';
import { dataStorePlugin } from '../internals/data-store.ts';
import { syncIslandsPlugin } from '../internals/island-render.ts';
import { islandStylesPlugin } from '../internals/island-styles.ts';
import { pageTextPlugin } from '../internals/page-text.ts';
import { routeModulesPlugin } from '../internals/route-modules.ts';
import { newBuildId } from '../queue.ts';
import { CLIENT_CHUNKS } from './client-chunks.ts';
import { finishSite } from './finish-site.ts';
import { workspaceApart } from './workspace-apart.ts';

// The storefront's integration: everything astro.config.mjs would otherwise hold besides the site, its
// locales and this. docs/build.md draws where each part runs.

/** Pages Astro renders at once (`build.concurrency`), unless BUILD_CONCURRENCY says otherwise. */
const CONCURRENCY = 4;

/**
 * The storefront's integrations: the build guard, the `client:interact` directive, React, the site's
 * finishing, and the settings and Vite plugins every build of this site needs.
 */
export function storefront(env: NodeJS.ProcessEnv = process.env): AstroIntegration[] {
  // One id per build: names the build manifest and versions the payload files (site-build.ts gives one).
  env.BUILD_ID ||= newBuildId();
  // The worker thread that renders downloads beside the build (downloads/cache.ts).
  setDownloadsWorker(fileURLToPath(new URL('../downloads/worker.ts', import.meta.url)));
  const handoff = readHandoff(env);
  // The lines of Astro's and React's modules the build changes (internals/README.md).
  const patches = [
    // The finisher takes each page as Astro's string rather than its bytes (internals/page-text.ts).
    pageTextPlugin(),
    // React's islands rendered to a string at once, not streamed (internals/island-render.ts).
    syncIslandsPlugin(),
    // Each route's page module imported once, not for every path (internals/route-modules.ts).
    routeModulesPlugin(),
    // No <style> of Astro's in a page's body: its rule is in global.css (internals/island-styles.ts).
    islandStylesPlugin(),
    // Astro's data store reachable by the warm builder (internals/data-store.ts).
    dataStorePlugin(),
  ];
  return [
    buildGuard(env),
    interactDirective(),
    react(),
    {
      // Every patch applied, before anything of the build is finished: else the build stops (build-patch.ts).
      name: 'patches-applied',
      hooks: {
        'astro:build:done': () => {
          for (const patch of patches) patch.checkApplied();
        },
      },
    },
    finishSite(env.PUBLIC_API_BASE),
    {
      name: 'storefront-settings',
      hooks: {
        'astro:config:setup': ({ updateConfig }) => {
          updateConfig({
            // Pages render four at a time, so one page's file writes overlap the others' rendering: at 10,000
            // products 48 s of rendering against 65 s one at a time; 8 and 16 are no faster (issue 17).
            build: { concurrency: Number(env.BUILD_CONCURRENCY) || CONCURRENCY },
            // The only SVGs the build rasterises are the project's own family illustrations (src/assets).
            image: { dangerouslyProcessSVG: true },
            devToolbar: { enabled: false },
            // Pages whose template and `cacheKey` (src/data/cache-key.ts) are unchanged are reused from the
            // last build in the cache directory rather than rendered again (DESIGN.md section 8).
            experimental: { incrementalBuild: true },
            vite: {
              // A build into a kept staging tree leaves its files in place, so unchanged pages need no copying.
              ...(handoff.stagingState ? { build: { emptyOutDir: false } } : {}),
              plugins: [
                ...patches,
                workspaceApart(),
                {
                  // Groups that leave their modules' dependencies out need entries free to export more.
                  name: 'client-chunks',
                  applyToEnvironment: (environment: { name: string }) => environment.name === 'client',
                  options: (options: object) => ({ ...options, preserveEntrySignatures: 'allow-extension' }),
                },
              ],
              environments: {
                client: { build: { rolldownOptions: { output: { codeSplitting: { groups: CLIENT_CHUNKS } } } } },
              },
            },
            // A build of its own (a test run, a benchmark) can keep its cache apart, so builds can run side by side.
            ...(handoff.cacheDir ? { cacheDir: pathToFileURL(`${handoff.cacheDir}/`) } : {}),
          });
        },
      },
    },
  ];
}

/** Stops a build before it starts when the locale files differ or the catalogue is switched off. */
const buildGuard = (env: NodeJS.ProcessEnv): AstroIntegration => ({
  name: 'build-guard',
  hooks: {
    'astro:config:setup': ({ command }) => {
      checkLocaleFiles();
      if (command === 'build' && env.CATALOGUE_OFFLINE === '1') {
        throw new Error('CATALOGUE_OFFLINE is for typechecking only: a build reads the catalogue from the API.');
      }
    },
  },
});

/**
 * `client:interact` (src/directives/interact.ts): hydrates an island on the visitor's first focus, pointer or
 * touch inside it, as the header's search box does, so a page nobody searches on ships no React.
 */
const interactDirective = (): AstroIntegration => ({
  name: 'interact-directive',
  hooks: {
    'astro:config:setup': ({ addClientDirective }) => {
      addClientDirective({
        name: 'interact',
        entrypoint: fileURLToPath(new URL('../../directives/interact.ts', import.meta.url)),
      });
    },
  },
});
