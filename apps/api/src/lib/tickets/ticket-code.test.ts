import { randomBytes } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  codeHash,
  parseShortCode,
  shortCodeMatches,
  shortTicketCode,
  signTicketCode,
  ticketCodeHashes,
  ticketQrKey,
  verifyTicketCode,
} from './ticket-code';

const key = ticketQrKey('a-jwt-secret-of-at-least-thirty-two-characters');
const ticket = { id: 42, secret: randomBytes(16).toString('base64url') };

const ticketArb = fc.record({
  id: fc.integer({ min: 1, max: 2 ** 31 - 1 }),
  secret: fc.stringMatching(/^[A-Za-z0-9_-]{16,64}$/),
});

describe('ticketQrKey', () => {
  it('derives a 32-byte key that differs from the secret and between secrets', () => {
    const other = ticketQrKey('another-jwt-secret-of-thirty-two-chars!');
    expect(key).toHaveLength(32);
    expect(key.equals(other)).toBe(false);
    expect(key.equals(Buffer.from('a-jwt-secret-of-at-least-thirty-two-characters'))).toBe(false);
    expect(ticketQrKey('a-jwt-secret-of-at-least-thirty-two-characters').equals(key)).toBe(true);
  });
});

describe('signTicketCode', () => {
  it('writes a short, URL-safe, versioned code naming the ticket', () => {
    const code = signTicketCode(key, ticket);
    expect(code).toMatch(/^H1\.42\.[A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]{22}$/);
    expect(encodeURIComponent(code)).toBe(code);
  });

  it('refuses ids and secrets a ticket cannot have', () => {
    expect(() => signTicketCode(key, { id: 0, secret: ticket.secret })).toThrow(RangeError);
    expect(() => signTicketCode(key, { id: 1.5, secret: ticket.secret })).toThrow(RangeError);
    expect(() => signTicketCode(key, { id: 1, secret: 'short' })).toThrow(RangeError);
    expect(() => signTicketCode(key, { id: 1, secret: `${ticket.secret}.x` })).toThrow(RangeError);
  });
});

describe('verifyTicketCode', () => {
  it('reads back every code it signed', () => {
    fc.assert(
      fc.property(ticketArb, (t) => {
        expect(verifyTicketCode(key, signTicketCode(key, t))).toEqual(t);
      }),
    );
  });

  it('refuses a code signed with another key', () => {
    const otherKey = ticketQrKey('another-jwt-secret-of-thirty-two-chars!');
    fc.assert(
      fc.property(ticketArb, (t) => {
        expect(verifyTicketCode(otherKey, signTicketCode(key, t))).toBeNull();
      }),
    );
  });

  it('refuses a code whose id or secret was swapped for another ticket', () => {
    fc.assert(
      fc.property(ticketArb, ticketArb, (a, b) => {
        fc.pre(a.id !== b.id && a.secret !== b.secret);
        const [, , , macA] = signTicketCode(key, a).split('.');
        expect(verifyTicketCode(key, `H1.${b.id}.${a.secret}.${macA}`)).toBeNull();
        expect(verifyTicketCode(key, `H1.${a.id}.${b.secret}.${macA}`)).toBeNull();
      }),
    );
  });

  it('refuses any single-character change to a signed code', () => {
    const code = signTicketCode(key, ticket);
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_.';
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: code.length - 1 }),
        fc.constantFrom(...alphabet),
        (index, replacement) => {
          fc.pre(code[index] !== replacement);
          const changed = code.slice(0, index) + replacement + code.slice(index + 1);
          expect(verifyTicketCode(key, changed)).toBeNull();
        },
      ),
    );
  });

  it('never throws and accepts nothing it did not sign', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 300 }), (text) => {
        expect(verifyTicketCode(key, text)).toBeNull();
      }),
    );
  });

  it.each([
    ['an empty code', ''],
    ['another version', signTicketCode(key, ticket).replace(/^H1/, 'H2')],
    ['a leading zero in the id', signTicketCode(key, ticket).replace('.42.', '.042.')],
    ['a truncated mac', signTicketCode(key, ticket).slice(0, -1)],
    ['an extra part', `${signTicketCode(key, ticket)}.x`],
    ['an id beyond 32 bits', `H1.2147483648.${ticket.secret}.${'A'.repeat(22)}`],
    ['padding', `${signTicketCode(key, ticket)}==`],
  ])('refuses %s', (_name, payload) => {
    expect(verifyTicketCode(key, payload)).toBeNull();
  });
});

describe('short codes', () => {
  const key = ticketQrKey('a-secret-long-enough-for-the-tests-of-short-codes');
  const ticket = { id: 1234, secret: 'abcdefghijklmnopqrstuv' };

  it('prints `<id>-XXXX-XXXX` and reads it back however it is typed', () => {
    const printed = shortTicketCode(key, ticket);
    expect(printed).toMatch(/^1234-[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}$/);
    for (const typed of [
      printed,
      printed.toLowerCase(),
      printed.replace(/-/g, ' '),
      ` ${printed} `,
    ]) {
      const parsed = parseShortCode(typed);
      expect(parsed?.id, typed).toBe(1234);
      expect(shortCodeMatches(key, ticket, parsed!.mac)).toBe(true);
    }
  });

  it('refuses another MAC, another secret (a reissued ticket) and what cannot be a short code', () => {
    const parsed = parseShortCode(shortTicketCode(key, ticket))!;
    const other = parsed.mac.startsWith('0')
      ? `1${parsed.mac.slice(1)}`
      : `0${parsed.mac.slice(1)}`;
    expect(shortCodeMatches(key, ticket, other)).toBe(false);
    expect(shortCodeMatches(key, { ...ticket, secret: 'zyxwvutsrqponmlkjihgfe' }, parsed.mac)).toBe(
      false,
    );
    for (const typed of [
      '',
      '1234',
      'ABCD-EFGH',
      '0-ABCD-EFGH',
      '99999999999-ABCD-EFGH',
      'x'.repeat(100),
    ]) {
      expect(parseShortCode(typed), typed).toBeNull();
    }
  });

  it('hashes codes for the offline list without giving them away', () => {
    const hashes = ticketCodeHashes(key, ticket);
    expect(hashes.code_hash).toBe(codeHash(signTicketCode(key, ticket)));
    expect(hashes.code_hash).toMatch(/^[0-9a-f]{32}$/);
    expect(hashes.short_code_hash).toBe(codeHash(shortTicketCode(key, ticket).replace(/-/g, '')));
  });
});
