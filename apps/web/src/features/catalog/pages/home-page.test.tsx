import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { OrganizerCard } from '@hafla/shared/social/follows';
import {
  eventList,
  eventSummary,
  home,
  organizerCard,
  organizerId,
  user,
} from '../../../test/fixtures';
import { stubIntersectionObserver } from '../../../test/intersection-observer';
import { catalogRoutes, renderApp, signInAs } from '../../../test/render-app';
import { jsonResponse, stubFetch } from '../../../test/stub-fetch';

const followingPath = `/api/v1/profile/${user.id}/following/`;
const wishlistPath = `/api/v1/profile/${user.id}/wishlist_events/`;

describe('home page', () => {
  it('renders the configured sections in order, skipping empty rows', async () => {
    stubFetch(catalogRoutes);

    renderApp('/');

    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome to Hafla' })).toBeTruthy();
    await screen.findByRole('region', { name: 'Coming up soon' });
    await screen.findByRole('region', { name: 'Near you' });
    await screen.findByRole('region', { name: 'Organizers to follow' });
    const headings = screen
      .getAllByRole('heading', { level: 2 })
      .map((heading) => heading.textContent);
    expect(headings).toEqual([
      'Browse by category',
      'Coming up soon',
      'Near you',
      'Music and concerts',
      'Organizers to follow',
    ]);
  });

  it('links category chips and each row’s "See all" to the filtered events list', async () => {
    stubFetch(catalogRoutes);

    renderApp('/');

    const categories = await screen.findByRole('region', { name: 'Browse by category' });
    const music = await within(categories).findByRole('link', { name: /Music/ });
    expect(music.getAttribute('href')).toBe('/events?category=music');
    const upcoming = screen.getByRole('region', { name: 'Coming up soon' });
    expect(
      within(upcoming).getByRole('link', { name: 'See all: Coming up soon' }).getAttribute('href'),
    ).toBe('/events?sort=soonest');
    const musicRow = screen.getByRole('region', { name: 'Music and concerts' });
    expect(
      within(musicRow)
        .getByRole('link', { name: /See all/ })
        .getAttribute('href'),
    ).toBe('/events?category=music');
  });

  it('shows event cards with their date in the event’s zone, place, price and a heart', async () => {
    stubFetch(catalogRoutes);

    renderApp('/');

    const upcoming = await screen.findByRole('region', { name: 'Coming up soon' });
    const card = within(upcoming).getByRole('article');
    expect(
      within(card).getByRole('link', { name: 'Oud Night at the Citadel' }).getAttribute('href'),
    ).toBe('/events/7');
    expect(within(card).getByText(/^Fri, May 3 · 7:00 PM · until May 4$/)).toBeTruthy();
    expect(within(card).getByText('Amman Citadel')).toBeTruthy();
    expect(within(card).getByText(/^From SAR\s50$/)).toBeTruthy();
    const heart = within(card).getByRole('button', {
      name: 'Save Oud Night at the Citadel to wishlist',
    });
    expect(heart.getAttribute('aria-pressed')).toBe('false');
  });

  it('draws card covers from their thumbnails, sized for a row', async () => {
    const cover = '/uploads/covers/7/0123456789abcdef0123.png';
    const withCover = {
      ...eventSummary,
      cover,
      cover_thumbnails: [
        { width: 480, url: cover.replace('.png', '-480w.webp') },
        { width: 960, url: cover.replace('.png', '-960w.webp') },
      ],
    };
    stubFetch({
      ...catalogRoutes,
      'GET /api/v1/home': {
        sections: home.sections.map((section) =>
          section.kind === 'upcoming' ? { ...section, events: [withCover] } : section,
        ),
      },
    });

    renderApp('/');

    const upcoming = await screen.findByRole('region', { name: 'Coming up soon' });
    const image = within(upcoming).getByRole('article').querySelector('img')!;
    expect(image.getAttribute('srcset')).toBe(
      '/uploads/covers/7/0123456789abcdef0123-480w.webp 480w, /uploads/covers/7/0123456789abcdef0123-960w.webp 960w',
    );
    expect(image.getAttribute('sizes')).toBe('(min-width: 22em) 17rem, 78vw');
    expect(image.getAttribute('src')).toBe('/uploads/covers/7/0123456789abcdef0123-480w.webp');
  });

  it('draws the sections below the first screen when they come near it', async () => {
    const viewport = stubIntersectionObserver();
    const { requests } = stubFetch(catalogRoutes);

    renderApp('/');

    // The fixture's first three sections (categories, a row, near you) come with the page.
    const upcoming = await screen.findByRole('region', { name: 'Coming up soon' });
    expect(within(upcoming).getByRole('article')).toBeTruthy();
    // The near row's code loads after the page shows, and replaces its skeleton's region.
    await waitFor(() =>
      within(screen.getByRole('region', { name: 'Near you' })).getByLabelText('City'),
    );
    // The later ones show their heading and "See all" over a skeleton, and are watched.
    const music = screen.getByRole('region', { name: 'Music and concerts' });
    const organizers = screen.getByRole('region', { name: 'Organizers to follow' });
    expect(within(music).queryByRole('article')).toBeNull();
    expect(within(music).getByRole('link', { name: /See all/ })).toBeTruthy();
    expect(within(organizers).queryByRole('button')).toBeNull();
    await waitFor(() =>
      expect(viewport.observed()).toEqual(expect.arrayContaining([music, organizers])),
    );
    expect(viewport.observed()).not.toContain(upcoming);

    await viewport.scrollNear((target) => target === music);
    expect(
      within(music).getByRole('link', { name: 'Jazz in the Garden' }).getAttribute('href'),
    ).toBe('/events/8');
    expect(within(organizers).queryByRole('button')).toBeNull();
    expect(viewport.observed()).not.toContain(music);

    await viewport.scrollNear((target) => target === organizers);
    expect(
      await within(organizers).findByRole('button', { name: 'Follow Nour Events' }),
    ).toBeTruthy();
    // Nothing was asked again for the sections drawn late.
    expect(requests.filter((request) => request.url.pathname === '/api/v1/home')).toHaveLength(1);
  });

  it('loads the first screen’s covers at once, its first first, the others when scrolled near', async () => {
    const withCover = (id: number) => ({
      ...eventSummary,
      id,
      cover: `/uploads/covers/${id}/0123456789abcdef0123.png`,
      cover_thumbnails: [
        { width: 480, url: `/uploads/covers/${id}/0123456789abcdef0123-480w.webp` },
      ],
    });
    const viewport = stubIntersectionObserver();
    stubFetch({
      ...catalogRoutes,
      'GET /api/v1/home': {
        sections: home.sections.map((section) =>
          section.kind === 'upcoming'
            ? { ...section, events: [withCover(7), withCover(9)] }
            : section.kind === 'category'
              ? { ...section, events: [withCover(8)] }
              : section,
        ),
      },
    });

    renderApp('/');

    const upcoming = await screen.findByRole('region', { name: 'Coming up soon' });
    const [first, second] = within(upcoming)
      .getAllByRole('article')
      .map((card) => card.querySelector('img')!);
    expect(first!.getAttribute('loading')).toBe('eager');
    expect(first!.getAttribute('fetchpriority')).toBe('high');
    // Beside it on the first screen: at once, but after the first.
    expect(second!.getAttribute('loading')).toBe('eager');
    expect(second!.hasAttribute('fetchpriority')).toBe(false);
    const music = screen.getByRole('region', { name: 'Music and concerts' });
    await viewport.scrollNear((target) => target === music);
    expect(within(music).getByRole('article').querySelector('img')!.getAttribute('loading')).toBe(
      'lazy',
    );
  });

  it('asks a visitor who presses a heart to sign in first, and brings them back', async () => {
    stubFetch(catalogRoutes);
    const { router } = renderApp('/');

    const upcoming = await screen.findByRole('region', { name: 'Coming up soon' });
    await userEvent.click(within(upcoming).getByRole('button', { name: /Save .* to wishlist/ }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/auth/login'));
  });

  it('fills the "near you" row from a city picked when location is not shared', async () => {
    const { requests } = stubFetch({
      ...catalogRoutes,
      'GET /api/v1/events_read/': eventList([{ ...eventSummary, id: 9, distance_km: 2.4 }]),
    });

    renderApp('/');

    // The row's code loads after the page shows, and replaces its skeleton's region.
    const nearRegion = () => screen.getByRole('region', { name: 'Near you' });
    const city = await waitFor(() => within(nearRegion()).getByLabelText('City'));
    await userEvent.selectOptions(city, 'amman');
    const near = nearRegion();

    const card = await within(near).findByRole('article');
    expect(within(card).getByText('2.4 km away')).toBeTruthy();
    // The city picker is gone with the choice: focus lands on what says where the row looks.
    await waitFor(() => expect(document.activeElement?.textContent).toBe('Within 25 km of Amman.'));
    const query = requests.find((request) => request.url.pathname === '/api/v1/events_read/')?.url
      .searchParams;
    expect(query?.get('lat')).toBe('31.9539');
    expect(query?.get('lng')).toBe('35.9106');
    expect(query?.get('radius_km')).toBe('25');
    expect(
      within(near)
        .getByRole('link', { name: /See all/ })
        .getAttribute('href'),
    ).toBe('/events?lat=31.9539&lng=35.9106&radius_km=25');
  });

  it('lets a signed-in reader follow a suggested organizer', async () => {
    let following: OrganizerCard[] = [];
    const { requests } = stubFetch({
      ...catalogRoutes,
      [`GET ${followingPath}`]: () =>
        jsonResponse({ count: following.length, next: null, previous: null, results: following }),
      [`GET ${wishlistPath}`]: eventList([]),
      [`POST /api/v1/profile/${organizerId}/follow/`]: () => {
        following = [{ ...organizerCard, is_following: true, followers_count: 42 }];
        return jsonResponse({ organizer: organizerId, is_following: true, followers_count: 42 });
      },
    });
    const viewport = stubIntersectionObserver();
    signInAs(user);
    renderApp('/');

    const organizers = await screen.findByRole('region', { name: 'Organizers to follow' });
    await viewport.scrollNear((target) => target === organizers);
    const follow = await within(organizers).findByRole('button', { name: 'Follow Nour Events' });
    expect(follow.getAttribute('aria-pressed')).toBe('false');
    await userEvent.click(follow);

    await waitFor(() => expect(follow.getAttribute('aria-pressed')).toBe('true'));
    expect(await within(organizers).findByText(/42 followers/)).toBeTruthy();
    expect(
      requests.filter((request) => request.method === 'POST').map((r) => r.url.pathname),
    ).toEqual([`/api/v1/profile/${organizerId}/follow/`]);
  });

  it('renders the shell: landmarks, skip link, sign-in link, footer links and the version', async () => {
    stubFetch(catalogRoutes);

    renderApp('/');

    await screen.findByRole('heading', { level: 1, name: 'Welcome to Hafla' });
    expect(screen.getByRole('banner')).toBeTruthy();
    expect(screen.getByRole('main')).toBeTruthy();
    expect(screen.getByRole('contentinfo')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Skip to main content' }).getAttribute('href')).toBe(
      '#main-content',
    );
    expect(screen.getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe('/auth/login');
    expect(screen.getByText('v0.1.0')).toBeTruthy();
    const footerNav = screen.getByRole('navigation', { name: 'Site information' });
    const hrefs = within(footerNav)
      .getAllByRole('link')
      .map((link) => link.getAttribute('href'));
    expect(hrefs).toEqual([
      '/events',
      '/pages/terms',
      '/pages/privacy',
      '/pages/about',
      '/faq',
      '/report-problem',
    ]);
  });

  it('sets the page title, description and keywords', async () => {
    stubFetch(catalogRoutes);

    renderApp('/');

    await screen.findByRole('heading', { level: 1, name: 'Welcome to Hafla' });
    await waitFor(() => expect(document.title).toBe('Discover events and book tickets · Hafla'));
    expect(document.querySelector('meta[name="description"]')?.getAttribute('content')).toMatch(
      /^Hafla helps you discover concerts/,
    );
    expect(document.querySelector('meta[name="keywords"]')?.getAttribute('content')).toContain(
      'tickets',
    );
  });

  it('sends searches to the events list', async () => {
    stubFetch({ ...catalogRoutes, 'GET /api/v1/events_read/': eventList([]) });
    const { router } = renderApp('/');

    await screen.findByRole('heading', { level: 1, name: 'Welcome to Hafla' });
    const search = within(screen.getByRole('search'));
    await userEvent.type(search.getByRole('searchbox', { name: 'Search events' }), 'jazz night');
    await userEvent.click(search.getByRole('button', { name: 'Search' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/events'));
    expect(router.state.location.search).toBe('?search=jazz+night');
  });

  it('asks the API in Arabic and renders right to left for an Arabic reader', async () => {
    const { i18n } = await import('../../../lib/i18n');
    await i18n.changeLanguage('ar');
    window.localStorage.setItem('language', 'ar');
    document.documentElement.dir = 'rtl';
    const { requests } = stubFetch(catalogRoutes);

    renderApp('/', 'ar');

    expect(await screen.findByRole('heading', { level: 1, name: 'أهلًا بك في حفلة' })).toBeTruthy();
    const upcoming = await screen.findByRole('region', { name: 'Coming up soon' });
    expect(within(upcoming).getByText('ابتداءً من', { exact: false })).toBeTruthy();
    expect(
      within(upcoming).getByRole('button', {
        name: 'احفظ Oud Night at the Citadel في قائمة الرغبات',
      }),
    ).toBeTruthy();
    expect(requests.every((request) => request.headers.get('Accept-Language') === 'ar')).toBe(true);
    expect(screen.getByText('الإصدار 0.1.0')).toBeTruthy();
    expect(document.documentElement.dir).toBe('rtl');
  });
});
