import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { openDatabase, type Database } from '../src/db/client';
import type { App } from '../src/lib/types';

/** A loopback port that refuses connections: PostgreSQL is down. */
async function refusingPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

describe('an API process whose PostgreSQL is down', () => {
  let app: App;
  let database: Database;
  let dataDir: string;

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'hafla-outage-'));
    const databaseUrl = `postgres://postgres@127.0.0.1:${await refusingPort()}/hafla`;
    const config = loadConfig({
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      JWT_SECRET: 'test-secret-that-is-long-enough-for-hs256-signing',
      LOG_LEVEL: 'silent',
      HOLD_SWEEP_SECONDS: '1',
      WEB_DIST: path.join(dataDir, 'no-web-build'),
    });
    database = await openDatabase({ databaseUrl, dataDir, poolMax: 2 });
    app = await buildApp({ config, database });
    await app.ready();
  });

  afterAll(async () => {
    await app.close();
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it.each([
    ['GET', '/api/v1/categories/'],
    ['GET', '/api/v1/events_read/'],
    ['GET', '/api/v1/home'],
    ['POST', '/auth/login/'],
  ] as const)('answers %s %s with 503 service_unavailable and Retry-After', async (method, url) => {
    const started = Date.now();
    const response = await app.inject({
      method,
      url,
      headers: { 'accept-language': 'ar' },
      ...(method === 'POST' && {
        payload: { email: 'huda@example.com', password: 'secret-pass-1' },
      }),
    });
    expect(response.statusCode).toBe(503);
    expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
    expect(response.json()).toEqual({
      type: 'server_error',
      errors: [{ code: 'service_unavailable', detail: 'الخدمة غير متاحة مؤقتًا.', attr: null }],
    });
    // Refused at once, not after a timeout.
    expect(Date.now() - started).toBeLessThan(3_000);
  });

  it('says so on /readyz while /healthz stays alive', async () => {
    const ready = await app.inject({ method: 'GET', url: '/readyz' });
    expect(ready.statusCode).toBe(503);
    expect(ready.headers['retry-after']).toBe('5');
    expect(ready.json().errors[0].code).toBe('service_unavailable');
    expect((await app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
  });

  it('keeps running while its background sweep keeps failing', async () => {
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    expect((await app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
  });
});
