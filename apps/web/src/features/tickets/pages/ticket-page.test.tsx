import { screen, within, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { user } from '../../../test/fixtures';
import { catalogRoutes, renderApp, signInAs } from '../../../test/render-app';
import { errorResponse, stubFetch } from '../../../test/stub-fetch';
import { EVENT_ID, ticket } from '../test-fixtures';

describe('one ticket page', () => {
  it('shows the ticket with a large QR code, its PDF and the way back', async () => {
    stubFetch({ ...catalogRoutes, 'GET /api/v1/tickets/11/': ticket(11) });
    signInAs(user);
    renderApp('/user/tickets/11');

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Oud Night at the Citadel' }),
    ).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('Ticket 11 · Hafla'));
    const card = screen.getByRole('article', { name: 'Ticket 11 · Standard' });
    const qr = await within(card).findByRole('img', { name: 'QR code of ticket 11' });
    expect(qr.parentElement?.style.inlineSize).toBe('320px');
    expect(within(card).getByRole('button', { name: 'Download PDF of ticket 11' })).toBeTruthy();
    expect(
      screen.getByRole('link', { name: 'All tickets to this event' }).getAttribute('href'),
    ).toBe(`/user/myTickets/${EVENT_ID}`);
  });

  it('adds the ticket to a calendar: its .ics with the reader’s token, Google and Outlook links, and share', async () => {
    const { requests } = stubFetch({
      ...catalogRoutes,
      'GET /api/v1/tickets/11/': ticket(11),
      'GET /api/v1/tickets/11/calendar.ics': () =>
        new Response('BEGIN:VCALENDAR', { headers: { 'Content-Type': 'text/calendar' } }),
    });
    vi.spyOn(URL, 'createObjectURL').mockImplementation(() => 'blob:ics');
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
    const downloads: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      downloads.push(this.download);
    });
    const shared: ShareData[] = [];
    Object.defineProperty(navigator, 'share', {
      configurable: true,
      value: (data: ShareData) => {
        shared.push(data);
        return Promise.resolve();
      },
    });
    signInAs(user);
    renderApp('/user/tickets/11');

    const group = await screen.findByRole('group', {
      name: 'Add ticket 11 to your calendar or share the event',
    });
    const google = new URL(
      within(group).getByRole('link', { name: 'Google Calendar' }).getAttribute('href')!,
    );
    expect(google.searchParams.get('dates')).toBe('20300503T160000Z/20300503T190000Z');
    expect(google.searchParams.get('location')).toBe('Amman Citadel, Al-Qala’a, Amman');
    const outlook = new URL(
      within(group).getByRole('link', { name: 'Outlook' }).getAttribute('href')!,
    );
    expect(outlook.searchParams.get('startdt')).toBe('2030-05-03T16:00:00Z');

    await userEvent.click(within(group).getByRole('button', { name: 'Calendar file (.ics)' }));
    await waitFor(() => expect(downloads).toEqual(['hafla-ticket-11.ics']));
    const ics = requests.find((request) => request.url.pathname.endsWith('/calendar.ics'));
    expect(ics?.headers.get('Authorization')).toMatch(/^Bearer /);

    await userEvent.click(within(group).getByRole('button', { name: 'Share' }));
    await waitFor(() => expect(shared).toHaveLength(1));
    expect(shared[0]!.url).toBe(`${window.location.origin}/events/${EVENT_ID}`);
    Reflect.deleteProperty(navigator, 'share');
  });

  it('a ticket of a cancelled event keeps a banner with the refund, and no calendar', async () => {
    stubFetch({
      ...catalogRoutes,
      'GET /api/v1/tickets/11/': ticket(11, {
        status: 'refunded',
        event: { ...ticket(11).event, status: 'cancelled' },
        refund: {
          id: 3,
          amount: 9000,
          currency: 'SAR',
          reason: 'event_cancelled',
          tickets: 2,
          created_at: '2030-04-20T12:00:00+03:00',
        },
      }),
    });
    signInAs(user);
    renderApp('/user/tickets/11');

    const title = await screen.findByText('The organizer cancelled this event');
    const banner = title.closest<HTMLElement>('[role="status"]')!;
    expect(
      within(banner).getByText(/SAR 90(\.00)? was refunded to your card on April 20, 2030\./),
    ).toBeTruthy();
    const card = screen.getByRole('article', { name: 'Ticket 11 · Standard' });
    expect(
      within(card).getByText(/^SAR 90(\.00)? on April 20, 2030, for 2 tickets together$/),
    ).toBeTruthy();
    expect(within(card).getByText('The organizer cancelled the event.')).toBeTruthy();
    expect(screen.queryByRole('group', { name: /calendar/ })).toBeNull();
  });

  it('reads in Arabic: the zone as people say it, the refund and its reason', async () => {
    const { i18n } = await import('../../../lib/i18n');
    await i18n.changeLanguage('ar');
    window.localStorage.setItem('language', 'ar');
    document.documentElement.dir = 'rtl';
    stubFetch({
      ...catalogRoutes,
      'GET /api/v1/tickets/11/': ticket(11, {
        status: 'refunded',
        refund: {
          id: 3,
          amount: 4500,
          currency: 'SAR',
          reason: 'requested',
          tickets: 1,
          created_at: '2030-04-20T12:00:00+03:00',
        },
      }),
    });
    signInAs(user);
    renderApp('/user/tickets/11', 'ar');

    const card = await screen.findByRole('article', { name: /11/ });
    expect(within(card).getByText('الأوقات حسب توقيت الرياض (غرينتش+3)')).toBeTruthy();
    expect(within(card).getByText('ألغيتها بنفسك.')).toBeTruthy();
    expect(screen.queryByText(/Asia\/Riyadh/)).toBeNull();
  });

  it('answers not found for someone else’s or a missing ticket', async () => {
    stubFetch({
      ...catalogRoutes,
      'GET /api/v1/tickets/12/': () => errorResponse(404, 'not_found'),
    });
    signInAs(user);
    renderApp('/user/tickets/12');
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeTruthy();
  });
});
