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
  devToolbar: { enabled: false },
});
