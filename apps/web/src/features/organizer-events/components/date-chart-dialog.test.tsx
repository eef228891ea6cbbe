import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { sampleChart } from '@hafla/shared/charts/sample-chart';
import type { ChartSummary } from '@hafla/shared/charts/charts';
import { renderApp, signInAs } from '../../../test/render-app';
import { jsonResponse, stubFetch } from '../../../test/stub-fetch';
import {
  draftEvent,
  eventRoutes,
  organizer,
  page,
  requestBody,
  slot,
  standardTickets,
  validationError,
} from '../testing/fixtures';
import '../testing/test-utils';

const garden: ChartSummary = {
  id: 4,
  name: 'Garden',
  seat_count: 106,
  published_version: 2,
  in_use: false,
  created_at: '2026-11-20T10:00:00Z',
  updated_at: '2026-11-20T10:00:00Z',
};
const vipTickets = { ...standardTickets, id: 12, name: 'VIP seats' };

function routes(attach: (body: unknown) => Response) {
  return {
    ...eventRoutes({ dates: [slot], categories: [standardTickets, vipTickets] }),
    'GET /api/v1/charts/': page([
      garden,
      { ...garden, id: 5, name: 'Unpublished', published_version: null },
    ]),
    'GET /api/v1/charts/4/versions/2/': {
      chart_id: 4,
      version: 2,
      seat_count: 106,
      published_at: '2026-11-20T10:00:00Z',
      chart: sampleChart(),
    },
    [`PUT /api/v1/event_dates/${slot.id}/chart/`]: (request: { body: string | null }) =>
      attach(JSON.parse(request.body ?? 'null')),
  };
}

describe("a date's seat chart", () => {
  it('attaches a published chart, each of its categories at a ticket category', async () => {
    const { requests } = stubFetch(
      routes(() =>
        jsonResponse({
          event_date: slot.id,
          chart: 4,
          version: 2,
          seat_count: 106,
          categories: [],
        }),
      ),
    );
    signInAs(organizer);
    renderApp(`/organizer/events/${draftEvent.id}/edit?step=dates`);

    await userEvent.click(await screen.findByRole('button', { name: /^Seat chart for / }));
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText('This date sells tickets without seats.')).toBeTruthy();
    const chartSelect = within(dialog).getByLabelText('Published seat chart');
    expect(
      within(chartSelect)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Garden · Published · version 2']);
    await userEvent.selectOptions(
      await within(dialog).findByLabelText('Ticket category for VIP'),
      'VIP seats',
    );
    await userEvent.selectOptions(
      within(dialog).getByLabelText('Ticket category for Standard'),
      standardTickets.name,
    );
    await userEvent.selectOptions(
      within(dialog).getByLabelText('Ticket category for Standing'),
      standardTickets.name,
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Attach the chart' }));

    expect(await within(dialog).findByText('The chart is attached: 106 seats.')).toBeTruthy();
    const put = requests.find((request) => request.method === 'PUT');
    expect(requestBody(put)).toEqual({
      chart: 4,
      categories: { vip: 12, standard: standardTickets.id, standing: standardTickets.id },
    });
  });

  it("shows the API's refusal beside the category it is about", async () => {
    stubFetch(
      routes(() =>
        validationError(
          'category_mixes_seats_and_areas',
          'A ticket category is sold by seat or by area, not both.',
          'categories.standing',
        ),
      ),
    );
    signInAs(organizer);
    renderApp(`/organizer/events/${draftEvent.id}/edit?step=dates`);

    await userEvent.click(await screen.findByRole('button', { name: /^Seat chart for / }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(await within(dialog).findByRole('button', { name: 'Attach the chart' }));
    const standing = await within(dialog).findByLabelText('Ticket category for Standing');
    expect(
      await within(dialog).findByText('A ticket category is sold by seat or by area, not both.'),
    ).toBeTruthy();
    expect(standing.getAttribute('aria-invalid')).toBe('true');
  });
});
