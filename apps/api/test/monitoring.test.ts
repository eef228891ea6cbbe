import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from './helpers';

/** A real HTTP server on loopback standing in for the error-tracking ingest host. */
interface Received {
  url: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
}
let ingest: Server;
let received: Received[] = [];
let ingestStatus = 200;
let dsn: string;
let ctx: TestContext;

beforeAll(async () => {
  ingest = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({
        url: request.url ?? '',
        headers: request.headers,
        body: Buffer.concat(chunks),
      });
      response.writeHead(ingestStatus, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ id: 'f00dfeedf00dfeedf00dfeedf00dfeed' }));
    });
  });
  await new Promise<void>((resolve) => ingest.listen(0, '127.0.0.1', resolve));
  const { port } = ingest.address() as AddressInfo;
  dsn = `http://publickey123@127.0.0.1:${port}/42`;
  ctx = await createTestContext({ SENTRY_DSN: dsn });
});
afterAll(async () => {
  await ctx.close();
  await new Promise((resolve) => ingest.close(resolve));
});
beforeEach(() => {
  received = [];
  ingestStatus = 200;
});

function envelopeFor(envelopeDsn: string, extra = ''): string {
  return [
    JSON.stringify({
      event_id: 'f00dfeedf00dfeedf00dfeedf00dfeed',
      dsn: envelopeDsn,
      sent_at: new Date().toISOString(),
    }),
    JSON.stringify({ type: 'event' }),
    JSON.stringify({ message: 'boom' + extra }),
  ].join('\n');
}

const post = (payload: string | Buffer, contentType = 'text/plain;charset=UTF-8') =>
  ctx.app.inject({
    method: 'POST',
    url: '/monitoring',
    headers: { 'content-type': contentType },
    payload,
  });

describe('POST /monitoring', () => {
  it('forwards an envelope for the configured DSN to the ingest host, byte for byte', async () => {
    const body = envelopeFor(dsn);
    const response = await post(body);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ id: 'f00dfeedf00dfeedf00dfeedf00dfeed' });
    expect(received).toHaveLength(1);
    expect(received[0]?.url).toBe('/api/42/envelope/');
    expect(received[0]?.body.toString()).toBe(body);
    expect(received[0]?.headers['content-type']).toBe('application/x-sentry-envelope');
  });

  it('accepts the SDK content type application/x-sentry-envelope', async () => {
    expect((await post(envelopeFor(dsn), 'application/x-sentry-envelope')).statusCode).toBe(200);
  });

  it('refuses an envelope naming another project or host and forwards nothing', async () => {
    const { port } = ingest.address() as AddressInfo;
    for (const other of [
      `http://publickey123@127.0.0.1:${port}/43`,
      `http://otherkey@127.0.0.1:${port}/42`,
      `http://publickey123@evil.example/42`,
      `https://publickey123@127.0.0.1:${port}/42`,
    ]) {
      const response = await post(envelopeFor(other));
      expect(response.statusCode, other).toBe(403);
      expect(response.json()).toMatchObject({
        type: 'client_error',
        errors: [{ code: 'monitoring_rejected' }],
      });
    }
    expect(received).toHaveLength(0);
  });

  it('refuses a body that is not an envelope, an empty body and one without a DSN', async () => {
    for (const body of ['not json at all', '', JSON.stringify({ event_id: 'x' }) + '\n{}']) {
      const response = await post(body);
      expect(response.statusCode).toBeGreaterThanOrEqual(400);
      expect(response.statusCode).toBeLessThan(500);
      expect(response.json()).toMatchObject({ errors: [{ code: 'monitoring_rejected' }] });
    }
    expect(received).toHaveLength(0);
  });

  it('refuses an envelope over the size limit', async () => {
    const response = await post(envelopeFor(dsn, 'x'.repeat(1024 * 1024 + 10)));
    expect(response.statusCode).toBe(413);
    expect(response.json()).toMatchObject({ errors: [{ code: 'request_too_large' }] });
    expect(received).toHaveLength(0);
  });

  it('answers bad_gateway when the ingest host refuses', async () => {
    ingestStatus = 500;
    const response = await post(envelopeFor(dsn));
    expect(response.statusCode).toBe(502);
    expect(response.json()).toMatchObject({
      type: 'server_error',
      errors: [{ code: 'bad_gateway' }],
    });
  });

  it('is switched off without a configured DSN', async () => {
    const plain = await createTestContext();
    try {
      const response = await plain.app.inject({
        method: 'POST',
        url: '/monitoring',
        payload: envelopeFor(dsn),
        headers: { 'content-type': 'text/plain' },
      });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ errors: [{ code: 'monitoring_unavailable' }] });
      expect(received).toHaveLength(0);
    } finally {
      await plain.close();
    }
  });
});
