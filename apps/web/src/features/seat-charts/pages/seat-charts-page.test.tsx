import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { catalogRoutes, renderApp, signInAs } from '../../../test/render-app';
import { errorResponse, jsonResponse, stubFetch } from '../../../test/stub-fetch';
import { chartDetail, chartSummary, organizer, page } from '../testing/fixtures';

describe('Seat charts', () => {
  it('lists the charts with their status, seats and use', async () => {
    stubFetch({
      ...catalogRoutes,
      'GET /api/v1/charts/': page([
        chartSummary(1, { name: 'Opera house' }),
        chartSummary(2, { name: 'Garden', published_version: 2, in_use: true, seat_count: 1 }),
      ]),
    });
    signInAs(organizer);
    renderApp('/organizer/seat-charts');

    const opera = (await screen.findByText('Opera house')).closest('li')!;
    expect(within(opera).getByText('Draft')).toBeTruthy();
    expect(within(opera).getByText('106 seats')).toBeTruthy();
    expect(within(opera).queryByText('In use')).toBeNull();
    const garden = screen.getByText('Garden').closest('li')!;
    expect(within(garden).getByText('Published · version 2')).toBeTruthy();
    expect(within(garden).getByText('In use')).toBeTruthy();
    expect(within(garden).getByText('1 seat')).toBeTruthy();
    expect(within(garden).getByRole('link', { name: 'Design Garden' }).getAttribute('href')).toBe(
      '/organizer/seat-charts/2?step=venue',
    );
  });

  it('keeps a chart a date uses, with the API’s reason', async () => {
    stubFetch({
      ...catalogRoutes,
      'GET /api/v1/charts/': page([chartSummary(2, { name: 'Garden', in_use: true })]),
      'DELETE /api/v1/charts/2/': () =>
        errorResponse(
          409,
          'chart_in_use',
          'This seat chart is in use: seats of it are held or sold.',
        ),
    });
    signInAs(organizer);
    renderApp('/organizer/seat-charts');

    await userEvent.click(await screen.findByRole('button', { name: 'Delete Garden' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete this seat chart?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(
      await within(dialog).findByText('This seat chart is in use: seats of it are held or sold.'),
    ).toBeTruthy();
  });

  it('renames a chart', async () => {
    let name = 'Garden';
    const { requests } = stubFetch({
      ...catalogRoutes,
      'GET /api/v1/charts/': () => jsonResponse(page([chartSummary(2, { name })])),
      'PATCH /api/v1/charts/2/': (request) => {
        name = (JSON.parse(request.body!) as { name: string }).name;
        return jsonResponse(chartDetail(2, { name }));
      },
    });
    signInAs(organizer);
    renderApp('/organizer/seat-charts');

    await userEvent.click(await screen.findByRole('button', { name: 'Rename Garden' }));
    const dialog = await screen.findByRole('dialog', { name: 'Rename the chart' });
    const field = within(dialog).getByLabelText(/^Chart name/);
    await userEvent.clear(field);
    await userEvent.type(field, 'Rose garden');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('The chart is now called Rose garden.')).toBeTruthy();
    const patch = requests.find((request) => request.method === 'PATCH')!;
    expect(JSON.parse(patch.body!)).toEqual({ name: 'Rose garden' });
    await waitFor(() => expect(screen.getByText('Rose garden')).toBeTruthy());
  });
});
