// @ts-check
import react from '@astrojs/react';
import { defineConfig } from 'astro/config';
import { checkLocaleFiles } from './scripts/check-i18n.mjs';

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

// One id per build: names the build manifest and versions the payload files.
process.env.BUILD_ID ||= `${new Date().toISOString().replace(/\D/g, '').slice(0, 14)}-${Math.random().toString(36).slice(2, 8)}`;

export default defineConfig({
  site: process.env.SITE_URL ?? 'http://localhost:4321',
  output: 'static',
  trailingSlash: 'ignore',
  build: { format: 'directory' },
  integrations: [buildGuard, react()],
  i18n: {
    locales: ['en', 'zh-CN'],
    defaultLocale: 'en',
    routing: { prefixDefaultLocale: false },
  },
  // The only SVGs the build rasterises are the project's own family illustrations (src/assets).
  image: { dangerouslyProcessSVG: true },
  devToolbar: { enabled: false },
  // A build of its own (a test run, a benchmark) can keep its cache apart, so builds can run side by side.
  ...(process.env.ASTRO_CACHE_DIR ? { cacheDir: process.env.ASTRO_CACHE_DIR } : {}),
});
