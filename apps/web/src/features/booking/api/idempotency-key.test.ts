import { describe, expect, it, vi } from 'vitest';
import { createIdempotencyKeys } from './idempotency-key';

describe('idempotency keys', () => {
  it('reuses the key for the same body, makes a new one for another body or after a success', () => {
    let next = 0;
    const keys = createIdempotencyKeys(() => `key-${(next += 1)}`);

    expect(keys.keyFor({ booking: 1, payment_method: '4000000000000002' })).toBe('key-1');
    expect(keys.keyFor({ booking: 1, payment_method: '4000000000000002' })).toBe('key-1');
    expect(keys.keyFor({ booking: 1, payment_method: '4242424242424242' })).toBe('key-2');
    keys.reset();
    expect(keys.keyFor({ booking: 1, payment_method: '4242424242424242' })).toBe('key-3');
  });

  it('makes random version 4 UUIDs by default', () => {
    const keys = createIdempotencyKeys();
    const first = keys.keyFor({ a: 1 });
    expect(first).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(keys.keyFor({ a: 2 })).not.toBe(first);
  });

  it('still makes version 4 UUIDs where randomUUID is missing (plain http on a LAN address)', () => {
    const { getRandomValues } = globalThis.crypto;
    vi.stubGlobal('crypto', { getRandomValues: getRandomValues.bind(globalThis.crypto) });
    const key = createIdempotencyKeys().keyFor({ a: 1 });
    expect(key).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });
});
