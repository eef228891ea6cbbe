import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { isolate } from '../../../lib/bidi';
import { renderApp, signInAs } from '../../../test/render-app';
import { jsonResponse, stubFetch } from '../../../test/stub-fetch';
import type { RecordedRequest } from '../../../test/stub-fetch';
import {
  draftEvent,
  eventRoutes,
  organizer,
  requestBody,
  slot,
  validationError,
} from '../testing/fixtures';
import { setValue } from '../testing/test-utils';

const datesPath = `/organizer/events/${draftEvent.id}/edit?step=dates`;
const newYorkEvent = { ...draftEvent, timezone: 'America/New_York' };

function posted(requests: RecordedRequest[], path: string) {
  return requests.filter((request) => request.method === 'POST' && request.url.pathname === path);
}

/** A slot's times as the list writes them, each isolated (bidi-safe in Arabic pages). */
const slotTimes = (start: string, end: string) => `${isolate(start)} – ${isolate(end)}`;

describe('event dates step', () => {
  it("lists time slots by day on the event's clock, not the browser's", async () => {
    stubFetch(
      eventRoutes({
        event: newYorkEvent,
        // 00:30 UTC on 6 December is still the evening of the 5th in New York.
        dates: [{ ...slot, start: '2030-12-06T00:30:00Z', end: '2030-12-06T02:30:00Z' }],
      }),
    );
    signInAs(organizer);
    renderApp(datesPath);

    const list = await screen.findByRole('region', { name: 'Time slots (1)' });
    expect(within(list).getByText('Thursday, December 5, 2030')).toBeTruthy();
    expect(within(list).getByText(slotTimes('7:30 PM', '9:30 PM'))).toBeTruthy();
    expect(
      screen.getByText(/All times are in the event's time zone, .*New York time \(GMT-[45]\)/),
    ).toBeTruthy();
  });

  it('previews how many slots a repeating pattern makes and reports what the API created', async () => {
    const { requests } = stubFetch({
      ...eventRoutes({ dates: [slot] }),
      'POST /api/v1/event_dates/bulk/': () =>
        jsonResponse({ created: 92, skipped: 1, results: [] }, 201),
    });
    signInAs(organizer);
    renderApp(datesPath);

    await setValue(/^First date/, '2030-12-01');
    await setValue(/^Last date/, '2030-12-31');
    // Every day of December at the default 19:00, less the slot of 5 December already there.
    expect(await screen.findByText('This creates 30 time slots.')).toBeTruthy();

    await userEvent.click(screen.getByRole('button', { name: 'Add another time' }));
    await userEvent.click(screen.getByRole('button', { name: 'Add another time' }));
    await setValue(/^Time 1 starts/, '10:00');
    await setValue(/^Time 1 ends/, '11:30');
    await setValue(/^Time 2 starts/, '15:00');
    await setValue(/^Time 2 ends/, '16:30');
    await setValue(/^Time 3 starts/, '19:00');
    await setValue(/^Time 3 ends/, '21:00');
    // 31 days × 3 times, less the 19:00 slot of 5 December that already exists.
    expect(await screen.findByText('This creates 92 time slots.')).toBeTruthy();
    expect(screen.getByText('Skipped: 1 already there, 0 already started.')).toBeTruthy();

    await userEvent.click(screen.getByRole('checkbox', { name: 'Friday' }));
    expect(await screen.findByText('This creates 80 time slots.')).toBeTruthy();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Friday' }));

    await userEvent.click(screen.getByRole('button', { name: 'Create time slots' }));

    expect(
      await screen.findByText(
        'Created 92 time slots. Skipped 1 (already there or already started).',
      ),
    ).toBeTruthy();
    expect(requestBody(posted(requests, '/api/v1/event_dates/bulk/')[0])).toEqual({
      event: draftEvent.id,
      start_date: '2030-12-01',
      end_date: '2030-12-31',
      days_of_week: [0, 1, 2, 3, 4, 5, 6],
      times: [
        { start: '10:00', end: '11:30' },
        { start: '15:00', end: '16:30' },
        { start: '19:00', end: '21:00' },
      ],
    });
  });

  it('refuses a pattern without weekdays or with a reversed range before sending it', async () => {
    const { requests } = stubFetch(eventRoutes());
    signInAs(organizer);
    renderApp(datesPath);

    await setValue(/^First date/, '2030-12-10');
    await setValue(/^Last date/, '2030-12-01');
    await userEvent.click(await screen.findByRole('button', { name: 'Clear days' }));
    await userEvent.click(screen.getByRole('button', { name: 'Create time slots' }));

    expect(await screen.findByText('The last date must not be before the first.')).toBeTruthy();
    expect(screen.getByText('Choose at least one day of the week.')).toBeTruthy();
    expect(posted(requests, '/api/v1/event_dates/bulk/')).toHaveLength(0);
  });

  it("adds one slot at the wall-clock time of the event's zone, summer and winter alike", async () => {
    const { requests } = stubFetch({
      ...eventRoutes({ event: newYorkEvent }),
      'POST /api/v1/event_dates/': (request) =>
        jsonResponse({ id: 90, ...(requestBody(request) as object) }, 201),
    });
    signInAs(organizer);
    renderApp(datesPath);

    await userEvent.click(await screen.findByRole('tab', { name: 'One time slot' }));
    await setValue(/^Date/, '2030-07-15');
    await setValue(/^Starts/, '19:00');
    await setValue(/^Ends/, '21:00');
    await userEvent.click(screen.getByRole('button', { name: 'Add time slot' }));
    expect(await screen.findByText(/Time slot added/)).toBeTruthy();

    await setValue(/^Date/, '2030-01-15');
    await setValue(/^Starts/, '22:00');
    await setValue(/^Ends/, '01:00');
    await userEvent.click(screen.getByRole('button', { name: 'Add time slot' }));

    await waitFor(() => expect(posted(requests, '/api/v1/event_dates/')).toHaveLength(2));
    const [summer, winter] = posted(requests, '/api/v1/event_dates/').map(requestBody);
    expect(summer).toEqual({
      event: draftEvent.id,
      start: '2030-07-15T19:00:00-04:00',
      end: '2030-07-15T21:00:00-04:00',
    });
    // A late show: an end before the start is the next morning.
    expect(winter).toEqual({
      event: draftEvent.id,
      start: '2030-01-15T22:00:00-05:00',
      end: '2030-01-16T01:00:00-05:00',
    });
  });

  it('shows the API refusal of a slot on its start time', async () => {
    stubFetch({
      ...eventRoutes(),
      'POST /api/v1/event_dates/': () =>
        validationError('date_taken', 'This event already has a time slot starting then.', 'start'),
    });
    signInAs(organizer);
    renderApp(datesPath);

    await userEvent.click(await screen.findByRole('tab', { name: 'One time slot' }));
    await setValue(/^Date/, '2030-12-05');
    await userEvent.click(screen.getByRole('button', { name: 'Add time slot' }));

    expect(
      await screen.findByText('This event already has a time slot starting then.'),
    ).toBeTruthy();
    expect(screen.getByLabelText(/^Starts/).getAttribute('aria-invalid')).toBe('true');
  });

  it('refuses a day outside the accepted years before sending, in the slot and the pattern', async () => {
    const { requests } = stubFetch(eventRoutes());
    signInAs(organizer);
    renderApp(datesPath);

    await setValue(/^Last date/, '9999-12-31');
    await userEvent.click(await screen.findByRole('button', { name: 'Create time slots' }));
    expect(await screen.findByText('Choose a date in the years 2000 to 2099.')).toBeTruthy();
    expect(screen.getByLabelText(/^Last date/).getAttribute('aria-invalid')).toBe('true');

    await userEvent.click(screen.getByRole('tab', { name: 'One time slot' }));
    await setValue(/^Date/, '2100-01-01');
    await userEvent.click(screen.getByRole('button', { name: 'Add time slot' }));
    expect(await screen.findByText('Choose a date in the years 2000 to 2099.')).toBeTruthy();
    expect(screen.getByLabelText(/^Date/).getAttribute('aria-invalid')).toBe('true');
    expect(requests.filter((request) => request.method === 'POST')).toEqual([]);
  });

  it('moves an existing slot', async () => {
    const { requests } = stubFetch({
      ...eventRoutes({ dates: [slot] }),
      [`PATCH /api/v1/event_dates/${slot.id}/`]: { ...slot, start: '2030-12-05T20:00:00+03:00' },
    });
    signInAs(organizer);
    renderApp(datesPath);

    await userEvent.click(
      await screen.findByRole('button', { name: /Edit the time slot of Dec 5, 2030/ }),
    );
    expect((screen.getByLabelText(/^Date/) as HTMLInputElement).value).toBe('2030-12-05');
    expect((screen.getByLabelText(/^Starts/) as HTMLInputElement).value).toBe('19:00');
    await setValue(/^Starts/, '20:00');
    await setValue(/^Ends/, '22:30');
    await userEvent.click(screen.getByRole('button', { name: 'Save time slot' }));

    await waitFor(() => expect(requests.some((request) => request.method === 'PATCH')).toBe(true));
    expect(requestBody(requests.find((request) => request.method === 'PATCH'))).toEqual({
      start: '2030-12-05T20:00:00+03:00',
      end: '2030-12-05T22:30:00+03:00',
    });
  });

  it('asks for a time slot before continuing to tickets', async () => {
    stubFetch(eventRoutes());
    signInAs(organizer);
    const { router } = renderApp(datesPath);

    await userEvent.click(await screen.findByRole('button', { name: 'Continue' }));

    expect(await screen.findByText('Add at least one time slot before you continue.')).toBeTruthy();
    expect(router.state.location.search).toBe('?step=dates');
  });

  it('continues to tickets once there is a slot', async () => {
    stubFetch(eventRoutes({ dates: [slot] }));
    signInAs(organizer);
    const { router } = renderApp(datesPath);
    await screen.findByText(slotTimes('7:00 PM', '9:00 PM'));

    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));

    await waitFor(() => expect(router.state.location.search).toBe('?step=tickets'));
    // The heading takes focus in an effect after it is drawn: wait for the move, not the drawing.
    const heading = await screen.findByRole('heading', { level: 2, name: /Tickets/ });
    await waitFor(() => expect(document.activeElement).toBe(heading));
  });
});
