import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { organizerCard, organizerId, user } from '../../../test/fixtures';
import { catalogRoutes, renderApp, signInAs } from '../../../test/render-app';
import { jsonResponse, stubFetch } from '../../../test/stub-fetch';

const followingPath = `/api/v1/profile/${user.id}/following/`;
const page = <T,>(results: T[]) => ({ count: results.length, next: null, previous: null, results });

describe('following page', () => {
  it('lists the organizers the reader follows, each with a pressed follow button', async () => {
    stubFetch({
      ...catalogRoutes,
      [`GET ${followingPath}`]: page([{ ...organizerCard, is_following: true }]),
      'GET /api/v1/profile/organizers-to-follow/': page([]),
    });
    signInAs(user);

    renderApp('/user/following');

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Organizers you follow' }),
    ).toBeTruthy();
    const card = (await screen.findAllByRole('article'))[0]!;
    expect(within(card).getByRole('link', { name: 'Nour Events' }).getAttribute('href')).toBe(
      `/organizers/${organizerId}`,
    );
    expect(within(card).getByText(/41 followers · 3 upcoming events/)).toBeTruthy();
    const follow = within(card).getByRole('button', { name: 'Follow Nour Events' });
    expect(follow.getAttribute('aria-pressed')).toBe('true');
  });

  it('unfollows and keeps the card, its button no longer pressed', async () => {
    let following = [{ ...organizerCard, is_following: true }];
    stubFetch({
      ...catalogRoutes,
      [`GET ${followingPath}`]: () => jsonResponse(page(following)),
      'GET /api/v1/profile/organizers-to-follow/': page([]),
      [`POST /api/v1/profile/${organizerId}/unfollow/`]: () => {
        following = [];
        return jsonResponse({ organizer: organizerId, is_following: false, followers_count: 40 });
      },
    });
    signInAs(user);
    renderApp('/user/following');

    const follow = await screen.findByRole('button', { name: 'Follow Nour Events' });
    await userEvent.click(follow);

    await waitFor(() => expect(follow.getAttribute('aria-pressed')).toBe('false'));
    expect(await screen.findByText(/40 followers/)).toBeTruthy();
  });

  it('suggests organizers to a reader who follows nobody yet', async () => {
    stubFetch({
      ...catalogRoutes,
      [`GET ${followingPath}`]: page([]),
      'GET /api/v1/profile/organizers-to-follow/': page([organizerCard]),
    });
    signInAs(user);

    renderApp('/user/following');

    expect(
      await screen.findByRole('heading', { name: 'You don’t follow anyone yet' }),
    ).toBeTruthy();
    const suggestions = await screen.findByRole('region', { name: 'More organizers to follow' });
    expect(
      within(suggestions)
        .getByRole('button', { name: 'Follow Nour Events' })
        .getAttribute('aria-pressed'),
    ).toBe('false');
  });
});
