// @ts-check
import react from '@astrojs/react';
import { defineConfig } from 'astro/config';
import { checkLocaleFiles } from './scripts/check-i18n.mjs';

// A build with locale files whose keys differ must not start.
checkLocaleFiles();

export default defineConfig({
  site: process.env.SITE_URL ?? 'http://localhost:4321',
  output: 'static',
  trailingSlash: 'ignore',
  build: { format: 'directory' },
  integrations: [react()],
  i18n: {
    locales: ['en', 'zh-CN'],
    defaultLocale: 'en',
    routing: { prefixDefaultLocale: false },
  },
  devToolbar: { enabled: false },
});
