import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { inject, vi } from 'vitest';
import { buildApp } from '../src/app';
import { loadConfig, type Config } from '../src/config';
import { openDatabase, type Database } from '../src/db/client';
import { users } from '../src/db/schema/accounts';
import { seedDatabase } from '../src/db/seed/seed';
import type { App } from '../src/lib/types';
import { createScratchDatabaseUrl } from './scratch-database';
import { startSmtpSink, type SmtpSink } from './smtp-sink';
import { signAccessToken, type AccessClaims } from '../src/lib/tokens';

export interface TestContext {
  app: App;
  database: Database;
  config: Config;
  close(): Promise<void>;
}

/** A fresh database: a copy of the seeded PGlite template, or a new PostgreSQL database when TEST_DATABASE_URL is set. */
async function openTestDatabase(): Promise<{
  database: Database;
  url?: string;
  drop(): Promise<void>;
}> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) {
    const template = readFileSync(inject('pgliteTemplate'));
    const database = await openDatabase({
      dataDir: os.tmpdir(),
      inMemory: true,
      loadDataDir: new Blob([template]),
    });
    return { database, drop: async () => undefined };
  }
  const scratch = await createScratchDatabaseUrl(adminUrl, inject('scratchDatabasePrefix'), 'api');
  const database = await openDatabase({
    databaseUrl: scratch.url,
    dataDir: os.tmpdir(),
    poolMax: 5,
  });
  await database.migrate();
  await seedDatabase(database.db, { demo: true });
  return { database, url: scratch.url, drop: scratch.drop };
}

export async function createTestContext(env: Record<string, string> = {}): Promise<TestContext> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'hafla-test-'));
  const { database, url, drop } = await openTestDatabase();
  // The URL, as in production: what listens (LISTEN/NOTIFY) opens connections of its own.
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    JWT_SECRET: 'test-secret-that-is-long-enough-for-hs256-signing',
    LOG_LEVEL: 'silent',
    WEB_DIST: path.join(dataDir, 'no-web-build'),
    ...(url && { DATABASE_URL: url }),
    ...env,
  });
  const app = await buildApp({ config, database });
  await app.ready();
  return {
    app,
    database,
    config,
    async close() {
      try {
        await app.close();
        await database.close();
      } finally {
        await drop();
        rmSync(dataDir, { recursive: true, force: true });
      }
    },
  };
}

/** The id of a seeded demo account (see src/db/seed/demo-accounts.ts). */
export async function demoUserId(ctx: TestContext, email = 'attendee@hafla.test'): Promise<string> {
  const [row] = await ctx.database.db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, email));
  if (!row) throw new Error(`no demo account ${email}`);
  return row.id;
}

/** An Authorization header for any claims, signed with the app's secret. */
export function bearer(
  config: Config,
  claims: Partial<AccessClaims> & { userId: string },
  now?: Date,
): Promise<string> {
  return signAccessToken(config.JWT_SECRET, { roles: ['attendee'], ...claims }, now).then(
    (token) => `Bearer ${token}`,
  );
}

/** The first error of an envelope answer. */
export function firstError(response: { json(): unknown }) {
  return (response.json() as { errors: Array<{ code: string; attr: string | null }> }).errors[0];
}

/** A test app that sends its mail to a real SMTP server on loopback, with auth limits lifted. */
export async function createMailTestContext(): Promise<{
  ctx: TestContext;
  sink: SmtpSink;
  close(): Promise<void>;
}> {
  const sink = await startSmtpSink();
  const ctx = await createTestContext({ SMTP_URL: sink.url, AUTH_RATE_LIMIT_MAX: '10000' });
  return {
    ctx,
    sink,
    async close() {
      await ctx.close();
      await sink.close();
    },
  };
}

/** A 1×1 PNG. */
export const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

/** A multipart/form-data body with text fields and at most one file. */
export function multipartForm(
  fields: Record<string, string>,
  file?: { name: string; filename: string; type: string; content: Buffer },
): { payload: Buffer; contentType: string } {
  const boundary = '----hafla' + Math.random().toString(16).slice(2);
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
      ),
    );
  }
  if (file) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.name}"; filename="${file.filename}"\r\nContent-Type: ${file.type}\r\n\r\n`,
      ),
      file.content,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(parts),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}

/**
 * Retries `check` until it passes: work the API does in the background (the mail worker, a
 * refund after a cancellation, a push) finishes when the machine gets to it, and on a loaded CI
 * machine that is sometimes seconds, not vitest's default second.
 */
export function eventually<T>(check: () => T | Promise<T>, timeout = 10_000): Promise<T> {
  return vi.waitFor(check, { timeout, interval: 50 });
}
