// @ts-check
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import importX from 'eslint-plugin-import-x';
import i18next from 'eslint-plugin-i18next';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { readdirSync } from 'node:fs';

/** Folders directly under `dir` (the features or modules of an app). */
const subfolders = (dir) =>
  readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);

/**
 * A feature reaches another only through its public surface: a web feature's `api/` folder, an
 * API module's files named in PUBLIC_SURFACES. Everything else inside is private.
 */
const PUBLIC_SURFACES = {
  admin: ['./audit.ts'],
  auth: ['./users.ts', './session-changes.ts'],
  bookings: ['./surface.ts'],
  catalog: ['./home-config.ts', './platform-settings.ts'],
  discovery: ['./event-summaries.ts'],
  door: ['./guest-list.ts'],
  events: ['./ownership.ts'],
  finance: ['./index.ts'],
  idempotency: ['./idempotency.ts'],
  mail: ['./outbox.ts', './mail-worker.ts', './code-mails.ts'],
  notifications: ['./notify.ts', './notifier.ts'],
  payments: ['./refunds.ts'],
  'rate-limits': ['./rate-counter.ts'],
  ratings: ['./rating-summary.ts'],
  social: ['./social-counts.ts', './organizer-cards.ts'],
  tickets: ['./ticket-mails.ts'],
  ushers: ['./access.ts'],
};
const featureZones = (root, publicParts) =>
  subfolders(root).flatMap((target) =>
    subfolders(root)
      .filter((from) => from !== target)
      .map((from) => ({
        target: `./${root}/${target}`,
        from: `./${root}/${from}`,
        except: publicParts(from),
      })),
  );

/**
 * Layer boundaries (STYLE.md): shared → features → app. The shared package knows nothing of
 * the apps, the web never imports server code or the ORM, and a feature never reaches into
 * another feature's internals.
 */
const boundaries = {
  'import-x/no-restricted-paths': [
    'error',
    {
      zones: [
        { target: './packages/shared', from: ['./apps', './e2e', './bench'] },
        { target: './apps/web', from: ['./apps/api'] },
        { target: './apps/api', from: ['./apps/web'] },
        {
          target: './apps/web/src/lib',
          from: ['./apps/web/src/features', './apps/web/src/app', './apps/web/src/components'],
        },
        {
          target: './apps/web/src/components',
          from: ['./apps/web/src/features', './apps/web/src/app'],
        },
        { target: './apps/web/src/features', from: ['./apps/web/src/app'] },
        {
          // lib/ is the bottom layer: plain helpers that know no tables, seed or feature.
          target: './apps/api/src/lib',
          from: ['./apps/api/src/db', './apps/api/src/modules', './apps/api/src/plugins'],
          message: 'lib/ imports nothing from db/, modules/ or plugins/: pass data in.',
        },
        ...featureZones('apps/web/src/features', () => ['./api']),
        ...featureZones('apps/api/src/modules', (from) => PUBLIC_SURFACES[from] ?? []),
      ],
    },
  ],
};

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/dist-server/**',
      '**/data/**',
      'e2e/test-results/**',
      'e2e/playwright-report/**',
      'bench/results/**',
      'apps/api/src/db/migrations/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    plugins: { 'import-x': importX },
    settings: {
      // Pinned to versions that resolve in JavaScript: newer ones need native bindings whose
      // other-platform builds the registry lacks, which breaks `npm ci` from the lock file.
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/resolver': {
        typescript: {
          project: [
            'packages/shared/tsconfig.json',
            'apps/*/tsconfig.json',
            'e2e/tsconfig.json',
            'bench/tsconfig.json',
          ],
        },
      },
    },
    languageOptions: { globals: { ...globals.node } },
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-self-import': 'error',
      'import-x/no-duplicates': 'error',
      ...boundaries,
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/index', '**/index.ts'],
              message: 'No barrel files: import the module itself.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks, i18next },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': [
        'error',
        {
          paths: [
            { name: 'drizzle-orm', message: 'The web app never touches the database.' },
            { name: 'pg', message: 'The web app never touches the database.' },
          ],
          patterns: [
            {
              group: ['**/index', '**/index.ts'],
              message: 'No barrel files: import the module itself.',
            },
          ],
        },
      ],
      'i18next/no-literal-string': [
        'error',
        {
          mode: 'jsx-only',
          'jsx-attributes': { include: ['title', 'aria-label', 'alt', 'placeholder', 'label'] },
        },
      ],
    },
  },
  {
    files: ['apps/web/src/**/*.test.{ts,tsx}', 'apps/web/src/test/**'],
    rules: { 'i18next/no-literal-string': 'off' },
  },
);
