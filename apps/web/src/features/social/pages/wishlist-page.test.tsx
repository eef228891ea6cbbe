import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { EventSummary } from '@hafla/shared/events/discovery';
import { eventList, eventSummary, user } from '../../../test/fixtures';
import { catalogRoutes, renderApp, signInAs } from '../../../test/render-app';
import { jsonResponse, stubFetch } from '../../../test/stub-fetch';

const wishlistPath = `/api/v1/profile/${user.id}/wishlist_events/`;
const saved: EventSummary[] = [
  { ...eventSummary, is_wishlisted: true },
  {
    ...eventSummary,
    id: 8,
    title: 'Last Year’s Gala',
    status: 'ended',
    next_date: null,
    is_wishlisted: true,
  },
];

describe('wishlist page', () => {
  it('lists the saved events, upcoming ones first, from one request of 1000', async () => {
    const { requests } = stubFetch({ ...catalogRoutes, [`GET ${wishlistPath}`]: eventList(saved) });
    signInAs(user);

    renderApp('/user/wishlist');

    expect(await screen.findByRole('heading', { level: 1, name: 'Your wishlist' })).toBeTruthy();
    const upcoming = await screen.findByRole('region', { name: 'Coming up (1)' });
    expect(within(upcoming).getByRole('link', { name: 'Oud Night at the Citadel' })).toBeTruthy();
    const past = screen.getByRole('region', { name: 'Past and cancelled (1)' });
    expect(within(past).getByText('Ended')).toBeTruthy();
    const heart = within(upcoming).getByRole('button', {
      name: 'Save Oud Night at the Citadel to wishlist',
    });
    expect(heart.getAttribute('aria-pressed')).toBe('true');
    expect(requests.filter((request) => request.url.pathname === wishlistPath)[0]?.url.search).toBe(
      '?limit=1000&offset=0',
    );
  });

  it('keeps a removed event in place, un-hearted, so it can be saved again', async () => {
    let wishlist = saved;
    stubFetch({
      ...catalogRoutes,
      [`GET ${wishlistPath}`]: () => jsonResponse(eventList(wishlist)),
      [`POST /api/v1/profile/${user.id}/remove_from_wishlist/`]: () => {
        wishlist = saved.slice(1);
        return jsonResponse({ event: 7, is_wishlisted: false, wishlist_count: 2 });
      },
    });
    signInAs(user);
    renderApp('/user/wishlist');

    const heart = await screen.findByRole('button', {
      name: 'Save Oud Night at the Citadel to wishlist',
    });
    await userEvent.click(heart);

    await waitFor(() => expect(heart.getAttribute('aria-pressed')).toBe('false'));
    expect(screen.getByRole('link', { name: 'Oud Night at the Citadel' })).toBeTruthy();
  });

  it('invites a reader with an empty wishlist to browse events', async () => {
    stubFetch({ ...catalogRoutes, [`GET ${wishlistPath}`]: eventList([]) });
    signInAs(user);

    renderApp('/user/wishlist');

    expect(await screen.findByRole('heading', { name: 'Nothing saved yet' })).toBeTruthy();
    const main = within(screen.getByRole('main'));
    expect(main.getByRole('link', { name: 'Browse events' }).getAttribute('href')).toBe('/events');
  });

  it('sends a visitor to sign in first', async () => {
    stubFetch(catalogRoutes);

    const { router } = renderApp('/user/wishlist');

    await waitFor(() => expect(router.state.location.pathname).toBe('/auth/login'));
    expect(router.state.location.search).toBe('?next=%2Fuser%2Fwishlist');
  });
});
