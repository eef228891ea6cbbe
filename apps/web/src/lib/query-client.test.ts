import { describe, expect, it } from 'vitest';
import { ApiError } from './api-client';
import { retryWhenBusy } from './query-client';

const failure = (status: number, code: string, retryAfter: number | null = null) =>
  new ApiError(
    status,
    {
      type: status >= 500 ? 'server_error' : 'client_error',
      errors: [{ code, detail: code, attr: null }],
    },
    retryAfter,
  );

describe('retryWhenBusy', () => {
  it('asks again, up to three times, when the server was too busy to start', () => {
    const busy = failure(503, 'service_unavailable', 2);
    expect([0, 1, 2, 3].map((count) => retryWhenBusy.retry(count, busy))).toEqual([
      true,
      true,
      true,
      false,
    ]);
  });

  it('never repeats a refusal, a failure or a lost answer', () => {
    for (const error of [
      failure(409, 'sold_out'),
      failure(400, 'validation_error'),
      failure(500, 'server_error'),
      failure(0, 'network_error'),
      new Error('boom'),
    ]) {
      expect(retryWhenBusy.retry(0, error)).toBe(false);
    }
  });

  it('waits the Retry-After the server gave, 2 s without one, at most 10 s', () => {
    expect(retryWhenBusy.retryDelay(1, failure(503, 'service_unavailable', 3))).toBe(3_000);
    expect(retryWhenBusy.retryDelay(1, failure(503, 'service_unavailable'))).toBe(2_000);
    expect(retryWhenBusy.retryDelay(1, failure(503, 'service_unavailable', 120))).toBe(10_000);
  });
});
