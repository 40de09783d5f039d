import { defineConfig } from 'vitest/config';

export default defineConfig({
  // Vite compiles .ts and .mts only; src/threadpool.cts is CommonJS on purpose (see there).
  oxc: { include: /\.([mc]?ts|[jt]sx)$/ },
  test: {
    include: ['test/**/*.test.ts'],
    testTimeout: 20_000,
    hookTimeout: 20_000,
    // The PostgreSQL the tests use: TEST_POSTGRES, or a private cluster started for the run.
    globalSetup: ['test/support/postgres-setup.ts'],
  },
});
