import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Notification } from '@hafla/shared/notifications/notifications';
import { user } from '../../../test/fixtures';
import { catalogRoutes, renderApp, signInAs } from '../../../test/render-app';
import { jsonResponse, stubFetch } from '../../../test/stub-fetch';
import { notification, NOTIFICATIONS_PATH, notificationsRoute } from '../test-fixtures';

/** Twelve notifications, newest first; the even ones are read. */
function twelve(): Notification[] {
  return Array.from({ length: 12 }, (_, index) =>
    notification(index + 1, { seen: index % 2 === 1 }),
  );
}

/** The page's own requests (limit 10), not the bell's (limit 4). */
function pageRequests(requests: { method: string; url: URL }[]) {
  return requests
    .filter(
      (request) =>
        request.method === 'GET' &&
        request.url.pathname === NOTIFICATIONS_PATH &&
        request.url.searchParams.get('limit') === '10',
    )
    .map((request) => request.url.search);
}

function shownTitles() {
  return screen
    .getAllByRole('link', { name: /Notice \d+/ })
    .filter((link) => !link.closest('[role="dialog"]'))
    .map((link) => /Notice (\d+)/.exec(link.textContent ?? '')?.[1]);
}

describe('notifications page', () => {
  it('sends visitors to sign in first', async () => {
    stubFetch(catalogRoutes);
    const { router } = renderApp('/notifications');

    await waitFor(() => expect(router.state.location.pathname).toBe('/auth/login'));
    expect(router.state.location.search).toBe('?next=%2Fnotifications');
  });

  it('lists ten at a time, newest first, and pages through the rest', async () => {
    const { requests } = stubFetch({
      ...catalogRoutes,
      [`GET ${NOTIFICATIONS_PATH}`]: notificationsRoute(twelve),
    });
    signInAs(user);
    const { router } = renderApp('/notifications');

    expect(await screen.findByRole('heading', { level: 1, name: 'Notifications' })).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('Notifications · Hafla'));
    expect(await screen.findByText('12 notifications')).toBeTruthy();
    expect(shownTitles()).toEqual(['1', '2', '3', '4', '5', '6', '7', '8', '9', '10']);
    const pages = screen.getByRole('navigation', { name: 'Pages of notifications' });
    expect(within(pages).getByText('Page 1 of 2')).toBeTruthy();

    await userEvent.click(within(pages).getByRole('button', { name: 'Next' }));

    await waitFor(() => expect(shownTitles()).toEqual(['11', '12']));
    expect(router.state.location.search).toBe('?page=2');
    expect(pageRequests(requests)).toEqual(['?limit=10&offset=0', '?limit=10&offset=10']);
  });

  it('filters unread and read by links in the address, asking the API with `seen`', async () => {
    const { requests } = stubFetch({
      ...catalogRoutes,
      [`GET ${NOTIFICATIONS_PATH}`]: notificationsRoute(twelve),
    });
    signInAs(user);
    const { router } = renderApp('/notifications');

    const filters = await screen.findByRole('navigation', { name: 'Show notifications' });
    expect(within(filters).getByRole('link', { name: 'All' }).getAttribute('aria-current')).toBe(
      'page',
    );

    await userEvent.click(within(filters).getByRole('link', { name: 'Unread' }));
    await waitFor(() => expect(shownTitles()).toEqual(['1', '3', '5', '7', '9', '11']));
    expect(router.state.location.search).toBe('?filter=unread');
    expect(screen.getByText('6 notifications')).toBeTruthy();

    expect(within(filters).getByRole('link', { name: 'Unread' }).getAttribute('aria-current')).toBe(
      'page',
    );
    await userEvent.click(within(filters).getByRole('link', { name: 'Read' }));
    await waitFor(() => expect(shownTitles()).toEqual(['2', '4', '6', '8', '10', '12']));
    expect(router.state.location.search).toBe('?filter=read');

    expect(pageRequests(requests)).toEqual([
      '?limit=10&offset=0',
      '?limit=10&offset=0&seen=false',
      '?limit=10&offset=0&seen=true',
    ]);
  });

  it('opens on the filter in the address and says when nothing is left unread', async () => {
    stubFetch({
      ...catalogRoutes,
      [`GET ${NOTIFICATIONS_PATH}`]: notificationsRoute(() =>
        twelve().map((item) => ({ ...item, seen: true })),
      ),
    });
    signInAs(user);
    renderApp('/notifications?filter=unread');

    expect(await screen.findByText('You are all caught up')).toBeTruthy();
    expect(
      (screen.getByRole('button', { name: 'Mark all as read' }) as HTMLButtonElement).disabled,
    ).toBe(true);
  });

  it('marks all as read, and the unread filter empties', async () => {
    let all = twelve();
    stubFetch({
      ...catalogRoutes,
      [`GET ${NOTIFICATIONS_PATH}`]: notificationsRoute(() => all),
      [`PATCH ${NOTIFICATIONS_PATH}mark-all-as-seen/`]: () => {
        all = all.map((item) => ({ ...item, seen: true }));
        return jsonResponse({ updated: 6, unseen_count: 0 });
      },
    });
    signInAs(user);
    renderApp('/notifications?filter=unread');

    await waitFor(() => expect(shownTitles()).toHaveLength(6));
    await userEvent.click(screen.getByRole('button', { name: 'Mark all as read' }));

    expect(await screen.findByText('You are all caught up')).toBeTruthy();
    expect(await screen.findByRole('button', { name: 'Notifications' })).toBeTruthy();
  });
});
