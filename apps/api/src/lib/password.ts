import { hash, verify } from '@node-rs/argon2';
import { COMMON_PASSWORDS } from './common-passwords';

// OWASP's argon2id baseline: 19 MiB, 2 iterations, 1 lane. (2 is Algorithm.Argon2id, a const enum.)
const OPTIONS = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 };

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

// Verified against when the email is unknown, so a failed sign-in takes the same time either way.
let dummyHash: Promise<string> | null = null;
export async function burnPasswordCheck(password: string): Promise<void> {
  dummyHash ??= hashPassword('not-a-real-password-only-for-timing');
  await verifyPassword(await dummyHash, password);
}

export type PasswordProblem = 'password_too_common' | 'password_too_similar' | null;

/**
 * Length is checked by the request schema; this adds what a schema cannot know: the password
 * must not be the email (or its name part) and must not be a well-known password.
 */
export function findPasswordProblem(password: string, email: string): PasswordProblem {
  const candidate = password.trim().toLowerCase();
  const localPart = email.split('@')[0] ?? '';
  if (candidate === email || (localPart.length >= 4 && candidate.includes(localPart))) {
    return 'password_too_similar';
  }
  const stripped = candidate.replace(/[\d!@#$%^&*.?_-]+$/, '');
  if (COMMON_PASSWORDS.has(candidate) || (stripped.length >= 4 && COMMON_PASSWORDS.has(stripped))) {
    return 'password_too_common';
  }
  if (
    /^(.)\1+$/.test(candidate) ||
    '0123456789012345678901234567890'.includes(candidate) ||
    'abcdefghijklmnopqrstuvwxyz'.includes(candidate)
  ) {
    return 'password_too_common';
  }
  return null;
}
