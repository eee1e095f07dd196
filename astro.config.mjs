// @ts-check
import { defineConfig } from 'astro/config';
import { storefront } from './src/build/integration/index.ts';

// The site, its locales, and the storefront's integration (src/build/integration/), which holds every other
// setting and step of the build: docs/build.md.
export default defineConfig({
  site: process.env.SITE_URL ?? 'http://localhost:4321',
  i18n: {
    locales: ['en', 'zh-CN'],
    defaultLocale: 'en',
    routing: { prefixDefaultLocale: false },
  },
  integrations: [storefront()],
});
