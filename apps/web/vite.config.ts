import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import type { Plugin, ProxyOptions } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';

const API_ORIGIN = 'http://localhost:3000';

/**
 * React's API, served by Preact (decision 0030): every import of React, from the app and from its
 * libraries alike, resolves to Preact's compatibility layer, which is a tenth of React DOM's size.
 * `react` itself goes through a module that adds the React 19 pieces Mantine uses.
 */
const reactToPreact = [
  { find: /^react$/, replacement: path.resolve(import.meta.dirname, 'preact/react.mjs') },
  { find: /^react\/jsx-(dev-)?runtime$/, replacement: 'preact/compat/jsx-runtime' },
  { find: /^react-dom$/, replacement: 'preact/compat' },
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  { find: /^react-dom\/server$/, replacement: 'preact/compat/server' },
  { find: /^use-sync-external-store\/shim$/, replacement: 'preact/compat' },
];

/**
 * The account calls share their paths with pages (`POST /auth/login/` signs in, `GET
 * /auth/login` is the screen), so a browser's page request stays with the SPA, as the
 * production API does it: a GET or HEAD that accepts HTML is not proxied.
 */
const accountProxy: ProxyOptions = {
  target: API_ORIGIN,
  bypass(request) {
    const isPageRequest =
      (request.method === 'GET' || request.method === 'HEAD') &&
      request.headers.accept?.includes('text/html') === true;
    return isPageRequest ? request.url : undefined;
  },
};

/** Same-origin paths the API process owns; the dev and preview servers hand them over. */
const apiProxy: Record<string, ProxyOptions> = {
  '/api': { target: API_ORIGIN },
  '/monitoring': { target: API_ORIGIN },
  '/healthz': { target: API_ORIGIN },
  '/readyz': { target: API_ORIGIN },
  '/socket.io': { target: API_ORIGIN, ws: true },
  '^/(?:register|otp|complete_registration|auth)(?:/|$)': accountProxy,
};

const COMPRESSIBLE = /\.(?:js|css|html|svg|json|txt|wasm)$/;

async function listFiles(directory: string): Promise<string[]> {
  const entries = await readdir(directory, { withFileTypes: true });
  const nested = await Promise.all(
    entries.map((entry) => {
      const full = path.join(directory, entry.name);
      return entry.isDirectory() ? listFiles(full) : Promise.resolve([full]);
    }),
  );
  return nested.flat();
}

/**
 * Writes .br and .gz beside each text asset so the API can send them as they are
 * (@fastify/static `preCompressed`) instead of compressing on every request.
 */
function precompressAssets(): Plugin {
  let outDir = 'dist';
  return {
    name: 'hafla-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const files = (await listFiles(outDir)).filter((file) => COMPRESSIBLE.test(file));
      for (const file of files) {
        if ((await stat(file)).size < 1024) continue;
        const content = await readFile(file);
        await writeFile(`${file}.gz`, gzipSync(content, { level: 9 }));
        await writeFile(
          `${file}.br`,
          brotliCompressSync(content, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11 } }),
        );
      }
    },
  };
}

/** Paths the API answers; a navigation there is never answered with the cached app shell. */
const API_PATHS = [/^\/api\//, /^\/monitoring/, /^\/healthz/, /^\/readyz/, /^\/socket\.io\//];

/**
 * The door keeps working offline (docs/decisions/0015): a Workbox service worker, generated at
 * build time from the files the build wrote, precaches the app shell — every script, style,
 * translation chunk and the QR reader's .wasm — and answers navigations with index.html. API
 * calls are never cached by it: the guest list lives in IndexedDB. Fonts are cached as they are
 * used (the app falls back to system fonts without them). The page registers it (door pages).
 */
function offlineShell() {
  return VitePWA({
    injectRegister: null,
    registerType: 'autoUpdate',
    manifest: false,
    filename: 'sw.js',
    workbox: {
      globPatterns: ['**/*.{js,css,html,svg,wasm}'],
      // The QR reader's .wasm is about 1 MB; the default limit is 2 MB, kept with room to spare.
      maximumFileSizeToCacheInBytes: 4 * 1024 * 1024,
      navigateFallback: '/index.html',
      navigateFallbackDenylist: API_PATHS,
      cleanupOutdatedCaches: true,
      clientsClaim: true,
      skipWaiting: true,
      runtimeCaching: [
        {
          urlPattern: ({ url, sameOrigin }) =>
            sameOrigin && url.pathname.startsWith('/assets/') && url.pathname.endsWith('.woff2'),
          handler: 'CacheFirst',
          options: { cacheName: 'hafla-fonts', expiration: { maxEntries: 40 } },
        },
      ],
    },
  });
}

export default defineConfig(({ isSsrBuild }) => ({
  // The service worker is a build output: component tests (vitest) have no use for its plugin,
  // nor has the server's render of first screens (`build --ssr`, decision 0026), which only the
  // API process imports.
  plugins: [
    // React Fast Refresh needs React DOM: on Preact (decision 0030) a change reloads the page.
    react({ refreshExclude: /./ }),
    ...(isSsrBuild ? [] : [precompressAssets()]),
    ...(process.env.VITEST || isSsrBuild ? [] : [offlineShell()]),
  ],
  resolve: { alias: reactToPreact },
  // The server's render bundles every package, so that none of them loads React itself beside
  // Preact from node_modules.
  ssr: { noExternal: true },
  // The API serves dist/ at the site root with an SPA fallback, so asset URLs must be absolute.
  base: '/',
  server: { port: 5173, strictPort: true, proxy: apiProxy },
  preview: { port: 4173, strictPort: true, proxy: apiProxy },
  build: {
    outDir: 'dist',
    assetsDir: 'assets',
    emptyOutDir: true,
    copyPublicDir: !isSsrBuild,
    // dist/.vite/manifest.json: the API links the styles of a first screen's page chunk in its
    // HTML (decision 0026), so the page paints styled before the chunk's script arrives.
    manifest: !isSsrBuild,
    // Every browser the app supports preloads modules itself.
    modulePreload: { polyfill: false },
    // What every page runs (Preact, i18next's hooks, Mantine's core and the pieces its first
    // screen uses, the preload helper) in one chunk: left to the automatic chunking, it was cut
    // into six small chunks shared with the lazy pages, which gzip worse apart (~1.8 KB more on
    // the home page's first load, measured by `npm run bench:web`).
    rolldownOptions: {
      // react-router reads React 19's `useOptimistic` when there is one and does without it
      // otherwise; Preact has none, which is expected, not a mistake to warn about.
      onLog(level, log, handler) {
        if (log.code === 'IMPORT_IS_UNDEFINED' && log.message.includes('useOptimistic')) return;
        handler(level, log);
      },
      output: {
        codeSplitting: {
          groups: [
            {
              name: 'shell',
              test: /node_modules[\\/](?:(?:preact|react-i18next|use-sync-external-store)[\\/]|@mantine[\\/]core[\\/]esm[\\/](?:core|components[\\/](?:Transition|Loader|UnstyledButton))[\\/])|vite[\\/]preload-helper|[\\/]web[\\/]preact[\\/]react\.mjs$/,
            },
          ],
        },
      },
    },
  },
}));
