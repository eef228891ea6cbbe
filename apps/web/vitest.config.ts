import path from 'node:path';
import { defineConfig, mergeConfig } from 'vitest/config';
import viteConfig from './vite.config.ts';

const packages = path.resolve(import.meta.dirname, '../../node_modules');

/**
 * Libraries whose Node entry is CommonJS, which Node would load with its own `require('react')`:
 * the tests take their ES module, which Vite resolves through the aliases to Preact instead.
 */
const esModules = [
  { find: /^react-router$/, replacement: `${packages}/react-router/dist/development/index.mjs` },
  {
    find: /^@testing-library\/react$/,
    replacement: `${packages}/@testing-library/react/dist/@testing-library/react.esm.js`,
  },
  {
    find: /^react-number-format$/,
    replacement: `${packages}/react-number-format/dist/react-number-format.es.js`,
  },
  { find: /^recharts$/, replacement: `${packages}/recharts/es6/index.js` },
  // Testing Library's `act` (which runs effects before a test reads the page) is Preact's.
  { find: /^react-dom\/test-utils$/, replacement: 'preact/test-utils' },
];

export default defineConfig((env) =>
  mergeConfig(viteConfig(env), {
    resolve: { alias: esModules },
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
      // Every package goes through Vite, so that its imports of React reach Preact (decision
      // 0030) instead of Node loading React itself from node_modules.
      server: { deps: { inline: true } },
    },
  }),
);
