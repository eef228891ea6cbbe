import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { signAccessToken, verifyAccessToken } from './tokens';

const SECRET = 'a-test-secret-long-enough-for-hs256-0123456789';
const NOW = new Date('2026-03-01T12:00:00Z');
const seconds = NOW.getTime() / 1000;
const claims = { userId: '00000000-0000-4000-8000-000000000001', roles: ['attendee' as const] };

const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

/** A token signed by hand, to say what the API's own signing never would. */
function forge(
  payload: Record<string, unknown>,
  header: Record<string, unknown> = { alg: 'HS256' },
  secret = SECRET,
): string {
  const signed = `${encode(header)}.${encode(payload)}`;
  return `${signed}.${createHmac('sha256', secret).update(signed).digest('base64url')}`;
}

const good = {
  sub: claims.userId,
  roles: ['attendee'],
  typ: 'access',
  iss: 'hafla',
  aud: 'hafla-api',
  iat: seconds,
  exp: seconds + 900,
};

describe('verifyAccessToken', () => {
  it('accepts what signAccessToken signs, until it expires', async () => {
    const token = await signAccessToken(SECRET, claims, NOW);
    expect(await verifyAccessToken(SECRET, token, NOW)).toEqual({
      ...claims,
      expiresAt: seconds + 900,
    });
    expect(await verifyAccessToken(SECRET, token, new Date(NOW.getTime() + 899_000))).not.toBe(
      null,
    );
    expect(await verifyAccessToken(SECRET, token, new Date(NOW.getTime() + 900_000))).toBe(null);
  });

  it('carries the session and its version, and refuses them malformed', async () => {
    const token = await signAccessToken(
      SECRET,
      { ...claims, sessionId: 'family-1', sessionVersion: 3 },
      NOW,
    );
    expect(await verifyAccessToken(SECRET, token, NOW)).toMatchObject({
      sessionId: 'family-1',
      sessionVersion: 3,
    });
    expect(await verifyAccessToken(SECRET, forge({ ...good, sid: 7 }), NOW)).toBe(null);
    expect(await verifyAccessToken(SECRET, forge({ ...good, sv: '3' }), NOW)).toBe(null);
  });

  it('accepts an audience list that names the API', async () => {
    const token = forge({ ...good, aud: ['other', 'hafla-api'] });
    expect(await verifyAccessToken(SECRET, token, NOW)).toMatchObject({ userId: claims.userId });
  });

  it('refuses another key, a changed payload and a changed signature', async () => {
    const token = await signAccessToken(SECRET, claims, NOW);
    expect(await verifyAccessToken(`${SECRET}!`, token, NOW)).toBe(null);
    const [header, , signature] = token.split('.');
    const admin = encode({ ...good, roles: ['admin'] });
    expect(await verifyAccessToken(SECRET, `${header}.${admin}.${signature}`, NOW)).toBe(null);
    const flipped = `${signature!.slice(0, -2)}${signature!.endsWith('A') ? 'B' : 'A'}`;
    expect(await verifyAccessToken(SECRET, `${header}.${admin}.${flipped}`, NOW)).toBe(null);
  });

  it('refuses a signature written in another encoding of the same bytes', async () => {
    const token = forge(good);
    const [header, payload, signature] = token.split('.');
    // The last of 43 characters carries 2 spare bits: setting one keeps the bytes the same.
    const last = signature!.at(-1)!;
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
    const sibling = alphabet[alphabet.indexOf(last) ^ 1]!;
    const padded = `${header}.${payload}.${signature!.slice(0, -1)}${sibling}`;
    expect(await verifyAccessToken(SECRET, token, NOW)).not.toBe(null);
    expect(await verifyAccessToken(SECRET, padded, NOW)).toBe(null);
    expect(await verifyAccessToken(SECRET, `${token}=`, NOW)).toBe(null);
  });

  it('refuses other algorithms, unsigned tokens and critical header extensions', async () => {
    expect(await verifyAccessToken(SECRET, forge(good, { alg: 'HS512' }), NOW)).toBe(null);
    const unsigned = `${encode({ alg: 'none' })}.${encode(good)}.`;
    expect(await verifyAccessToken(SECRET, unsigned, NOW)).toBe(null);
    const critical = forge(good, { alg: 'HS256', crit: ['b64'], b64: false });
    expect(await verifyAccessToken(SECRET, critical, NOW)).toBe(null);
  });

  it('refuses wrong or missing claims', async () => {
    const cases: Array<Record<string, unknown>> = [
      { ...good, exp: undefined },
      { ...good, exp: String(seconds + 900) },
      { ...good, nbf: seconds + 60 },
      { ...good, iat: 'now' },
      { ...good, iss: 'someone-else' },
      { ...good, aud: 'another-api' },
      { ...good, aud: undefined },
      { ...good, typ: 'refresh' },
      { ...good, sub: 42 },
    ];
    for (const payload of cases) {
      expect(await verifyAccessToken(SECRET, forge(payload), NOW), JSON.stringify(payload)).toBe(
        null,
      );
    }
    expect(await verifyAccessToken(SECRET, forge({ ...good, nbf: seconds }), NOW)).not.toBe(null);
  });

  it('refuses what is not a token', async () => {
    for (const token of ['', 'garbage', 'a.b', 'a.b.c.d', `${forge(good)}.x`, 'ä.b.c']) {
      expect(await verifyAccessToken(SECRET, token, NOW), token).toBe(null);
    }
    const array = `${encode({ alg: 'HS256' })}.${Buffer.from('[1]').toString('base64url')}`;
    const signed = `${array}.${createHmac('sha256', SECRET).update(array).digest('base64url')}`;
    expect(await verifyAccessToken(SECRET, signed, NOW)).toBe(null);
  });
});
