import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { EventSummary } from '@hafla/shared/events/discovery';
import { FIRST_ANSWER_ID, forgetFirstAnswer } from '../../../lib/first-answer';
import { appInfo, eventDetail, eventList, organizerId, user } from '../../../test/fixtures';
import { catalogRoutes, renderApp, signInAs } from '../../../test/render-app';
import { errorResponse, jsonResponse, stubFetch } from '../../../test/stub-fetch';

const eventPath = '/api/v1/events_read/7';
const wishlistPath = `/api/v1/profile/${user.id}/wishlist_events/`;
const followingPath = `/api/v1/profile/${user.id}/following/`;

/** The signed-in reader's wishlist and follows, kept by the stub as the API would. */
function socialRoutes() {
  let wishlist: EventSummary[] = [];
  let following: (typeof eventDetail.organizer & { upcoming_events_count: number })[] = [];
  return {
    [`GET ${wishlistPath}`]: () => jsonResponse(eventList(wishlist)),
    [`POST /api/v1/profile/${user.id}/add_to_wishlist/`]: () => {
      wishlist = [{ ...eventDetail, is_wishlisted: true }];
      return jsonResponse({ event: 7, is_wishlisted: true, wishlist_count: 4 });
    },
    [`POST /api/v1/profile/${user.id}/remove_from_wishlist/`]: () => {
      wishlist = [];
      return jsonResponse({ event: 7, is_wishlisted: false, wishlist_count: 3 });
    },
    [`GET ${followingPath}`]: () => jsonResponse(eventList(following as never)),
    [`POST /api/v1/profile/${organizerId}/follow/`]: () => {
      following = [{ ...eventDetail.organizer, is_following: true, upcoming_events_count: 1 }];
      return jsonResponse({ organizer: organizerId, is_following: true, followers_count: 42 });
    },
    [`POST /api/v1/profile/${organizerId}/unfollow/`]: () => {
      following = [];
      return jsonResponse({ organizer: organizerId, is_following: false, followers_count: 41 });
    },
  };
}

describe('event page', () => {
  it('shows the title, the price range, the venue with a map link and the refund policy', async () => {
    stubFetch({ ...catalogRoutes, [`GET ${eventPath}`]: eventDetail });

    renderApp('/events/7');

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Oud Night at the Citadel' }),
    ).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('Oud Night at the Citadel · Hafla'));
    expect(screen.getAllByText(/^SAR\s50 – SAR\s120$/).length).toBeGreaterThan(0);
    expect(screen.getByText('Amman Citadel')).toBeTruthy();
    const map = screen.getByRole('link', { name: /Open in OpenStreetMap/ });
    expect(map.getAttribute('href')).toBe(
      'https://www.openstreetmap.org/?mlat=31.9539&mlon=35.9106#map=16/31.9539/35.9106',
    );
    expect(map.getAttribute('target')).toBe('_blank');
    expect(screen.getByText('Full refund until 24 hours before the event starts.')).toBeTruthy();
    for (const link of screen.getAllByRole('link', { name: 'Nour Events' })) {
      expect(link.getAttribute('href')).toBe(`/organizers/${organizerId}`);
    }
  });

  it('shows the event and the app information the page brought with it, asks for neither, and counts the view with a HEAD', async () => {
    forgetFirstAnswer();
    const element = document.createElement('script');
    element.type = 'application/json';
    element.id = FIRST_ANSWER_ID;
    element.textContent = JSON.stringify([
      { path: eventPath, language: 'en', body: eventDetail },
      { path: '/api/v1/app_config/', language: 'en', body: appInfo },
    ]);
    document.head.append(element);
    const { requests } = stubFetch({ ...catalogRoutes, [`HEAD ${eventPath}`]: {} });

    renderApp('/events/7');

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Oud Night at the Citadel' }),
    ).toBeTruthy();
    await waitFor(() =>
      expect(requests.filter((r) => r.url.pathname === eventPath).map((r) => r.method)).toEqual([
        'HEAD',
      ]),
    );
    expect(requests.some((r) => r.url.pathname === '/api/v1/app_config/')).toBe(false);
  });

  it('groups the time slots by day on the event’s own clock', async () => {
    stubFetch({ ...catalogRoutes, [`GET ${eventPath}`]: eventDetail });

    renderApp('/events/7');

    const dates = await screen.findByRole('region', { name: 'Dates and times' });
    const days = within(dates)
      .getAllByRole('listitem')
      .filter((item) => item.querySelector('ul'));
    expect(days).toHaveLength(2);
    expect(within(days[0]!).getByText('Fri, May 3, 2030')).toBeTruthy();
    expect(
      within(days[0]!)
        .getAllByRole('listitem')
        .map((slot) => slot.textContent?.replace(/[\u2068\u2069]/g, '')),
    ).toEqual(['7:00 PM – 9:00 PM', '9:30 PM – 11:00 PM']);
    expect(within(days[1]!).getByText('Sat, May 4, 2030')).toBeTruthy();
    expect(within(dates).getByText(/Times are shown in the event’s local time/)).toBeTruthy();
  });

  it('links "Book tickets" to the booking page', async () => {
    stubFetch({ ...catalogRoutes, [`GET ${eventPath}`]: eventDetail });

    renderApp('/events/7');

    const book = await screen.findAllByRole('link', { name: 'Book tickets' });
    expect(book[0]?.getAttribute('href')).toBe('/events/7/book');
  });

  it('says a cancelled event is cancelled and offers no booking', async () => {
    stubFetch({ ...catalogRoutes, [`GET ${eventPath}`]: { ...eventDetail, status: 'cancelled' } });

    renderApp('/events/7');

    expect(await screen.findByText('This event has been cancelled')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Book tickets' })).toBeNull();
    expect(
      screen
        .getAllByRole('button', { name: 'Cancelled' })
        .every((button) => button.hasAttribute('disabled')),
    ).toBe(true);
  });

  it('shows the not-found page for an unknown event', async () => {
    stubFetch({ ...catalogRoutes, [`GET ${eventPath}`]: () => errorResponse(404, 'not_found') });

    renderApp('/events/7');

    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeTruthy();
  });

  it('saves the event to the wishlist and removes it again, the heart pressed in between', async () => {
    const { requests } = stubFetch({
      ...catalogRoutes,
      [`GET ${eventPath}`]: eventDetail,
      ...socialRoutes(),
    });
    signInAs(user);
    renderApp('/events/7');

    const heart = await screen.findByRole('button', { name: 'Save to wishlist' });
    expect(heart.getAttribute('aria-pressed')).toBe('false');
    await userEvent.click(heart);
    await waitFor(() => expect(heart.getAttribute('aria-pressed')).toBe('true'));
    await userEvent.click(heart);
    await waitFor(() => expect(heart.getAttribute('aria-pressed')).toBe('false'));

    const posts = requests.filter((request) => request.method === 'POST');
    expect(posts.map((request) => request.url.pathname)).toEqual([
      `/api/v1/profile/${user.id}/add_to_wishlist/`,
      `/api/v1/profile/${user.id}/remove_from_wishlist/`,
    ]);
    expect(posts.map((request) => JSON.parse(request.body ?? ''))).toEqual([
      { event: 7 },
      { event: 7 },
    ]);
    expect(requests.find((request) => request.url.pathname === wishlistPath)?.url.search).toBe(
      '?limit=1000&offset=0',
    );
  });

  it('follows the organizer and shows the new follower count', async () => {
    stubFetch({ ...catalogRoutes, [`GET ${eventPath}`]: eventDetail, ...socialRoutes() });
    signInAs(user);
    renderApp('/events/7');

    const organizer = await screen.findByRole('region', { name: 'Organizer' });
    expect(within(organizer).getByText('41 followers')).toBeTruthy();
    const follow = within(organizer).getByRole('button', { name: 'Follow Nour Events' });
    await userEvent.click(follow);

    await waitFor(() => expect(follow.getAttribute('aria-pressed')).toBe('true'));
    expect(await within(organizer).findByText('42 followers')).toBeTruthy();
  });

  it('puts the follow button back when the API refuses', async () => {
    stubFetch({
      ...catalogRoutes,
      [`GET ${eventPath}`]: eventDetail,
      ...socialRoutes(),
      [`POST /api/v1/profile/${organizerId}/follow/`]: () =>
        errorResponse(400, 'cannot_follow_self'),
    });
    signInAs(user);
    renderApp('/events/7');

    const follow = await screen.findByRole('button', { name: 'Follow Nour Events' });
    await userEvent.click(follow);

    await waitFor(() => expect(follow.getAttribute('aria-pressed')).toBe('false'));
  });

  it('shares through the phone’s share sheet, or copies the link', async () => {
    stubFetch({ ...catalogRoutes, [`GET ${eventPath}`]: eventDetail });
    const writeText = vi.fn(() => Promise.resolve());
    vi.stubGlobal('navigator', { ...navigator, share: undefined, clipboard: { writeText } });
    renderApp('/events/7');

    await userEvent.click(await screen.findByRole('button', { name: 'Share' }));

    expect(writeText).toHaveBeenCalledWith(`${window.location.origin}/events/7`);
    expect(await screen.findByText('Link copied')).toBeTruthy();
  });

  it('renders right to left in Arabic', async () => {
    const { i18n } = await import('../../../lib/i18n');
    await i18n.changeLanguage('ar');
    window.localStorage.setItem('language', 'ar');
    document.documentElement.dir = 'rtl';
    stubFetch({ ...catalogRoutes, [`GET ${eventPath}`]: eventDetail });

    renderApp('/events/7', 'ar');

    expect(
      await screen.findByRole('heading', { level: 2, name: 'التواريخ والأوقات' }),
    ).toBeTruthy();
    expect(screen.getAllByRole('link', { name: 'احجز التذاكر' }).length).toBeGreaterThan(0);
    expect(screen.getByRole('button', { name: 'تابِع Nour Events' })).toBeTruthy();
    expect(document.documentElement.dir).toBe('rtl');
  });
});
