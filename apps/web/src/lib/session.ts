import { useSyncExternalStore } from 'react';
import type { User } from '@hafla/shared/auth/users';
import { readTokenClaims } from './jwt';

/**
 * The signed-in session (PRODUCT.md section 2). The access token lives in memory only and the
 * refresh token never reaches script at all: the API keeps it in an httpOnly cookie. Local
 * storage holds a non-secret hint that a session may exist, so anonymous visitors do not ask
 * for a refresh on every page load.
 */
export interface SessionHint {
  user_id: string;
}

export type SessionStatus = 'restoring' | 'signed-in' | 'signed-out';

export interface SessionState {
  status: SessionStatus;
  user: User | null;
  /** The reader signed out themselves (and is being taken home), rather than being signed out. */
  isSignOutDeliberate?: boolean;
}

export interface SignInPayload {
  access: string;
  user: User;
}

/** Answers a new access token, null when the session is over; throws when it may be retried. */
export type TokenRenewer = () => Promise<string | null>;

export const SESSION_STORAGE_KEY = 'session';

const RENEW_BEFORE_EXPIRY_MS = 60_000;
/** A request made this close to expiry waits for a renewal instead of failing on the way. */
const NEAR_EXPIRY_MS = 10_000;
const RETRY_RENEWAL_MS = 30_000;
const FALLBACK_LIFETIME_MS = 15 * 60_000;

type KeyValueStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

function defaultStorage(): KeyValueStorage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

let state: SessionState = { status: 'signed-out', user: null };
let accessToken: string | null = null;
let expiresAt = 0;
let renewTimer: ReturnType<typeof setTimeout> | undefined;
let renewer: TokenRenewer | null = null;
let renewing: Promise<void> | null = null;
/** Bumped on every sign-in and sign-out so a renewal that finishes late cannot revive a session. */
let generation = 0;
const listeners = new Set<() => void>();
let settledWaiters: ((value: SessionState) => void)[] = [];

function setState(next: SessionState): void {
  state = next;
  for (const listener of listeners) listener();
  if (next.status !== 'restoring') {
    const waiters = settledWaiters;
    settledWaiters = [];
    for (const resolve of waiters) resolve(next);
  }
}

export function readSessionHint(storage = defaultStorage()): SessionHint | null {
  try {
    const raw = storage?.getItem(SESSION_STORAGE_KEY);
    if (!raw) return null;
    const parsed: unknown = JSON.parse(raw);
    if (typeof parsed !== 'object' || parsed === null) return null;
    const userId = (parsed as Record<string, unknown>).user_id;
    return typeof userId === 'string' && userId.length > 0 ? { user_id: userId } : null;
  } catch {
    return null;
  }
}

function writeSessionHint(hint: SessionHint, storage = defaultStorage()): void {
  try {
    storage?.setItem(SESSION_STORAGE_KEY, JSON.stringify(hint));
  } catch {
    // Without storage the session still works in this tab; it just is not restored on reload.
  }
}

function removeSessionHint(storage = defaultStorage()): void {
  try {
    storage?.removeItem(SESSION_STORAGE_KEY);
  } catch {
    // Storage unavailable: there is no hint to remove.
  }
}

export function getSessionState(): SessionState {
  return state;
}

export function subscribeToSession(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useSession(): SessionState {
  return useSyncExternalStore(subscribeToSession, getSessionState, getSessionState);
}

export function useCurrentUser(): User | null {
  return useSession().user;
}

/** For pages under the signed-in guard, which never renders them without a user. */
export function useSignedInUser(): User {
  const user = useCurrentUser();
  if (!user) throw new Error('useSignedInUser is for pages behind the signed-in guard');
  return user;
}

/** Resolves once a restore in progress has ended, at once otherwise. */
export function waitForSession(): Promise<SessionState> {
  if (state.status !== 'restoring') return Promise.resolve(state);
  return new Promise((resolve) => settledWaiters.push(resolve));
}

export function getAccessToken(): string | null {
  return accessToken;
}

function cancelRenewal(): void {
  if (renewTimer !== undefined) clearTimeout(renewTimer);
  renewTimer = undefined;
}

function scheduleRenewal(delayMs: number): void {
  cancelRenewal();
  if (!renewer) return;
  renewTimer = setTimeout(() => void renewAccessToken(), delayMs);
}

/**
 * The lifetime is read as exp − iat and counted on this device's clock, so a phone whose
 * clock is off by minutes still renews on time instead of in a loop.
 */
function acceptAccessToken(access: string): void {
  accessToken = access;
  const claims = readTokenClaims(access);
  const now = Date.now();
  const lifetimeMs =
    claims?.exp !== undefined && claims.iat !== undefined
      ? (claims.exp - claims.iat) * 1000
      : claims?.exp !== undefined
        ? claims.exp * 1000 - now
        : FALLBACK_LIFETIME_MS;
  expiresAt = now + lifetimeMs;
  scheduleRenewal(Math.max(lifetimeMs - RENEW_BEFORE_EXPIRY_MS, lifetimeMs / 2, 0));
}

/** Marks a restore as under way: signed-in-only pages wait for it before deciding. */
export function beginSessionRestore(): void {
  setState({ status: 'restoring', user: null });
}

/** Adopts the access token a refresh answered while restoring, before the user has loaded. */
export function setAccessToken(access: string): void {
  acceptAccessToken(access);
}

/** This tab's note that a session ended without the reader asking (expired or revoked). */
const SESSION_ENDED_KEY = 'session-ended';

function tabStorage(): KeyValueStorage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

/**
 * Notes that the session this tab had was refused (its token expired or was revoked), so the
 * sign-in page can say why the reader is there. Kept in the tab's session storage: it survives
 * the reload a refused session may come with, and no other tab sees it.
 */
export function markSessionEnded(): void {
  try {
    tabStorage()?.setItem(SESSION_ENDED_KEY, '1');
  } catch {
    // Without storage the sign-in page simply does not say why.
  }
}

export function hasSessionEnded(): boolean {
  try {
    return tabStorage()?.getItem(SESSION_ENDED_KEY) === '1';
  } catch {
    return false;
  }
}

export function forgetSessionEnded(): void {
  try {
    tabStorage()?.removeItem(SESSION_ENDED_KEY);
  } catch {
    // Nothing was kept.
  }
}

export function signIn({ access, user }: SignInPayload): void {
  forgetSessionEnded();
  generation += 1;
  writeSessionHint({ user_id: user.id });
  acceptAccessToken(access);
  setState({ status: 'signed-in', user });
}

/** The account changed (profile saved, registration completed); the tokens did not. */
export function setSessionUser(user: User): void {
  if (state.status === 'signed-out') return;
  setState({ status: 'signed-in', user });
}

export interface ClearSessionOptions {
  /** Keeps the hint when the session may well still exist, e.g. the API was unreachable. */
  keepHint?: boolean;
  /** The reader chose to sign out; signed-in-only pages then leave it to the caller where to go. */
  isDeliberate?: boolean;
}

/** Forgets the session in this tab: token, user and hint. The caller decides where to go. */
export function clearSession({
  keepHint = false,
  isDeliberate = false,
}: ClearSessionOptions = {}): void {
  generation += 1;
  cancelRenewal();
  accessToken = null;
  expiresAt = 0;
  if (!keepHint) removeSessionHint();
  if (isDeliberate) forgetSessionEnded();
  if (state.status !== 'signed-out' || state.user) {
    setState({ status: 'signed-out', user: null, isSignOutDeliberate: isDeliberate });
  }
}

export function configureTokenRenewal(renew: TokenRenewer | null): void {
  renewer = renew;
  if (!renew) cancelRenewal();
}

export function renewAccessToken(): Promise<void> {
  const renew = renewer;
  if (!renew) return Promise.resolve();
  renewing ??= (async () => {
    const startedIn = generation;
    try {
      const access = await renew();
      if (startedIn !== generation) return;
      if (access === null) {
        // Refused (expired, revoked, the account suspended): the sign-in page says it ended.
        markSessionEnded();
        clearSession();
      } else acceptAccessToken(access);
    } catch {
      if (startedIn === generation) scheduleRenewal(RETRY_RENEWAL_MS);
    } finally {
      renewing = null;
    }
  })();
  return renewing;
}

/**
 * The token for the next request, renewed first when it is about to expire. A token that has
 * expired anyway (the renewal could not reach the API) is not sent: the API refuses any stale
 * token it is shown, while a public page still answers an anonymous request.
 */
export async function getFreshAccessToken(): Promise<string | null> {
  if (accessToken && renewer && expiresAt - Date.now() < NEAR_EXPIRY_MS) {
    await renewAccessToken();
  }
  return accessToken && expiresAt > Date.now() ? accessToken : null;
}
