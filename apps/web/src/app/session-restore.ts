import type { QueryClient } from '@tanstack/react-query';
import type { RefreshedTokens } from '@hafla/shared/auth/requests';
import { refreshTokens } from '../features/auth/api/refresh-token';
import {
  getOwnProfile,
  ownProfileQueryOptions,
  profileKeys,
} from '../features/profile/api/get-profile';
import { isApiError } from '../lib/api-client';
import { readTokenClaims } from '../lib/jwt';
import {
  beginSessionRestore,
  clearSession,
  configureTokenRenewal,
  getSessionState,
  markSessionEnded,
  readSessionHint,
  SESSION_STORAGE_KEY,
  setAccessToken,
  signIn,
  subscribeToSession,
} from '../lib/session';

/** The session is over (4xx); anything else (offline, 5xx) may pass. */
function isSessionRefused(error: unknown): boolean {
  return isApiError(error) && error.status >= 400 && error.status < 500;
}

/**
 * Each refresh rotates the cookie. Two tabs refreshing at once would present the same token
 * twice, so tabs take turns through a Web Lock where the browser has them.
 */
async function refreshInTurn(): Promise<RefreshedTokens> {
  const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
  if (!locks) return refreshTokens();
  return await locks.request('hafla-token-refresh', () => refreshTokens());
}

async function renewWithCookie(): Promise<string | null> {
  try {
    return (await refreshInTurn()).access;
  } catch (error) {
    if (isSessionRefused(error)) return null;
    throw error;
  }
}

/**
 * Boot: when the hint says a session may exist, trade the refresh cookie for an access token,
 * then load the account named by the token's `sub`. Any refusal signs out quietly.
 */
export async function restoreSession(queryClient: QueryClient): Promise<void> {
  const hint = readSessionHint();
  if (!hint) return;
  beginSessionRestore();
  try {
    const { access } = await refreshInTurn();
    setAccessToken(access);
    const userId = readTokenClaims(access)?.sub ?? hint.user_id;
    const profile = await getOwnProfile(userId, { quiet: true });
    queryClient.setQueryData(ownProfileQueryOptions(profile.id).queryKey, profile);
    signIn({ access, user: profile });
  } catch (error) {
    const isRefused = isSessionRefused(error);
    // The hint said this browser was signed in: the session expired or was revoked meanwhile.
    if (isRefused) markSessionEnded();
    clearSession({ keepHint: !isRefused });
  }
}

/** Another tab signed out, or signed in as someone else: follow it. */
function followOtherTabs(queryClient: QueryClient): void {
  window.addEventListener('storage', (event) => {
    if (event.key !== SESSION_STORAGE_KEY && event.key !== null) return;
    const hint = readSessionHint();
    const { status, user } = getSessionState();
    if (!hint && status === 'signed-in') clearSession();
    else if (hint && user && hint.user_id !== user.id) window.location.reload();
    else if (hint && status === 'signed-out') void restoreSession(queryClient);
  });
}

/** Account data must not outlive the account's session in the cache. */
function dropAccountDataOnSignOut(queryClient: QueryClient): void {
  let wasSignedIn = getSessionState().status === 'signed-in';
  subscribeToSession(() => {
    const isSignedIn = getSessionState().status === 'signed-in';
    if (wasSignedIn && !isSignedIn) queryClient.removeQueries({ queryKey: profileKeys.all });
    wasSignedIn = isSignedIn;
  });
}

export function startSession(queryClient: QueryClient): Promise<void> {
  configureTokenRenewal(renewWithCookie);
  followOtherTabs(queryClient);
  dropAccountDataOnSignOut(queryClient);
  return restoreSession(queryClient);
}
