import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { eventList, eventSummary } from '../../../test/fixtures';
import { isolate } from '../../../lib/bidi';
import { catalogRoutes, renderApp } from '../../../test/render-app';
import { jsonResponse, stubFetch } from '../../../test/stub-fetch';
import type { RecordedRequest } from '../../../test/stub-fetch';

function eventsQueries(requests: RecordedRequest[]) {
  return requests
    .filter((request) => request.url.pathname === '/api/v1/events_read/')
    .map((request) => Object.fromEntries(request.url.searchParams));
}

function lastEventsQuery(requests: RecordedRequest[]) {
  return eventsQueries(requests).at(-1);
}

describe('events list', () => {
  it('searches from its own box and asks the API for that text', async () => {
    const { requests } = stubFetch({
      ...catalogRoutes,
      'GET /api/v1/events_read/': eventList([eventSummary], 1),
    });
    const { router } = renderApp('/events');

    expect(await screen.findByRole('heading', { level: 1, name: 'Explore events' })).toBeTruthy();
    // The header's box steps aside: one search box on the page.
    expect(screen.getAllByRole('searchbox')).toHaveLength(1);
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search events' }), 'عود');
    await userEvent.click(
      within(screen.getByRole('search')).getByRole('button', { name: 'Search' }),
    );

    await waitFor(() => expect(router.state.location.search).toBe('?search=%D8%B9%D9%88%D8%AF'));
    await waitFor(() => expect(lastEventsQuery(requests)?.search).toBe('عود'));
    expect(lastEventsQuery(requests)).toMatchObject({ limit: '24', offset: '0' });
    expect(
      await screen.findByRole('heading', { level: 1, name: `Events matching “${isolate('عود')}”` }),
    ).toBeTruthy();
    expect(await screen.findByText('1 event')).toBeTruthy();
  });

  it('turns filters into the address bar and the API query, slugs into ids', async () => {
    const { requests } = stubFetch({
      ...catalogRoutes,
      'GET /api/v1/events_read/': eventList([eventSummary], 1),
    });
    const { router } = renderApp('/events?search=oud');

    const filters = await screen.findByRole('complementary', { name: 'Filters' });
    await userEvent.selectOptions(await within(filters).findByLabelText('Category'), 'music');
    await waitFor(() => expect(router.state.location.search).toBe('?search=oud&category=music'));
    await userEvent.click(within(filters).getByLabelText('Free events only'));
    await userEvent.click(within(filters).getByLabelText('Online events only'));

    await userEvent.click(within(filters).getByRole('radio', { name: 'Choose dates' }));
    await userEvent.type(within(filters).getByLabelText('From'), '2030-05-01');

    await waitFor(() =>
      expect(router.state.location.search).toBe(
        '?search=oud&category=music&date_from=2030-05-01&free=true&online=true',
      ),
    );
    await waitFor(() =>
      expect(lastEventsQuery(requests)).toEqual({
        search: 'oud',
        category: '1',
        date_from: '2030-05-01',
        free: 'true',
        online: 'true',
        limit: '24',
        offset: '0',
      }),
    );
    // Every filter in force has its own remove button above the results.
    const active = screen.getByRole('list', { name: 'Filters in use' });
    await userEvent.click(within(active).getByRole('button', { name: 'Remove filter: Music' }));
    await waitFor(() => expect(router.state.location.search).not.toContain('category'));
  });

  it('sends prices in minor units of the platform currency', async () => {
    const { requests } = stubFetch({
      ...catalogRoutes,
      'GET /api/v1/events_read/': eventList([eventSummary], 1),
    });
    renderApp('/events?price_min=20&price_max=150.5');

    await screen.findByRole('heading', { level: 1, name: 'Explore events' });
    await waitFor(() =>
      expect(lastEventsQuery(requests)).toMatchObject({ price_min: '2000', price_max: '15050' }),
    );
    expect(screen.getByRole('button', { name: 'Remove filter: $20 – $150.50' })).toBeTruthy();
  });

  it('puts typed price bounds in order rather than asking the API for a backwards range', async () => {
    const { requests } = stubFetch({
      ...catalogRoutes,
      'GET /api/v1/events_read/': eventList([eventSummary], 1),
    });
    const { router } = renderApp('/events');

    const filters = await screen.findByRole('complementary', { name: 'Filters' });
    await userEvent.type(within(filters).getByLabelText(/^Minimum/), '200');
    await userEvent.type(within(filters).getByLabelText(/^Maximum/), '100{Enter}');

    await waitFor(() => expect(router.state.location.search).toBe('?price_min=100&price_max=200'));
    await waitFor(() =>
      expect(lastEventsQuery(requests)).toMatchObject({ price_min: '10000', price_max: '20000' }),
    );
    expect(within(filters).getByLabelText<HTMLInputElement>(/^Minimum/).value).toBe('100');
    expect(within(filters).getByLabelText<HTMLInputElement>(/^Maximum/).value).toBe('200');
  });

  it('searches near a city when the browser will not say where the reader is', async () => {
    const getCurrentPosition = vi.fn(
      (_success: PositionCallback, failure?: PositionErrorCallback | null) =>
        failure?.({
          code: 1,
          PERMISSION_DENIED: 1,
          POSITION_UNAVAILABLE: 2,
          TIMEOUT: 3,
        } as GeolocationPositionError),
    );
    vi.stubGlobal('navigator', { ...navigator, geolocation: { getCurrentPosition } });
    const { requests } = stubFetch({
      ...catalogRoutes,
      'GET /api/v1/events_read/': eventList([{ ...eventSummary, distance_km: 3.2 }], 1),
    });
    const { router } = renderApp('/events');

    const filters = await screen.findByRole('complementary', { name: 'Filters' });
    await userEvent.click(within(filters).getByRole('button', { name: 'Use my location' }));
    expect(await within(filters).findByRole('alert')).toHaveProperty(
      'textContent',
      expect.stringMatching(/^Location access is turned off/),
    );
    await userEvent.selectOptions(within(filters).getByLabelText('City'), 'riyadh');

    await waitFor(() => expect(router.state.location.search).toBe('?lat=24.7136&lng=46.6753'));
    await waitFor(() =>
      expect(lastEventsQuery(requests)).toMatchObject({
        lat: '24.7136',
        lng: '46.6753',
        radius_km: '25',
      }),
    );
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Events near Riyadh' }),
    ).toBeTruthy();
    // Around a place the nearest come first unless the reader picks another order.
    expect((screen.getByLabelText('Sort by') as HTMLSelectElement).value).toBe('distance');
    await userEvent.selectOptions(within(filters).getByLabelText('Distance'), '100');
    await waitFor(() => expect(lastEventsQuery(requests)?.radius_km).toBe('100'));
  });

  it('searches near typed coordinates', async () => {
    const { requests } = stubFetch({
      ...catalogRoutes,
      'GET /api/v1/events_read/': eventList([eventSummary], 1),
    });
    renderApp('/events');

    const filters = await screen.findByRole('complementary', { name: 'Filters' });
    await userEvent.click(within(filters).getByText('Enter coordinates'));
    await userEvent.type(within(filters).getByLabelText('Latitude'), '31.95');
    await userEvent.type(within(filters).getByLabelText('Longitude'), '35.91');
    await userEvent.click(
      within(filters).getByRole('button', { name: 'Search near these coordinates' }),
    );

    await waitFor(() =>
      expect(lastEventsQuery(requests)).toMatchObject({ lat: '31.95', lng: '35.91' }),
    );
  });

  it('loads the next page on request and says how many are shown', async () => {
    const page = (offset: number) =>
      Array.from({ length: offset === 0 ? 24 : 6 }, (_, index) => ({
        ...eventSummary,
        id: 100 + offset + index,
        title: `Event ${offset + index + 1}`,
      }));
    const { requests } = stubFetch({
      ...catalogRoutes,
      'GET /api/v1/events_read/': (request) => {
        const offset = Number(request.url.searchParams.get('offset'));
        return jsonResponse(eventList(page(offset), 30));
      },
    });
    renderApp('/events');

    expect(await screen.findByText('Showing 24 of 30')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Show more events' }));

    expect(await screen.findByText('Showing 30 of 30')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Event 30' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Show more events' })).toBeNull();
    expect(eventsQueries(requests).map((query) => query.offset)).toEqual(['0', '24']);
  });

  it('says when nothing matches and offers to clear the filters', async () => {
    stubFetch({ ...catalogRoutes, 'GET /api/v1/events_read/': eventList([]) });
    const { router } = renderApp('/events?free=true');

    expect(
      await screen.findByRole('heading', { level: 2, name: 'No events here yet' }),
    ).toBeTruthy();
    const clear = screen.getAllByRole('button', { name: 'Clear all filters' }).at(-1);
    await userEvent.click(clear!);
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });

  it('renders right to left in Arabic with Arabic labels', async () => {
    const { i18n } = await import('../../../lib/i18n');
    await i18n.changeLanguage('ar');
    window.localStorage.setItem('language', 'ar');
    document.documentElement.dir = 'rtl';
    stubFetch({ ...catalogRoutes, 'GET /api/v1/events_read/': eventList([eventSummary], 1) });

    renderApp('/events', 'ar');

    expect(await screen.findByRole('heading', { level: 1, name: 'استكشف الفعاليات' })).toBeTruthy();
    expect(screen.getByRole('searchbox', { name: 'ابحث عن الفعاليات' })).toBeTruthy();
    expect(await screen.findByText('فعالية واحدة')).toBeTruthy();
    expect(document.documentElement.dir).toBe('rtl');
  });
});
