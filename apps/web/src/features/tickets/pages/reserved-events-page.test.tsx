import { screen, within, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { user } from '../../../test/fixtures';
import { catalogRoutes, renderApp, signInAs } from '../../../test/render-app';
import { jsonResponse, stubFetch } from '../../../test/stub-fetch';
import { futureSlot, laterSlot, pastSlot, reservedEvent } from '../test-fixtures';

const path = '/api/v1/events_read/reserved-events/';
const page = <T,>(results: T[], count = results.length) => ({
  count,
  next: null,
  previous: null,
  results,
});

describe('reserved events page', () => {
  it('lists the events with tickets, coming ones first, each linking to its tickets', async () => {
    const { requests } = stubFetch({
      ...catalogRoutes,
      [`GET ${path}`]: page([
        reservedEvent({
          id: 3,
          title: 'Last Spring’s Gala',
          booked_date: pastSlot,
          status: 'ended',
        }),
        reservedEvent({ id: 7, tickets_count: 3 }),
      ]),
    });
    signInAs(user);
    renderApp('/user/tickets');

    expect(await screen.findByRole('heading', { level: 1, name: 'My tickets' })).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('My tickets · Hafla'));
    const upcoming = await screen.findByRole('region', { name: 'Coming up (1)' });
    const link = within(upcoming).getByRole('link', { name: 'Oud Night at the Citadel' });
    expect(link.getAttribute('href')).toBe('/user/myTickets/7');
    expect(within(upcoming).getByText('3 tickets')).toBeTruthy();
    expect(within(upcoming).getByText('Fri, May 3, 2030 · 7:00 PM – 10:00 PM')).toBeTruthy();
    const past = screen.getByRole('region', { name: 'Past (1)' });
    expect(within(past).getByRole('link', { name: 'Last Spring’s Gala' })).toBeTruthy();
    expect(requests.find((request) => request.url.pathname === path)?.url.search).toBe(
      '?limit=20&offset=0&include=history',
    );
  });

  it('lists each date of an event on its own row, with its own count', async () => {
    stubFetch({
      ...catalogRoutes,
      [`GET ${path}`]: page([
        reservedEvent({
          id: 7,
          tickets_count: 4,
          refunded_tickets_count: 1,
          refunded_amount: 4500,
          dates: [
            {
              date: futureSlot,
              tickets_count: 1,
              refunded_tickets_count: 1,
              refunded_amount: 4500,
            },
            { date: laterSlot, tickets_count: 3, refunded_tickets_count: 0, refunded_amount: 0 },
          ],
        }),
      ]),
    });
    signInAs(user);
    renderApp('/user/tickets');

    const upcoming = await screen.findByRole('region', { name: 'Coming up (2)' });
    const [first, second] = within(upcoming).getAllByRole('listitem');
    expect(within(first!).getByText('Fri, May 3, 2030 · 7:00 PM – 10:00 PM')).toBeTruthy();
    expect(within(first!).getByText('1 ticket')).toBeTruthy();
    expect(
      within(first!).getByText(/^1 ticket refunded · SAR 45(\.00)? back to you$/),
    ).toBeTruthy();
    expect(within(second!).getByText('Fri, May 10, 2030 · 7:00 PM – 10:00 PM')).toBeTruthy();
    expect(within(second!).getByText('3 tickets')).toBeTruthy();
    expect(within(second!).queryByText(/refunded/)).toBeNull();
    expect(screen.queryByText('4 tickets')).toBeNull();
  });

  it('puts a date whose tickets were all given back in the history, and keeps the other coming', async () => {
    stubFetch({
      ...catalogRoutes,
      [`GET ${path}`]: page([
        reservedEvent({
          id: 7,
          tickets_count: 2,
          refunded_tickets_count: 2,
          refunded_amount: 9000,
          dates: [
            {
              date: futureSlot,
              tickets_count: 0,
              refunded_tickets_count: 2,
              refunded_amount: 9000,
            },
            { date: laterSlot, tickets_count: 2, refunded_tickets_count: 0, refunded_amount: 0 },
          ],
        }),
      ]),
    });
    signInAs(user);
    renderApp('/user/tickets');

    const upcoming = await screen.findByRole('region', { name: 'Coming up (1)' });
    expect(within(upcoming).getByText('Fri, May 10, 2030 · 7:00 PM – 10:00 PM')).toBeTruthy();
    const history = screen.getByRole('region', { name: 'Cancelled and refunded (1)' });
    expect(within(history).getByText('Fri, May 3, 2030 · 7:00 PM – 10:00 PM')).toBeTruthy();
    expect(within(history).getByText('All tickets given back')).toBeTruthy();
  });

  it('keeps the order history: events called off or given back, with what was refunded', async () => {
    stubFetch({
      ...catalogRoutes,
      [`GET ${path}`]: page([
        reservedEvent({
          id: 7,
          tickets_count: 1,
          refunded_tickets_count: 1,
          refunded_amount: 4500,
        }),
        reservedEvent({
          id: 8,
          title: 'Changed my mind',
          tickets_count: 0,
          refunded_tickets_count: 2,
          refunded_amount: 9000,
        }),
        reservedEvent({
          id: 9,
          title: 'Called off',
          status: 'cancelled',
          tickets_count: 0,
          refunded_tickets_count: 1,
          refunded_amount: 0,
        }),
      ]),
    });
    signInAs(user);
    renderApp('/user/tickets');

    const upcoming = await screen.findByRole('region', { name: 'Coming up (1)' });
    expect(
      within(upcoming).getByText(/^1 ticket refunded · SAR 45(\.00)? back to you$/),
    ).toBeTruthy();
    const history = screen.getByRole('region', { name: 'Cancelled and refunded (2)' });
    const items = within(history).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(within(history).getByRole('link', { name: 'Changed my mind' })).toBeTruthy();
    expect(
      within(history).getByText(/^2 tickets refunded · SAR 90(\.00)? back to you$/),
    ).toBeTruthy();
    expect(within(history).getByText('Event cancelled')).toBeTruthy();
    expect(within(history).getByText('1 ticket given back')).toBeTruthy();
    expect(within(history).getAllByText('All tickets given back')).toHaveLength(2);
    expect(screen.queryByText('No tickets yet')).toBeNull();
  });

  it('loads more events on request', async () => {
    const first = Array.from({ length: 20 }, (_, index) =>
      reservedEvent({ id: 100 + index, title: `Concert ${index + 1}` }),
    );
    stubFetch({
      ...catalogRoutes,
      [`GET ${path}`]: (request) =>
        jsonResponse(
          request.url.searchParams.get('offset') === '20'
            ? page([reservedEvent({ id: 200, title: 'Concert 21' })], 21)
            : page(first, 21),
        ),
    });
    signInAs(user);
    renderApp('/user/tickets');

    await userEvent.click(await screen.findByRole('button', { name: 'Show more events' }));
    expect(await screen.findByRole('link', { name: 'Concert 21' })).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Coming up (21)' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Show more events' })).toBeNull();
  });

  it('says so when there are no tickets yet', async () => {
    stubFetch({ ...catalogRoutes, [`GET ${path}`]: page([]) });
    signInAs(user);
    renderApp('/user/tickets');
    expect(await screen.findByRole('heading', { name: 'No tickets yet' })).toBeTruthy();
    const main = screen.getByRole('main');
    expect(within(main).getByRole('link', { name: 'Browse events' }).getAttribute('href')).toBe(
      '/events',
    );
  });

  it('reads in Arabic, right to left', async () => {
    const { i18n } = await import('../../../lib/i18n');
    await i18n.changeLanguage('ar');
    window.localStorage.setItem('language', 'ar');
    document.documentElement.dir = 'rtl';
    stubFetch({ ...catalogRoutes, [`GET ${path}`]: page([reservedEvent()]) });
    signInAs(user);
    renderApp('/user/tickets', 'ar');
    expect(await screen.findByRole('heading', { level: 1, name: 'تذاكري' })).toBeTruthy();
    expect(await screen.findByText('تذكرتان')).toBeTruthy();
    expect(document.documentElement.dir).toBe('rtl');
  });
});
