import { defineConfig, mergeConfig } from 'vitest/config';
import viteConfig from './vite.config.ts';

export default defineConfig((env) =>
  mergeConfig(viteConfig(env), {
    test: {
      environment: 'happy-dom',
      setupFiles: ['./src/test/setup.ts'],
      include: ['src/**/*.test.{ts,tsx}'],
      maxWorkers: 2,
      // Journeys that type whole forms with user-event take seconds alone; a busy machine (CI
      // beside other suites) triples that, and a first page waits up to asyncUtilTimeout
      // (src/test/setup.ts) for its chunks.
      testTimeout: 30_000,
      restoreMocks: true,
      unstubGlobals: true,
    },
  }),
);
