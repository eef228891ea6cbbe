import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import {
  eventList,
  eventSummary,
  organizerId,
  organizerProfile,
  user,
} from '../../../test/fixtures';
import { catalogRoutes, renderApp, signInAs } from '../../../test/render-app';
import { errorResponse, jsonResponse, stubFetch } from '../../../test/stub-fetch';

const profilePath = `/api/v1/profile/${organizerId}/`;
const followersPath = `/api/v1/profile/${organizerId}/followers/`;
const followers = {
  count: 1,
  next: null,
  previous: null,
  results: [
    {
      id: user.id,
      name: 'Sara Haddad',
      avatar: null,
      followed_at: '2030-01-10T10:00:00.000Z',
    },
  ],
};

describe('organizer page', () => {
  it('shows the bio, follower count, upcoming events and followers', async () => {
    const { requests } = stubFetch({
      ...catalogRoutes,
      [`GET ${profilePath}`]: organizerProfile,
      'GET /api/v1/events_read/': eventList([eventSummary], 1),
      [`GET ${followersPath}`]: followers,
    });

    renderApp(`/organizers/${organizerId}`);

    expect(await screen.findByRole('heading', { level: 1, name: 'Nour Events' })).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('Nour Events · Hafla'));
    expect(screen.getByText('41 followers')).toBeTruthy();
    expect(screen.getAllByText('Concerts in Amman and Riyadh.').length).toBeGreaterThan(0);
    const events = await screen.findByRole('region', { name: 'Upcoming events (1)' });
    expect(within(events).getByRole('link', { name: 'Oud Night at the Citadel' })).toBeTruthy();
    const list = requests.find((request) => request.url.pathname === '/api/v1/events_read/');
    expect(list?.url.searchParams.get('organizer')).toBe(organizerId);
    const followerList = await screen.findByRole('region', { name: 'Followers (41)' });
    expect(await within(followerList).findByText('Sara Haddad')).toBeTruthy();
  });

  it('follows the organizer and says so', async () => {
    let isFollowing = false;
    stubFetch({
      ...catalogRoutes,
      [`GET ${profilePath}`]: organizerProfile,
      'GET /api/v1/events_read/': eventList([]),
      [`GET ${followersPath}`]: followers,
      [`GET /api/v1/profile/${user.id}/following/`]: () =>
        jsonResponse(eventList(isFollowing ? ([{ id: organizerId }] as never) : [])),
      [`POST /api/v1/profile/${organizerId}/follow/`]: () => {
        isFollowing = true;
        return jsonResponse({ organizer: organizerId, is_following: true, followers_count: 42 });
      },
    });
    signInAs(user);
    renderApp(`/organizers/${organizerId}`);

    const follow = await screen.findByRole('button', { name: 'Follow Nour Events' });
    await userEvent.click(follow);

    await waitFor(() => expect(follow.getAttribute('aria-pressed')).toBe('true'));
    expect(await screen.findByText(/^You follow .*Nour Events.*\.$/)).toBeTruthy();
    expect(await screen.findByText('42 followers')).toBeTruthy();
  });

  it('answers not found for an attendee’s profile and for a missing one', async () => {
    stubFetch({
      ...catalogRoutes,
      [`GET ${profilePath}`]: { ...organizerProfile, user_type: 'attendee' },
    });
    renderApp(`/organizers/${organizerId}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeTruthy();
  });

  it('answers not found without asking the API for an id that cannot be one', async () => {
    const { requests } = stubFetch({
      ...catalogRoutes,
      'GET /api/v1/profile/nope/': () => errorResponse(404, 'not_found'),
    });
    renderApp('/organizers/nope');
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeTruthy();
    expect(requests.some((request) => request.url.pathname.startsWith('/api/v1/profile/'))).toBe(
      false,
    );
  });

  it('shows the average, the count and the reviews, newest first, with more on request', async () => {
    const review = (id: number, stars: number, comment: string) => ({
      id,
      event: 7,
      event_title: 'Oud Night at the Citadel',
      rating: stars,
      comment,
      user: { id: user.id, name: `Guest ${id}`, avatar: null },
      created_at: '2030-05-05T10:00:00.000Z',
      updated_at: '2030-05-05T10:00:00.000Z',
    });
    const first = Array.from({ length: 10 }, (_, index) =>
      review(40 - index, 4, `Review ${index}`),
    );
    const { requests } = stubFetch({
      ...catalogRoutes,
      [`GET ${profilePath}`]: { ...organizerProfile, rating: { average: 4.3, count: 11 } },
      'GET /api/v1/events_read/': eventList([]),
      [`GET ${followersPath}`]: followers,
      'GET /api/v1/rate_event/': (request) =>
        jsonResponse({
          count: 11,
          next: null,
          previous: null,
          results:
            request.url.searchParams.get('offset') === '10'
              ? [review(1, 2, 'Too loud for me')]
              : first,
        }),
    });
    renderApp(`/organizers/${organizerId}`);

    const reviews = await screen.findByRole('region', { name: 'Reviews (11)' });
    expect(within(reviews).getByText('4.3')).toBeTruthy();
    expect(within(reviews).getByRole('img', { name: 'Rated 4.3 out of 5' })).toBeTruthy();
    expect(within(reviews).getByText('11 ratings')).toBeTruthy();
    expect(await within(reviews).findByText('Review 0')).toBeTruthy();
    expect(within(reviews).getAllByRole('img', { name: '4 out of 5 stars' })).toHaveLength(10);
    expect(
      within(reviews)
        .getAllByRole('link', { name: 'Oud Night at the Citadel' })[0]
        ?.getAttribute('href'),
    ).toBe('/events/7');
    const asked = requests.find((request) => request.url.pathname === '/api/v1/rate_event/');
    expect(asked?.url.searchParams.get('organizer')).toBe(organizerId);

    await userEvent.click(within(reviews).getByRole('button', { name: 'Show more reviews' }));
    expect(await within(reviews).findByText('Too loud for me')).toBeTruthy();
    expect(within(reviews).getByRole('img', { name: '2 out of 5 stars' })).toBeTruthy();
    expect(within(reviews).queryByRole('button', { name: 'Show more reviews' })).toBeNull();
  });

  it('says when nobody has reviewed the organizer yet', async () => {
    stubFetch({
      ...catalogRoutes,
      [`GET ${profilePath}`]: organizerProfile,
      'GET /api/v1/events_read/': eventList([]),
      [`GET ${followersPath}`]: followers,
      'GET /api/v1/rate_event/': { count: 0, next: null, previous: null, results: [] },
    });
    renderApp(`/organizers/${organizerId}`);
    const reviews = await screen.findByRole('region', { name: 'Reviews' });
    expect(
      await within(reviews).findByText(
        'No reviews yet. Attendees can rate an event once it is over.',
      ),
    ).toBeTruthy();
  });
});
