import { defineConfig } from 'vitest/config';

// Unit and API tests: beside the code as *.test.ts; API tests drive the real Hono app on a real database.
export default defineConfig({
  test: {
    include: [
      'src/**/*.test.ts',
      'src/**/*.test.tsx',
      'tests/build/**/*.test.ts',
      // Tests that need a PostgreSQL server of their own (two API processes on one database).
      ...(process.env.TEST_DATABASE_URL ? ['src/**/*.pg-test.ts'] : []),
    ],
    testTimeout: 30_000,
    hookTimeout: 120_000,
  },
});
