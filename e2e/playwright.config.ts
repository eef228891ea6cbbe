import { execSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';

const port = Number(process.env.E2E_PORT ?? 3100);
const baseURL = `http://127.0.0.1:${port}`;
// The app is started as a user starts it, on an empty temporary DATA_DIR (PGlite, seeded at boot).
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'hafla-e2e-'));
// Debian's chromium: browsers are never downloaded.
const chromium =
  process.env.CHROMIUM_PATH ??
  execSync('command -v chromium || command -v chromium-browser', {
    shell: '/bin/sh',
    encoding: 'utf8',
  }).trim();

export default defineConfig({
  testDir: './tests',
  outputDir: './test-results',
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  // CI compares with the committed baselines and never writes them (a missing one fails).
  updateSnapshots: process.env.CI ? 'none' : 'missing',
  forbidOnly: Boolean(process.env.CI),
  reporter: process.env.CI
    ? [['list']]
    : [['list'], ['html', { open: 'never', outputFolder: 'playwright-report' }]],
  // A journey walks several screens with an axe scan on each: on a loaded two-core machine the
  // longer ones (registration to password reset, tickets to a refund) took 32–33 s, over the
  // old 30 s, while a hung step still fails at its own expect timeout long before this.
  timeout: 60_000,
  use: {
    baseURL,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: chromium,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
  projects: [
    {
      name: 'desktop',
      use: { ...devices['Desktop Chrome'], channel: undefined },
      // The reflow checks set their own 320 px viewport: the phone project runs them.
      testIgnore: /reflow\.spec\.ts/,
    },
    { name: 'phone', use: { ...devices['Pixel 7'], channel: undefined } },
  ],
  webServer: {
    command: 'node ../scripts/start.mjs',
    url: `${baseURL}/readyz`,
    reuseExistingServer: false,
    timeout: 180_000,
    stdout: 'pipe',
    stderr: 'pipe',
    env: {
      PORT: String(port),
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      RATE_LIMITS: 'off',
      // The journeys read codes from an SMTP sink they run on this port (tests/mailbox.ts).
      SMTP_URL: `smtp://127.0.0.1:${process.env.E2E_SMTP_PORT ?? 2526}`,
    },
  },
});
