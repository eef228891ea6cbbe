import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { accessToken, ownProfile, user } from '../test/fixtures';
import { catalogRoutes, createTestQueryClient, renderApp } from '../test/render-app';
import { errorResponse, jsonResponse, stubFetch } from '../test/stub-fetch';
import {
  getAccessToken,
  getSessionState,
  hasSessionEnded,
  readSessionHint,
  SESSION_STORAGE_KEY,
} from '../lib/session';
import { restoreSession } from './session-restore';
import { isolate } from '../lib/bidi';

function leaveHint() {
  window.localStorage.setItem(SESSION_STORAGE_KEY, JSON.stringify({ user_id: user.id }));
}

describe('restoreSession', () => {
  it('makes no network call at all for a visitor without a session hint', async () => {
    const { requests } = stubFetch({});

    await restoreSession(createTestQueryClient());

    expect(requests).toHaveLength(0);
    expect(getSessionState().status).toBe('signed-out');
  });

  it('trades the refresh cookie for a token, then loads the account named by its sub', async () => {
    leaveHint();
    const access = accessToken(user.id);
    const { requests } = stubFetch({
      'POST /auth/token/refresh/': { access, refresh: 'rotated-in-the-cookie' },
      [`GET /api/v1/profile/${user.id}/`]: ownProfile,
    });

    await restoreSession(createTestQueryClient());

    expect(requests.map((request) => `${request.method} ${request.url.pathname}`)).toEqual([
      'POST /auth/token/refresh/',
      `GET /api/v1/profile/${user.id}/`,
    ]);
    const [refresh, profile] = requests;
    expect(refresh?.body).toBe('{}');
    expect(refresh?.headers.has('Authorization')).toBe(false);
    expect(profile?.headers.get('Authorization')).toBe(`Bearer ${access}`);
    expect(getSessionState()).toMatchObject({ status: 'signed-in', user: { id: user.id } });
    expect(getAccessToken()).toBe(access);
    expect(window.localStorage.getItem(SESSION_STORAGE_KEY)).toBe(
      JSON.stringify({ user_id: user.id }),
    );
  });

  it('signs out quietly, hint and all, when the refresh is refused', async () => {
    leaveHint();
    stubFetch({ 'POST /auth/token/refresh/': () => errorResponse(401, 'token_not_valid') });

    await restoreSession(createTestQueryClient());

    expect(getSessionState().status).toBe('signed-out');
    expect(getAccessToken()).toBeNull();
    expect(readSessionHint()).toBeNull();
    // The sign-in page will say the session ended (this browser had one).
    expect(hasSessionEnded()).toBe(true);
  });

  it('keeps the hint when the API could not be reached, to try again next time', async () => {
    leaveHint();
    stubFetch({ 'POST /auth/token/refresh/': () => errorResponse(503, 'server_error') });

    await restoreSession(createTestQueryClient());

    expect(getSessionState().status).toBe('signed-out');
    expect(readSessionHint()).toEqual({ user_id: user.id });
    expect(hasSessionEnded()).toBe(false);
  });

  it('lets a signed-in-only page wait for the restore instead of sending the reader to sign in', async () => {
    leaveHint();
    let answerRefresh: (response: Response) => void = () => {};
    stubFetch({
      ...catalogRoutes,
      'POST /auth/token/refresh/': () =>
        new Promise<Response>((resolve) => {
          answerRefresh = resolve;
        }),
      [`GET /api/v1/profile/${user.id}/`]: ownProfile,
    });
    const queryClient = createTestQueryClient();
    const restoring = restoreSession(queryClient);

    const { router } = renderApp('/user/profile');
    answerRefresh(jsonResponse({ access: accessToken(), refresh: 'r' }));
    await restoring;

    expect(
      await screen.findByRole('heading', { level: 1, name: `Hello, ${isolate('Sara Haddad')}` }),
    ).toBeTruthy();
    await waitFor(() => expect(router.state.location.pathname).toBe('/user/profile'));
  });
});
