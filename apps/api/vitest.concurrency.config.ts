import { defineConfig } from 'vitest/config';

/**
 * The multi-process booking rush (concurrency/): PostgreSQL only (TEST_DATABASE_URL), two real
 * API processes; not part of `npm test`, run by `npm run test:concurrency` and by CI.
 */
export default defineConfig({
  test: {
    include: ['concurrency/**/*.test.ts'],
    globalSetup: ['concurrency/global-setup.ts'],
    fileParallelism: false,
    testTimeout: 120_000,
    hookTimeout: 90_000,
    env: { TZ: 'UTC' },
  },
});
