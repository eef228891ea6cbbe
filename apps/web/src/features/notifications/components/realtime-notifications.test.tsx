import { QueryObserver } from '@tanstack/react-query';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Notification } from '@hafla/shared/notifications/notifications';
import { accessToken, user } from '../../../test/fixtures';
import { catalogRoutes, renderApp, signInAs } from '../../../test/render-app';
import { jsonResponse, stubFetch } from '../../../test/stub-fetch';
import { fakeSockets, type FakeSocket } from '../../../test/fake-socket-io';
import {
  clearSession,
  configureTokenRenewal,
  getAccessToken,
  setAccessToken,
} from '../../../lib/session';
import { guestListKeyOf } from '../../../lib/realtime-refetch';
import {
  EVENT_ID,
  notification,
  NOTIFICATIONS_PATH,
  notificationsRoute,
  ticketList,
  venueChanged,
} from '../test-fixtures';

const TICKETS_PATH = '/api/v1/tickets/';

afterEach(() => {
  vi.useRealTimers();
});

/** The socket the signed-in header opened, once it has presented its token. */
async function connectedSocket(): Promise<FakeSocket> {
  await waitFor(() => expect(fakeSockets.at(-1)?.handshakes.length).toBeGreaterThan(0));
  const socket = fakeSockets.at(-1)!;
  act(() => socket.accept());
  return socket;
}

function countRequests(requests: { method: string; url: URL }[], path: string) {
  return requests.filter((request) => request.method === 'GET' && request.url.pathname === path)
    .length;
}

/** The toasts' live region (role status) in their labelled area. */
function toastArea() {
  return within(screen.getByRole('region', { name: 'New notifications' })).getByRole('status');
}

/** Lets fake timers run `ms` forward, with the promises they settle. */
async function advance(ms: number) {
  await act(() => vi.advanceTimersByTimeAsync(ms));
}

describe('realtime notifications', () => {
  it('connects with the access token only once signed in, on the API’s socket.io path', async () => {
    stubFetch({ ...catalogRoutes, [`GET ${NOTIFICATIONS_PATH}`]: notificationsRoute(() => []) });
    signInAs(user);
    renderApp('/faq');

    await waitFor(() => expect(fakeSockets).toHaveLength(1));
    const socket = fakeSockets[0]!;
    await waitFor(() =>
      expect(socket.handshakes).toEqual([{ token: getAccessToken(), language: 'en' }]),
    );
    expect(socket.options.path).toBe('/socket.io/');
  });

  it('toasts a push at once, with the bell’s count, for 5 seconds', async () => {
    let served: Notification[] = [notification(1, { seen: true })];
    let listCalls = 0;
    const route = notificationsRoute(() => served);
    stubFetch({
      ...catalogRoutes,
      // After the first answer the list never answers again, so only the push can move the bell.
      [`GET ${NOTIFICATIONS_PATH}`]: (request) => {
        listCalls += 1;
        return listCalls === 1 ? route(request) : new Promise<Response>(() => {});
      },
    });
    signInAs(user);
    renderApp('/faq');
    expect(await screen.findByRole('button', { name: 'Notifications' })).toBeTruthy();
    const socket = await connectedSocket();
    await waitFor(() => expect(listCalls).toBe(2)); // the connection asks for what it missed
    served = [];

    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    act(() => socket.push(venueChanged(40)));
    await advance(0);

    const toasts = toastArea();
    const toast = within(toasts).getByRole('link', { name: /Venue changed/ });
    expect(toast.textContent).toContain('Oud Night at the Citadel is now at the Roman Theatre.');
    expect(toast.getAttribute('href')).toBe('/events/7');
    expect(screen.getByRole('button', { name: 'Notifications, 1 unread' })).toBeTruthy();

    await advance(4_900);
    expect(within(toasts).queryByRole('link', { name: /Venue changed/ })).not.toBeNull();
    await advance(100);
    expect(within(toasts).queryByRole('link', { name: /Venue changed/ })).toBeNull();
  });

  it('keeps a toast while the pointer is on it, and lets it be dismissed', async () => {
    stubFetch({ ...catalogRoutes, [`GET ${NOTIFICATIONS_PATH}`]: notificationsRoute(() => []) });
    signInAs(user);
    renderApp('/faq');
    const socket = await connectedSocket();

    act(() => socket.push(venueChanged(41)));
    const toasts = toastArea();
    const toast = within(toasts).getByRole('link', { name: /Venue changed/ });
    await userEvent.hover(toast);
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    await advance(6_000);
    expect(within(toasts).queryByRole('link', { name: /Venue changed/ })).not.toBeNull();
    vi.useRealTimers();

    await userEvent.click(within(toasts).getByRole('button', { name: 'Dismiss: Venue changed' }));
    expect(within(toasts).queryByRole('link', { name: /Venue changed/ })).toBeNull();
  });

  it('opens the toast’s target and marks it seen', async () => {
    const patches: string[] = [];
    stubFetch({
      ...catalogRoutes,
      [`GET ${NOTIFICATIONS_PATH}`]: notificationsRoute(() => []),
      [`PATCH ${NOTIFICATIONS_PATH}42/`]: (request) => {
        patches.push(request.body ?? '');
        return jsonResponse(notification(42, { seen: true }));
      },
    });
    signInAs(user);
    const { router } = renderApp('/faq');
    const socket = await connectedSocket();

    act(() => socket.push(notification(42, { title: 'Booking confirmed', value: 900 })));
    await userEvent.click(within(toastArea()).getByRole('link', { name: /Booking confirmed/ }));

    await waitFor(() => expect(router.state.location.pathname).toBe(`/user/myTickets/7`));
    expect(patches).toEqual(['{"seen":true}']);
    expect(within(toastArea()).queryByRole('link')).toBeNull();
  });

  it.each([
    ['ticket', notification(43, { title: 'Refund issued', kind: 'refund_done' })],
    ['event', venueChanged(44)],
  ])(
    'refetches the open my-tickets list (pages of 4) 2 seconds after a %s notification',
    async (_type, pushed) => {
      const { requests } = stubFetch({
        ...catalogRoutes,
        [`GET ${NOTIFICATIONS_PATH}`]: notificationsRoute(() => []),
        [`GET ${TICKETS_PATH}`]: ticketList(),
      });
      signInAs(user);
      renderApp(`/user/myTickets/${EVENT_ID}`);
      expect(await screen.findByRole('heading', { level: 1 })).toBeTruthy();
      const socket = await connectedSocket();
      expect(countRequests(requests, TICKETS_PATH)).toBe(1);

      vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
      act(() => socket.push(pushed));
      await advance(1_990);
      expect(countRequests(requests, TICKETS_PATH)).toBe(1);

      await advance(10);
      await advance(0);
      const tickets = requests.filter((request) => request.url.pathname === TICKETS_PATH);
      expect(tickets.map((request) => request.url.search)).toEqual([
        `?event=${EVENT_ID}&limit=4&offset=0`,
        `?event=${EVENT_ID}&limit=4&offset=0`,
      ]);
    },
  );

  it('refetches a guest list on screen 2 seconds after an event notification, not a ticket one', async () => {
    stubFetch({ ...catalogRoutes, [`GET ${NOTIFICATIONS_PATH}`]: notificationsRoute(() => []) });
    signInAs(user);
    const { queryClient } = renderApp('/faq');
    const socket = await connectedSocket();
    // Stands for the ushers feature's guest list of event 7, pages of 10, on screen.
    const loadGuestList = vi.fn(async () => ({ count: 0, results: [] }));
    const guestList = new QueryObserver(queryClient, {
      queryKey: [...guestListKeyOf(EVENT_ID), { limit: 10, offset: 0 }],
      queryFn: loadGuestList,
    });
    const unsubscribe = guestList.subscribe(() => {});
    await waitFor(() => expect(loadGuestList).toHaveBeenCalledTimes(1));

    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    act(() => socket.push(notification(45)));
    await advance(2_000);
    expect(loadGuestList).toHaveBeenCalledTimes(1);

    act(() =>
      socket.push(
        notification(46, {
          kind: 'new_booking',
          type: 'event',
          value: EVENT_ID,
          extra_data: { event: EVENT_ID },
        }),
      ),
    );
    await advance(1_990);
    expect(loadGuestList).toHaveBeenCalledTimes(1);
    await advance(10);
    expect(loadGuestList).toHaveBeenCalledTimes(2);
    unsubscribe();
  });

  it('reconnects with the renewed token when the server ends the old one, and refetches the list', async () => {
    const { requests } = stubFetch({
      ...catalogRoutes,
      [`GET ${NOTIFICATIONS_PATH}`]: notificationsRoute(() => []),
    });
    signInAs(user);
    renderApp('/faq');
    const socket = await connectedSocket();
    await waitFor(() => expect(countRequests(requests, NOTIFICATIONS_PATH)).toBe(2));
    // The session renewed the token a minute before the old one expired.
    const renewed = accessToken(user.id, 1800);
    setAccessToken(renewed);
    expect(socket.handshakes[0]?.token).not.toBe(renewed);

    act(() => socket.end());

    await waitFor(() => expect(socket.handshakes).toHaveLength(2));
    expect(socket.handshakes[1]).toEqual({ token: renewed, language: 'en' });
    act(() => socket.accept());
    await waitFor(() => expect(countRequests(requests, NOTIFICATIONS_PATH)).toBe(3));
  });

  it('renews a refused token and tries again with the new one', async () => {
    stubFetch({ ...catalogRoutes, [`GET ${NOTIFICATIONS_PATH}`]: notificationsRoute(() => []) });
    const fresh = accessToken(user.id, 1800);
    const renew = vi.fn(async () => fresh);
    signInAs(user);
    configureTokenRenewal(renew);
    renderApp('/faq');
    await waitFor(() => expect(fakeSockets.at(-1)?.handshakes).toHaveLength(1));
    const socket = fakeSockets.at(-1)!;

    act(() => socket.refuse('token_not_valid'));

    await waitFor(() => expect(socket.handshakes).toHaveLength(2));
    expect(renew).toHaveBeenCalledTimes(1);
    expect(socket.handshakes[1]).toEqual({ token: fresh, language: 'en' });
  });

  it('disconnects when the reader signs out', async () => {
    stubFetch({ ...catalogRoutes, [`GET ${NOTIFICATIONS_PATH}`]: notificationsRoute(() => []) });
    signInAs(user);
    renderApp('/faq');
    const socket = await connectedSocket();

    act(() => clearSession());

    await waitFor(() => expect(socket.connected).toBe(false));
    expect(socket.active).toBe(false);
    expect(screen.queryByRole('button', { name: /^Notifications/ })).toBeNull();
  });
});
