import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { Notification } from '@hafla/shared/notifications/notifications';
import { user } from '../../../test/fixtures';
import { catalogRoutes, renderApp, signInAs } from '../../../test/render-app';
import { jsonResponse, stubFetch } from '../../../test/stub-fetch';
import { fakeSockets } from '../../../test/fake-socket-io';
import { notification, NOTIFICATIONS_PATH, notificationsRoute } from '../test-fixtures';

/** IntersectionObserver at the browser's edge: the test says when the sentinel scrolls in. */
class FakeIntersectionObserver {
  static instances: FakeIntersectionObserver[] = [];
  private target: Element | null = null;
  isDisconnected = false;

  constructor(private readonly callback: IntersectionObserverCallback) {
    FakeIntersectionObserver.instances.push(this);
  }

  observe(target: Element) {
    this.target = target;
  }

  unobserve() {}

  disconnect() {
    this.isDisconnected = true;
  }

  takeRecords() {
    return [];
  }

  static scrollIntoView() {
    const observer = FakeIntersectionObserver.instances.findLast((item) => !item.isDisconnected);
    if (!observer?.target) throw new Error('nothing is observed');
    observer.callback(
      [{ isIntersecting: true, target: observer.target } as IntersectionObserverEntry],
      observer as unknown as IntersectionObserver,
    );
  }
}

/** Six notifications, newest first; the first three unseen. */
function sixNotifications(): Notification[] {
  return [1, 2, 3, 4, 5, 6].map((id) =>
    notification(id, {
      seen: id > 3,
      ...(id === 2 && {
        kind: 'event_cancelled',
        title: 'Event cancelled',
        type: 'event',
        value: 7,
        extra_data: { event: 7 },
      }),
    }),
  );
}

function listRequests(requests: { method: string; url: URL }[]) {
  return requests
    .filter((request) => request.method === 'GET' && request.url.pathname === NOTIFICATIONS_PATH)
    .map((request) => request.url.search);
}

async function openPanel() {
  await userEvent.click(await screen.findByRole('button', { name: /^Notifications/ }));
  return screen.findByRole('dialog', { name: 'Notifications' });
}

describe('the header’s notification bell', () => {
  it('is not offered to visitors, who never connect to the realtime channel', async () => {
    const { requests } = stubFetch(catalogRoutes);
    renderApp('/faq');

    expect(await screen.findByRole('link', { name: 'Sign in' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /^Notifications/ })).toBeNull();
    expect(listRequests(requests)).toEqual([]);
    expect(fakeSockets).toHaveLength(0);
  });

  it('shows the unseen count from the one call of four the panel starts with', async () => {
    const { requests } = stubFetch({
      ...catalogRoutes,
      [`GET ${NOTIFICATIONS_PATH}`]: notificationsRoute(sixNotifications),
    });
    signInAs(user);
    renderApp('/faq');

    const bell = await screen.findByRole('button', { name: 'Notifications, 3 unread' });
    expect(within(bell).getByText('3')).toBeTruthy();
    expect(bell.getAttribute('aria-expanded')).toBe('false');
    expect(listRequests(requests)).toEqual(['?limit=4&offset=0']);
  });

  it('has no badge when everything is read', async () => {
    stubFetch({
      ...catalogRoutes,
      [`GET ${NOTIFICATIONS_PATH}`]: notificationsRoute(() =>
        sixNotifications().map((item) => ({ ...item, seen: true })),
      ),
    });
    signInAs(user);
    renderApp('/faq');

    const bell = await screen.findByRole('button', { name: 'Notifications' });
    await waitFor(() => expect(bell.textContent).toBe(''));
  });

  it('opens the first four, loads four more on scrolling to the end, and links to the page', async () => {
    vi.stubGlobal('IntersectionObserver', FakeIntersectionObserver);
    const { requests } = stubFetch({
      ...catalogRoutes,
      [`GET ${NOTIFICATIONS_PATH}`]: notificationsRoute(sixNotifications),
    });
    signInAs(user);
    renderApp('/faq');

    const panel = await openPanel();
    expect(
      screen.getByRole('button', { name: /^Notifications/ }).getAttribute('aria-expanded'),
    ).toBe('true');
    const list = await within(panel).findByRole('list', { name: 'Notifications' });
    expect(
      within(list)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual([
      expect.stringContaining('Notice 1'),
      expect.stringContaining('Event cancelled'),
      expect.stringContaining('Notice 3'),
      expect.stringContaining('Notice 4'),
    ]);
    // Unseen ones say so to a screen reader, not only by their colour and dot.
    expect(within(list).getAllByText('Unread:')).toHaveLength(3);
    expect(within(panel).getByText('3 unread')).toBeTruthy();

    act(() => FakeIntersectionObserver.scrollIntoView());

    await waitFor(() => expect(within(list).getAllByRole('link')).toHaveLength(6));
    expect(within(panel).queryByRole('button', { name: 'Show more' })).toBeNull();
    expect(listRequests(requests)).toEqual(['?limit=4&offset=0', '?limit=4&offset=4']);
    expect(
      within(panel).getByRole('link', { name: 'See all notifications' }).getAttribute('href'),
    ).toBe('/notifications');
  });

  it('loads more with the button too, for a keyboard or a browser without observers', async () => {
    const { requests } = stubFetch({
      ...catalogRoutes,
      [`GET ${NOTIFICATIONS_PATH}`]: notificationsRoute(sixNotifications),
    });
    signInAs(user);
    renderApp('/faq');

    const panel = await openPanel();
    await userEvent.click(await within(panel).findByRole('button', { name: 'Show more' }));

    expect(await within(panel).findByText('Notice 6')).toBeTruthy();
    expect(listRequests(requests)).toEqual(['?limit=4&offset=0', '?limit=4&offset=4']);
  });

  it.each([
    [
      'a ticket notification to the reader’s tickets for its event',
      'Notice 1',
      1,
      '/user/myTickets/7',
    ],
    ['an event notification to the event', 'Event cancelled', 2, '/events/7'],
  ])('marks %s seen when opened, and goes there', async (_case, title, id, target) => {
    let all = sixNotifications();
    const patches: { path: string; body: unknown }[] = [];
    stubFetch({
      ...catalogRoutes,
      [`GET ${NOTIFICATIONS_PATH}`]: notificationsRoute(() => all),
      [`PATCH ${NOTIFICATIONS_PATH}${id}/`]: (request) => {
        patches.push({ path: request.url.pathname, body: JSON.parse(request.body ?? '') });
        all = all.map((item) => (item.id === id ? { ...item, seen: true } : item));
        return jsonResponse(all.find((item) => item.id === id));
      },
    });
    signInAs(user);
    const { router } = renderApp('/faq');

    const panel = await openPanel();
    await userEvent.click(await within(panel).findByRole('link', { name: new RegExp(title) }));

    await waitFor(() => expect(router.state.location.pathname).toBe(target));
    expect(screen.queryByRole('dialog', { name: 'Notifications' })).toBeNull();
    expect(patches).toEqual([{ path: `${NOTIFICATIONS_PATH}${id}/`, body: { seen: true } }]);
    expect(await screen.findByRole('button', { name: 'Notifications, 2 unread' })).toBeTruthy();
  });

  it('marks all as seen at once, and the badge goes', async () => {
    let all = sixNotifications();
    let markedAll = 0;
    stubFetch({
      ...catalogRoutes,
      [`GET ${NOTIFICATIONS_PATH}`]: notificationsRoute(() => all),
      [`PATCH ${NOTIFICATIONS_PATH}mark-all-as-seen/`]: () => {
        markedAll += 1;
        all = all.map((item) => ({ ...item, seen: true }));
        return jsonResponse({ updated: 3, unseen_count: 0 });
      },
    });
    signInAs(user);
    renderApp('/faq');

    const panel = await openPanel();
    await userEvent.click(await within(panel).findByRole('button', { name: 'Mark all as read' }));

    expect(await screen.findByRole('button', { name: 'Notifications' })).toBeTruthy();
    await waitFor(() => expect(within(panel).queryAllByText('Unread:')).toHaveLength(0));
    expect(within(panel).queryByRole('button', { name: 'Mark all as read' })).toBeNull();
    expect(markedAll).toBe(1);
  });

  it('closes on Escape and gives the focus back to the bell', async () => {
    stubFetch({
      ...catalogRoutes,
      [`GET ${NOTIFICATIONS_PATH}`]: notificationsRoute(sixNotifications),
    });
    signInAs(user);
    renderApp('/faq');

    const panel = await openPanel();
    await waitFor(() => expect(document.activeElement).toBe(panel));
    await userEvent.keyboard('{Escape}');

    expect(screen.queryByRole('dialog', { name: 'Notifications' })).toBeNull();
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('button', { name: /^Notifications/ })),
    );
  });

  it('says there is nothing yet when the reader has no notifications', async () => {
    stubFetch({
      ...catalogRoutes,
      [`GET ${NOTIFICATIONS_PATH}`]: notificationsRoute(() => []),
    });
    signInAs(user);
    renderApp('/faq');

    const panel = await openPanel();
    expect(await within(panel).findByText('No notifications yet')).toBeTruthy();
  });

  it('counts in Arabic for an Arabic reader, naming the figure its badge shows', async () => {
    const { i18n } = await import('../../../lib/i18n');
    await i18n.changeLanguage('ar');
    window.localStorage.setItem('language', 'ar');
    document.documentElement.dir = 'rtl';
    stubFetch({
      ...catalogRoutes,
      // One unseen: Arabic says "one" in a word, but the name must hold the badge's "1".
      [`GET ${NOTIFICATIONS_PATH}`]: notificationsRoute(() =>
        sixNotifications().map((item) => ({ ...item, seen: item.id !== 1 })),
      ),
    });
    signInAs(user);
    renderApp('/faq', 'ar');

    const bell = await screen.findByRole('button', { name: 'الإشعارات، غير المقروءة: 1' });
    expect(bell.textContent).toBe('1');
  });

  it('names what its badge shows past 99 unseen', async () => {
    stubFetch({
      ...catalogRoutes,
      [`GET ${NOTIFICATIONS_PATH}`]: notificationsRoute(() =>
        Array.from({ length: 120 }, (_, index) => notification(index + 1)),
      ),
    });
    signInAs(user);
    renderApp('/faq');

    const bell = await screen.findByRole('button', { name: 'Notifications, more than 99 unread' });
    expect(bell.textContent).toBe('99+');
  });
});
