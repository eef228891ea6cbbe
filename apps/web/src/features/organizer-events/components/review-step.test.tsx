import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderApp, signInAs } from '../../../test/render-app';
import { errorResponse, jsonResponse, stubFetch } from '../../../test/stub-fetch';
import {
  counter,
  draftEvent,
  eventRoutes,
  organizer,
  promoCode,
  requestBody,
  slot,
  standardTickets,
} from '../testing/fixtures';
import '../testing/test-utils';

const reviewPath = `/organizer/events/${draftEvent.id}/edit?step=review`;
const readyEvent = {
  ...draftEvent,
  dates_count: 1,
  ticket_categories_count: 1,
  first_start: slot.start,
  last_end: slot.end,
  price_min: 15000,
  price_max: 15000,
};
const pastSlot = {
  ...slot,
  id: 30,
  start: '2026-01-05T19:00:00+03:00',
  end: '2026-01-05T21:00:00+03:00',
};

function publishButton() {
  return screen.getByRole('button', { name: 'Publish event' }) as HTMLButtonElement;
}

describe('review and publish step', () => {
  it('keeps Publish disabled and says why until there is an upcoming slot and a ticket category', async () => {
    stubFetch(eventRoutes({ dates: [pastSlot] }));
    signInAs(organizer);
    renderApp(reviewPath);

    const checklist = await screen.findByRole('region', { name: 'Before you publish' });
    expect(publishButton().disabled).toBe(true);
    const items = within(checklist)
      .getAllByRole('listitem')
      .map((item) => item.textContent);
    expect(items).toEqual([
      'Missing: An upcoming time slot: add at least one date that has not started.Add dates',
      'Missing: A ticket category: add at least one.Add a ticket category',
      'Done: Monthly limit: 3 of 10 published this month',
    ]);
    expect(within(checklist).getByRole('link', { name: 'Add dates' }).getAttribute('href')).toBe(
      `/organizer/events/${draftEvent.id}/edit?step=dates`,
    );
    // The checklist describes the button, so a screen reader hears why it is unavailable.
    const describedBy = publishButton().getAttribute('aria-describedby') ?? '';
    expect(document.getElementById(describedBy)?.textContent).toContain('An upcoming time slot');
  });

  it('keeps Publish disabled once the monthly limit is used up', async () => {
    stubFetch(
      eventRoutes({
        event: readyEvent,
        dates: [slot],
        categories: [standardTickets],
        published: { ...counter, events_published_this_month: 10, remaining: 0 },
      }),
    );
    signInAs(organizer);
    renderApp(reviewPath);

    expect(
      await screen.findByText(/you have published 10 events this month, the most allowed/),
    ).toBeTruthy();
    expect(publishButton().disabled).toBe(true);
  });

  it('summarises a ready event, publishes it and links to its public page', async () => {
    const { requests } = stubFetch({
      ...eventRoutes({
        event: readyEvent,
        dates: [slot],
        categories: [standardTickets],
        promoCodes: [promoCode],
      }),
      [`PATCH /api/v1/events/${draftEvent.id}/`]: {
        ...readyEvent,
        status: 'published',
        published_at: '2026-11-21T09:00:00+03:00',
      },
    });
    signInAs(organizer);
    renderApp(reviewPath);

    const summary = await screen.findByRole('region', { name: 'Summary' });
    expect(within(summary).getByText('Oud night')).toBeTruthy();
    expect(within(summary).getByText('Music · In person')).toBeTruthy();
    expect(within(summary).getByText(/1 time slot · next: Dec 5, 2030/)).toBeTruthy();
    expect(within(summary).getByText(/1 ticket category · SAR\s?150/)).toBeTruthy();
    expect(within(summary).getByText('1 promo code')).toBeTruthy();
    expect(within(summary).getByText('100% back until 24 hours before the start')).toBeTruthy();
    await waitFor(() => expect(publishButton().disabled).toBe(false));

    await userEvent.click(publishButton());

    expect(await screen.findByText('Your event is live')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'View the public page' }).getAttribute('href')).toBe(
      `/events/${draftEvent.id}`,
    );
    expect(requestBody(requests.find((request) => request.method === 'PATCH'))).toEqual({
      status: 'published',
    });
    expect(screen.queryByRole('button', { name: 'Publish event' })).toBeNull();
  });

  it("shows the API's refusal to publish", async () => {
    stubFetch({
      ...eventRoutes({ event: readyEvent, dates: [slot], categories: [standardTickets] }),
      [`PATCH /api/v1/events/${draftEvent.id}/`]: () =>
        errorResponse(409, 'publish_limit_reached', 'You have published 10 events this month.'),
    });
    signInAs(organizer);
    renderApp(reviewPath);
    await waitFor(() => expect(publishButton().disabled).toBe(false));

    await userEvent.click(publishButton());

    expect(await screen.findByRole('alert')).toBeTruthy();
    expect(screen.getByText('You have published 10 events this month.')).toBeTruthy();
  });

  it('cancels a published event only after confirming', async () => {
    const published = {
      ...readyEvent,
      status: 'published' as const,
      published_at: '2026-11-20T09:00:00+03:00',
    };
    const { requests } = stubFetch({
      ...eventRoutes({ event: published, dates: [slot], categories: [standardTickets] }),
      [`PATCH /api/v1/events/${draftEvent.id}/`]: () =>
        jsonResponse({
          ...published,
          status: 'cancelled',
          cancelled_at: '2026-11-21T09:00:00+03:00',
        }),
    });
    signInAs(organizer);
    renderApp(reviewPath);

    await userEvent.click(await screen.findByRole('button', { name: 'Cancel event' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel this event?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Keep the event' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(requests.some((request) => request.method === 'PATCH')).toBe(false);

    await userEvent.click(screen.getByRole('button', { name: 'Cancel event' }));
    await userEvent.click(
      within(await screen.findByRole('dialog')).getByRole('button', {
        name: 'Yes, cancel the event',
      }),
    );

    expect(await screen.findByText('This event was cancelled')).toBeTruthy();
    expect(requestBody(requests.find((request) => request.method === 'PATCH'))).toEqual({
      status: 'cancelled',
    });
    expect(screen.getAllByText('Cancelled').length).toBeGreaterThan(0);
  });
});
