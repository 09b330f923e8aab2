import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // One throwaway PostgreSQL cluster per run for test/postgres (skipped, with the reason, without PostgreSQL).
    globalSetup: ['test/postgres/global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
