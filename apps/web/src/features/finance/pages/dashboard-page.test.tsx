import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { catalogRoutes, renderApp, signInAs } from '../../../test/render-app';
import { jsonResponse, stubFetch } from '../../../test/stub-fetch';
import { organizer, ownEvent, page, salesChart, salesData } from '../testing/fixtures';

function chartRequests(requests: { url: URL }[]) {
  return requests.filter((request) =>
    request.url.pathname.startsWith('/api/v1/dashboard/sales-chart/'),
  );
}

describe('/organizer/dashboard', () => {
  it('shows the totals, the chart’s figures and the categories, then one event by week', async () => {
    const { requests } = stubFetch({
      ...catalogRoutes,
      'GET /api/v1/events/': page([ownEvent]),
      'GET /api/v1/dashboard/sales-data/': salesData,
      'GET /api/v1/dashboard/sales-chart/': salesChart(),
      [`GET /api/v1/dashboard/sales-data/${ownEvent.id}/`]: { ...salesData, event: ownEvent.id },
      [`GET /api/v1/dashboard/sales-chart/${ownEvent.id}/`]: (request: { url: URL }) =>
        jsonResponse(
          salesChart({
            event: ownEvent.id,
            period: request.url.searchParams.get('period') === 'week' ? 'week' : 'day',
          }),
        ),
    });
    signInAs(organizer);
    const { router } = renderApp('/organizer/dashboard');

    expect(await screen.findByRole('heading', { level: 1, name: 'Sales dashboard' })).toBeTruthy();
    const totals = screen.getByRole('region', { name: 'Totals' });
    const sold = (await within(totals).findByText('Tickets sold')).closest('div')!;
    expect([...sold.querySelectorAll('dd')].map((figure) => figure.textContent)).toEqual([
      '6',
      '1 refunded',
    ]);
    expect(within(totals).getByText('Conversion').closest('div')!.textContent).toContain('2.5%');
    expect(within(totals).getByText('Your earnings').closest('div')!.textContent).toMatch(
      /SAR\s230/,
    );

    // The chart's own chunk loads, and its figures are in a table too.
    const chart = await screen.findByRole('img', {
      name: /Bar chart of Tickets sold by Day, 3 bars/,
    });
    expect(chart).toBeTruthy();
    const table = screen.getByRole('table', { name: 'Sales over time' });
    const busiest = within(table).getByRole('row', { name: /Wed, Nov 25, 2026/ });
    expect(
      within(busiest)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['6', expect.stringMatching(/SAR\s300/), expect.stringMatching(/SAR\s230/), '120']);
    const categories = screen.getByRole('table', { name: 'By ticket category' });
    expect(within(categories).getByRole('row', { name: /VIP Oud night 2 0/ })).toBeTruthy();

    const [first] = chartRequests(requests);
    expect(first!.url.searchParams.get('period')).toBe('day');
    expect(first!.url.searchParams.get('tz')).toBeTruthy();

    await userEvent.selectOptions(screen.getByLabelText('Event'), ownEvent.title);
    // The page has drawn the event's view once it asks for its figures.
    await waitFor(() =>
      expect(
        requests.some(
          (request) => request.url.pathname === `/api/v1/dashboard/sales-data/${ownEvent.id}/`,
        ),
      ).toBe(true),
    );
    await userEvent.click(screen.getByRole('radio', { name: 'Week' }));
    await waitFor(() =>
      expect(router.state.location.search).toBe(`?event=${ownEvent.id}&period=week`),
    );
    await waitFor(() =>
      expect(
        chartRequests(requests).some(
          (request) =>
            request.url.pathname.endsWith(`/${ownEvent.id}/`) &&
            request.url.searchParams.get('period') === 'week',
        ),
      ).toBe(true),
    );
    expect(await screen.findByRole('img', { name: /by Week/ })).toBeTruthy();
  });
});
