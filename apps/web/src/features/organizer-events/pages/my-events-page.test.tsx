import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { user } from '../../../test/fixtures';
import { catalogRoutes, renderApp, signInAs } from '../../../test/render-app';
import { jsonResponse, stubFetch } from '../../../test/stub-fetch';
import { counter, draftEvent, eventRoutes, organizer, page } from '../testing/fixtures';
import '../testing/test-utils';

const publishedEvent = {
  ...draftEvent,
  id: 8,
  title: 'Jazz on the roof',
  status: 'published' as const,
  published_at: '2026-11-02T10:00:00+03:00',
  first_start: '2030-12-05T19:00:00+03:00',
  last_end: '2030-12-31T21:00:00+03:00',
  price_min: 0,
  price_max: 15000,
  dates_count: 27,
  ticket_categories_count: 2,
};

const oneEvening = {
  ...publishedEvent,
  id: 9,
  title: 'One evening',
  first_start: '2030-12-07T20:00:00+03:00',
  last_end: '2030-12-07T23:00:00+03:00',
  dates_count: 1,
};

describe('My events', () => {
  it('lists the organizer’s events with status, dates, prices, counts and actions', async () => {
    stubFetch({
      ...catalogRoutes,
      'GET /api/v1/events/': page([publishedEvent, oneEvening, draftEvent]),
      'GET /api/v1/events/events_published_this_month/': counter,
    });
    signInAs(organizer);

    renderApp('/organizer/events');

    expect(await screen.findByRole('heading', { level: 1, name: 'My events' })).toBeTruthy();
    expect(await screen.findByText('3 of 10 published this month')).toBeTruthy();
    expect(screen.getByText('You can publish 7 more events this month.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Create event' }).getAttribute('href')).toBe(
      '/organizer/events/new',
    );

    const jazz = (await screen.findByRole('article', { name: 'Jazz on the roof' })) as HTMLElement;
    expect(within(jazz).getByText('Published')).toBeTruthy();
    expect(within(jazz).getByText(/Dec 5, 2030 – Dec 31, 2030/)).toBeTruthy();
    // One evening is written like a range's ends, with its time.
    const evening = screen.getByRole('article', { name: 'One evening' });
    expect(within(evening).getByText(/^Dec 7, 2030, 8:00\sPM$/)).toBeTruthy();
    expect(
      within(jazz).getByText(/Free – SAR.*150 · 27 time slots · 2 ticket categories/),
    ).toBeTruthy();
    expect(
      within(jazz).getByRole('link', { name: 'Edit Jazz on the roof' }).getAttribute('href'),
    ).toBe('/organizer/events/8/edit?step=details');
    expect(
      within(jazz)
        .getByRole('link', { name: 'View public page of Jazz on the roof' })
        .getAttribute('href'),
    ).toBe('/events/8');

    const oud = screen.getByRole('article', { name: 'Oud night' });
    expect(within(oud).getByText('Draft')).toBeTruthy();
    expect(within(oud).getByText('No dates yet')).toBeTruthy();
    expect(within(oud).queryByRole('link', { name: /public page/ })).toBeNull();
  });

  it('filters by status tab and by search text through the API', async () => {
    const { requests } = stubFetch({
      ...catalogRoutes,
      'GET /api/v1/events/': page([draftEvent]),
      'GET /api/v1/events/events_published_this_month/': counter,
    });
    signInAs(organizer);
    const { router } = renderApp('/organizer/events');

    await userEvent.click(await screen.findByRole('tab', { name: 'Drafts' }));
    await waitFor(() => expect(router.state.location.search).toBe('?status=draft'));
    await waitFor(() =>
      expect(requests.some((request) => request.url.searchParams.get('status') === 'draft')).toBe(
        true,
      ),
    );

    // Each search landmark has its own name: the site's and this list's.
    expect(screen.getByRole('search', { name: 'Search your events' })).toBeTruthy();
    expect(
      screen.getAllByRole('search').every((landmark) => landmark.hasAttribute('aria-label')),
    ).toBe(true);
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search your events' }), 'oud');
    await waitFor(() =>
      expect(
        requests.some(
          (request) =>
            request.url.pathname === '/api/v1/events/' &&
            request.url.searchParams.get('search') === 'oud' &&
            request.url.searchParams.get('status') === 'draft',
        ),
      ).toBe(true),
    );
  });

  it('invites a new organizer to create a first event', async () => {
    stubFetch({
      ...catalogRoutes,
      'GET /api/v1/events/': page([]),
      'GET /api/v1/events/events_published_this_month/': {
        ...counter,
        events_published_this_month: 0,
        remaining: 10,
      },
    });
    signInAs(organizer);

    renderApp('/organizer/events');

    expect(await screen.findByText('You have not created any events yet.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Create your first event' })).toBeTruthy();
  });
});

describe('organizer route guard', () => {
  it('tells an attendee the area is for organizers, at the same address', async () => {
    const { requests } = stubFetch(catalogRoutes);
    signInAs(user);

    const { router } = renderApp('/organizer/events');

    expect(
      await screen.findByRole('heading', { level: 1, name: 'For organizers only' }),
    ).toBeTruthy();
    expect(router.state.location.pathname).toBe('/organizer/events');
    expect(requests.some((request) => request.url.pathname === '/api/v1/events/')).toBe(false);
  });

  it('sends an anonymous visitor to sign in and back', async () => {
    stubFetch(catalogRoutes);

    const { router } = renderApp('/organizer/events/new');

    await waitFor(() => expect(router.state.location.pathname).toBe('/auth/login'));
    expect(new URLSearchParams(router.state.location.search).get('next')).toBe(
      '/organizer/events/new',
    );
  });

  it('duplicates an event into a new draft it opens, and deletes a draft after asking', async () => {
    const copy = { ...draftEvent, id: 99, title: 'Jazz on the roof (copy)' };
    let events = [publishedEvent, draftEvent];
    const { requests } = stubFetch({
      ...eventRoutes({ event: copy }),
      'GET /api/v1/events/': () => jsonResponse(page(events)),
      'GET /api/v1/events/events_published_this_month/': counter,
      [`POST /api/v1/events/${publishedEvent.id}/duplicate/`]: () => jsonResponse(copy, 201),
      [`DELETE /api/v1/events/${draftEvent.id}/`]: () => {
        events = [publishedEvent];
        return new Response(null, { status: 204 });
      },
    });
    signInAs(organizer);
    renderApp('/organizer/events');

    // A published event cannot be deleted (it is cancelled instead); a draft can.
    const jazz = (await screen.findByRole('article', { name: 'Jazz on the roof' })) as HTMLElement;
    expect(within(jazz).queryByRole('button', { name: /Delete/ })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Delete the draft Oud night' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete this draft?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Yes, delete' }));
    expect(await screen.findByText('The draft "\u2068Oud night\u2069" was deleted.')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('article', { name: 'Oud night' })).toBeNull());
    expect(
      requests.some(
        (request) =>
          request.method === 'DELETE' &&
          request.url.pathname === `/api/v1/events/${draftEvent.id}/`,
      ),
    ).toBe(true);

    await userEvent.click(
      screen.getByRole('button', { name: 'Duplicate Jazz on the roof as a new draft' }),
    );
    // The copy opens in the editor.
    expect(await screen.findByDisplayValue('Jazz on the roof (copy)')).toBeTruthy();
  });
});
