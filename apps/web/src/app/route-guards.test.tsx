import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ownProfile, user } from '../test/fixtures';
import { catalogRoutes, renderApp, signInAs } from '../test/render-app';
import { errorResponse, stubFetch } from '../test/stub-fetch';
import { getAccessToken } from '../lib/session';

describe('route guards', () => {
  it.each([
    ['/user/profile', '/user/profile'],
    ['/user/settings', '/user/settings'],
    // Signing in leads an unfinished account there anyway; `next` never names an auth page.
    ['/auth/complete-registration', null],
  ])('send an anonymous visitor of %s to sign in, with next=%s', async (path, next) => {
    stubFetch(catalogRoutes);

    const { router } = renderApp(path);

    await waitFor(() => expect(router.state.location.pathname).toBe('/auth/login'));
    expect(new URLSearchParams(router.state.location.search).get('next')).toBe(next);
    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome back' })).toBeTruthy();
  });

  it.each(['/auth/login', '/auth/register', '/auth/forgot-password'])(
    'send a signed-in reader away from %s',
    async (path) => {
      stubFetch(catalogRoutes);
      signInAs(user);

      const { router } = renderApp(path);

      await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    },
  );

  it('signs out and goes to sign in when the API refuses the token mid-session', async () => {
    stubFetch({
      ...catalogRoutes,
      [`GET /api/v1/profile/${user.id}/`]: ownProfile,
      [`PATCH /api/v1/profile/${user.id}/`]: () => errorResponse(401, 'token_not_valid'),
    });
    signInAs(user);
    const { router } = renderApp('/user/profile');

    await userEvent.click(await screen.findByRole('button', { name: 'Save changes' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/auth/login'));
    expect(getAccessToken()).toBeNull();
    // The sign-in page says why the reader is there, until they sign in again.
    const note = await screen.findByRole('status');
    expect(note.textContent).toContain('Your session has ended');
    expect(note.textContent).toContain('expired or was ended on another device');
  });

  it('says nothing about an ended session to a visitor who had none', async () => {
    stubFetch(catalogRoutes);
    renderApp('/auth/login');

    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome back' })).toBeTruthy();
    expect(screen.queryByText('Your session has ended')).toBeNull();
  });
});
