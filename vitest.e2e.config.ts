import { defineConfig } from 'vitest/config';

// End-to-end tests: the real site, built from the real API, driven in Debian's Chromium.
export default defineConfig({
  test: {
    include: ['tests/e2e/**/*.test.ts'],
    globalSetup: ['tests/e2e/setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    // One Chromium per file is plenty on a 2-core machine.
    fileParallelism: false,
  },
});
