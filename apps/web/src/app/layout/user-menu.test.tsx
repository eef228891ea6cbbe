import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { user } from '../../test/fixtures';
import { catalogRoutes, renderApp, signInAs } from '../../test/render-app';
import { jsonResponse, stubFetch } from '../../test/stub-fetch';
import { getAccessToken, getSessionState, readSessionHint } from '../../lib/session';

describe('header account area', () => {
  it('offers anonymous visitors a sign-in link that brings them back', async () => {
    stubFetch(catalogRoutes);

    renderApp('/faq');

    const signIn = await screen.findByRole('link', { name: 'Sign in' });
    expect(signIn.getAttribute('href')).toBe('/auth/login?next=%2Ffaq');
    expect(screen.queryByRole('button', { name: /Account menu/ })).toBeNull();
  });

  it('replaces the sign-in link with a named account menu for a signed-in reader', async () => {
    stubFetch(catalogRoutes);
    signInAs(user);

    renderApp('/');

    const menuButton = await screen.findByRole('button', {
      // Its name starts with the initials it shows (label in name).
      name: 'SH · Account menu: Sara Haddad',
    });
    expect(within(menuButton).getByText('SH')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Sign in' })).toBeNull();

    await userEvent.click(menuButton);

    const menu = await screen.findByRole('menu');
    expect(within(menu).getByRole('menuitem', { name: 'Your profile' }).getAttribute('href')).toBe(
      '/user/profile',
    );
    expect(within(menu).getByRole('menuitem', { name: 'Settings' }).getAttribute('href')).toBe(
      '/user/settings',
    );
    expect(within(menu).getByRole('menuitem', { name: 'Wishlist' }).getAttribute('href')).toBe(
      '/user/wishlist',
    );
    expect(within(menu).getByRole('menuitem', { name: 'Following' }).getAttribute('href')).toBe(
      '/user/following',
    );
    expect(within(menu).queryByRole('menuitem', { name: 'My events' })).toBeNull();
    expect(within(menu).getByRole('menuitem', { name: 'Sign out' })).toBeTruthy();
  });

  it('offers organizers a way to their events', async () => {
    stubFetch(catalogRoutes);
    signInAs({ ...user, user_type: 'organizer', roles: ['attendee', 'organizer'] });

    renderApp('/faq');

    await userEvent.click(await screen.findByRole('button', { name: /Account menu/ }));
    const menu = await screen.findByRole('menu');
    expect(within(menu).getByRole('menuitem', { name: 'My events' }).getAttribute('href')).toBe(
      '/organizer/events',
    );
    expect(within(menu).getByRole('menuitem', { name: 'Ushers' }).getAttribute('href')).toBe(
      '/organizer/ushers',
    );
  });

  it('offers an usher the events they scan for, and no organizer screens', async () => {
    const empty = { count: 0, next: null, previous: null, results: [] };
    const ushering = { ...empty, count: 1 };
    let answer = empty;
    const { requests } = stubFetch({
      ...catalogRoutes,
      'GET /api/v1/ushers/events/': () => jsonResponse(answer),
    });
    signInAs(user);
    renderApp('/faq');

    // An attendee who ushers for no one is not offered the scanner.
    await userEvent.click(await screen.findByRole('button', { name: /Account menu/ }));
    let menu = await screen.findByRole('menu');
    await within(menu).findByRole('menuitem', { name: 'Settings' });
    await waitFor(() =>
      expect(requests.some((request) => request.url.pathname === '/api/v1/ushers/events/')).toBe(
        true,
      ),
    );
    expect(within(menu).queryByRole('menuitem', { name: 'Events I scan for' })).toBeNull();
    await userEvent.keyboard('{Escape}');

    signInAs({ ...user, roles: ['attendee', 'usher'] });
    answer = ushering;
    await userEvent.click(await screen.findByRole('button', { name: /Account menu/ }));
    menu = await screen.findByRole('menu');
    expect(
      within(menu).getByRole('menuitem', { name: 'Events I scan for' }).getAttribute('href'),
    ).toBe('/usher/events');
    expect(within(menu).queryByRole('menuitem', { name: 'My events' })).toBeNull();
    expect(within(menu).queryByRole('menuitem', { name: 'Ushers' })).toBeNull();
  });

  it.each(['/faq', '/user/settings'])(
    'signs out from %s through the API, forgets the session and goes home',
    async (path) => {
      const { requests } = stubFetch({ ...catalogRoutes, 'POST /auth/logout/': {} });
      signInAs(user);
      const { router } = renderApp(path);

      await userEvent.click(await screen.findByRole('button', { name: /Account menu/ }));
      await userEvent.click(await screen.findByRole('menuitem', { name: 'Sign out' }));

      await waitFor(() => expect(getSessionState().status).toBe('signed-out'));
      expect(router.state.location.pathname).toBe('/');
      const logout = requests.find((request) => request.url.pathname === '/auth/logout/');
      expect(logout?.method).toBe('POST');
      expect(logout?.body).toBe('{}');
      expect(getAccessToken()).toBeNull();
      expect(readSessionHint()).toBeNull();
      expect(await screen.findByRole('link', { name: 'Sign in' })).toBeTruthy();
      expect(router.state.location.pathname).toBe('/');
    },
  );
});
