import { useState } from 'react';

function randomUuid(): string {
  // randomUUID exists only on secure origins; a LAN address over plain http still gets a v4 UUID.
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

export interface IdempotencyKeys {
  /** The key for this body: the last one again when the body is unchanged, else a new one. */
  keyFor(body: unknown): string;
  /** After a success: the next attempt is a new operation, even with the same body. */
  reset(): void;
}

/**
 * One `Idempotency-Key` per attempted operation. Sending the same body again (a retry after a
 * lost answer, a double click) reuses its key so the server answers the first result instead of
 * booking or charging twice; a changed body (another card, other quantities) is a new attempt.
 */
export function createIdempotencyKeys(newKey: () => string = randomUuid): IdempotencyKeys {
  let last: { body: string; key: string } | null = null;
  return {
    keyFor(body) {
      const serialized = JSON.stringify(body);
      if (last?.body !== serialized) last = { body: serialized, key: newKey() };
      return last.key;
    },
    reset() {
      last = null;
    },
  };
}

export function useIdempotencyKeys(): IdempotencyKeys {
  const [keys] = useState(() => createIdempotencyKeys());
  return keys;
}
