import { describe, expect, it } from 'vitest';
import { AppError } from '../../lib/app-error';
import { checkEnvelope, envelopeUrl, parseDsn } from './tunnel';

describe('parseDsn', () => {
  it('reads key, host, path prefix and project', () => {
    expect(parseDsn('https://abc@o1.ingest.sentry.io/123')).toEqual({
      protocol: 'https:',
      publicKey: 'abc',
      host: 'o1.ingest.sentry.io',
      pathPrefix: '',
      projectId: '123',
    });
    const prefixed = parseDsn('http://k@127.0.0.1:9000/sentry/7');
    expect(prefixed && envelopeUrl(prefixed)).toBe('http://127.0.0.1:9000/sentry/api/7/envelope/');
  });

  it('rejects what is not a DSN', () => {
    for (const value of [
      '',
      'nope',
      'ftp://k@h/1',
      'https://h/1',
      'https://k@h/',
      'https://k@h/abc',
    ]) {
      expect(parseDsn(value), value).toBeNull();
    }
  });
});

describe('checkEnvelope', () => {
  const configured = parseDsn('https://abc@o1.ingest.sentry.io/123')!;
  const envelope = (header: unknown) =>
    Buffer.from(`${JSON.stringify(header)}\n{"type":"event"}\n{}`);

  it('accepts the configured DSN', () => {
    expect(() =>
      checkEnvelope(envelope({ dsn: 'https://abc@o1.ingest.sentry.io/123' }), configured),
    ).not.toThrow();
  });

  it('refuses any other DSN with a 4xx AppError', () => {
    for (const dsn of [
      'https://abc@o1.ingest.sentry.io/124',
      'https://abc@attacker.example/123',
      42,
      null,
    ]) {
      try {
        checkEnvelope(envelope({ dsn }), configured);
        expect.unreachable();
      } catch (error) {
        expect(error).toBeInstanceOf(AppError);
        expect((error as AppError).status).toBeLessThan(500);
      }
    }
  });
});
