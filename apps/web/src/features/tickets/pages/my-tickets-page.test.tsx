import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Ticket } from '@hafla/shared/bookings/bookings';
import type { Rating } from '@hafla/shared/social/ratings';
import { user } from '../../../test/fixtures';
import { catalogRoutes, renderApp, signInAs } from '../../../test/render-app';
import { errorResponse, jsonResponse, stubFetch } from '../../../test/stub-fetch';
import {
  booking,
  EVENT_ID,
  laterSlot,
  pastSlot,
  rating,
  ticket,
  ticketPage,
} from '../test-fixtures';

const ticketsPath = '/api/v1/tickets/';
const ratingsPath = '/api/v1/rate_event/';
const noRatings = { count: 0, next: null, previous: null, results: [] };
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

/** Answers the tickets list by its date, limit and offset, as the API does. */
function ticketsRoute(all: () => Ticket[]) {
  return (request: { url: URL }) => {
    const limit = Number(request.url.searchParams.get('limit'));
    const offset = Number(request.url.searchParams.get('offset'));
    const date = request.url.searchParams.get('event_date');
    const found = all().filter((item) => date === null || item.event_date.id === Number(date));
    return jsonResponse(ticketPage(found.slice(offset, offset + limit), found.length));
  };
}

const CANCEL_MAY_3 = /^Cancel tickets for Fri, May 3, 2030 · 7:00 PM – 10:00 PM$/;

function openPage() {
  signInAs(user);
  return renderApp(`/user/myTickets/${EVENT_ID}`);
}

afterEach(() => vi.restoreAllMocks());

describe('my tickets page', () => {
  it('shows four tickets at a time, each with its QR code, status, holder and time', async () => {
    const tickets = [
      ticket(11),
      ticket(12, { status: 'pending_approval' }),
      ticket(13, { status: 'checked_in', checked_in_at: '2030-05-03T19:05:00+03:00' }),
      ticket(14, { status: 'refunded' }),
      ticket(15, { holder_name: 'Layla Nasser' }),
    ];
    const { requests } = stubFetch({
      ...catalogRoutes,
      [`GET ${ticketsPath}`]: ticketsRoute(() => tickets),
    });
    openPage();

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Oud Night at the Citadel' }),
    ).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('Tickets: Oud Night at the Citadel · Hafla'));
    const list = screen.getByRole('region', { name: 'Your tickets (5)' });
    const first = within(list).getByRole('article', { name: 'Ticket 11 · Standard' });
    const qr = await within(first).findByRole('img', { name: 'QR code of ticket 11' });
    // A real code: a square of modules plus the quiet zone, with hundreds of dark modules.
    const side = Number(qr.getAttribute('viewBox')?.split(' ')[2]);
    expect(side).toBeGreaterThanOrEqual(21 + 8);
    expect(qr.querySelector('path')?.getAttribute('d')?.match(/M/g)?.length).toBeGreaterThan(100);
    expect(within(first).getByText('Valid')).toBeTruthy();
    expect(within(first).getByText('Guest 11')).toBeTruthy();
    // The slot on the event's own clock (Riyadh), whatever the reader's zone.
    expect(within(first).getByText('Fri, May 3, 2030 · 7:00 PM – 10:00 PM')).toBeTruthy();
    expect(within(first).getByText('Times shown in Riyadh time (GMT+3)')).toBeTruthy();
    expect(screen.queryByText(/Asia\/Riyadh/)).toBeNull();
    expect(within(list).getByText('Pending approval')).toBeTruthy();
    expect(within(list).getByText('Checked in')).toBeTruthy();
    const refunded = within(list).getByRole('article', { name: 'Ticket 14 · Standard' });
    expect(within(refunded).getByText('Refunded')).toBeTruthy();
    expect(within(refunded).queryByRole('img')).toBeNull();
    expect(within(list).queryByText('Layla Nasser')).toBeNull();
    expect(within(list).getByText('4 of 5 tickets shown')).toBeTruthy();

    await userEvent.click(within(list).getByRole('button', { name: 'Show more tickets' }));
    expect(await within(list).findByText('Layla Nasser')).toBeTruthy();
    expect(within(list).queryByRole('button', { name: 'Show more tickets' })).toBeNull();
    const asked = requests
      .filter((request) => request.url.pathname === ticketsPath)
      .map((request) => request.url.search);
    expect(asked).toEqual([
      `?event=${EVENT_ID}&limit=4&offset=0`,
      `?event=${EVENT_ID}&limit=4&offset=4`,
    ]);
  });

  it('downloads a ticket’s PDF with the reader’s token', async () => {
    const { requests } = stubFetch({
      ...catalogRoutes,
      [`GET ${ticketsPath}`]: ticketPage([ticket(11)]),
      'GET /api/v1/tickets/11/pdf/': () =>
        new Response(new Blob(['%PDF-1.7 ticket'], { type: 'application/pdf' }), {
          headers: { 'Content-Type': 'application/pdf' },
        }),
    });
    const createObjectURL = vi.fn((_object: Blob | MediaSource) => 'blob:ticket-11');
    vi.spyOn(URL, 'createObjectURL').mockImplementation(createObjectURL);
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
    const downloads: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      downloads.push(`${this.download} ${this.href}`);
    });
    openPage();

    await userEvent.click(await screen.findByRole('button', { name: 'Download PDF of ticket 11' }));

    await waitFor(() => expect(downloads).toEqual(['hafla-ticket-11.pdf blob:ticket-11']));
    const pdf = requests.find((request) => request.url.pathname === '/api/v1/tickets/11/pdf/');
    expect(pdf?.headers.get('Authorization')).toMatch(/^Bearer /);
    const blob = createObjectURL.mock.calls[0]![0] as Blob;
    expect(await blob.text()).toBe('%PDF-1.7 ticket');
  });

  it('shows the refund amount before cancelling, then what was refunded', async () => {
    let tickets = [ticket(11), ticket(12)];
    const refundRequests: Array<{ body: unknown; key: string | null }> = [];
    const { requests } = stubFetch({
      ...catalogRoutes,
      // Like the API: once refunded, nothing is left to cancel.
      [`GET ${ticketsPath}`]: ticketsRoute(() => tickets),
      'POST /api/v1/payment/refund-check/': () =>
        jsonResponse({
          booking: 500,
          tickets: refundRequests.length === 0 ? [11, 12] : [],
          can_refund: refundRequests.length === 0,
          reason: refundRequests.length === 0 ? null : 'no_tickets',
          refund_amount: refundRequests.length === 0 ? 8100 : 0,
          refund_percentage: 90,
          currency: 'SAR',
          deadline: '2030-05-02T19:00:00+03:00',
        }),
      'POST /api/v1/payment/refund/': (request) => {
        refundRequests.push({
          body: JSON.parse(request.body ?? 'null'),
          key: request.headers.get('Idempotency-Key'),
        });
        tickets = tickets.map((item) => ({ ...item, status: 'refunded' as const }));
        return jsonResponse({
          booking: booking(500, tickets, { status: 'refunded', refunded_amount: 8100 }),
          refund: {
            id: 9,
            amount: 8100,
            currency: 'SAR',
            reason: 'requested',
            created_at: '2030-01-11T10:00:00+03:00',
          },
        });
      },
    });
    openPage();

    await userEvent.click(await screen.findByRole('button', { name: CANCEL_MAY_3 }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel your tickets' });
    expect(await within(dialog).findByText(/^SAR\s81$/)).toBeTruthy();
    expect(
      within(dialog).getByText('Your tickets for Fri, May 3, 2030 · 7:00 PM – 10:00 PM'),
    ).toBeTruthy();
    expect(within(dialog).getByText('2 tickets will be cancelled.')).toBeTruthy();
    expect(within(dialog).getByText('This event refunds 90% of what you paid.')).toBeTruthy();
    expect(
      within(dialog).getByText('Refunds are possible until Thu, May 2, 2030 · 7:00 PM.'),
    ).toBeTruthy();
    expect(refundRequests).toEqual([]);
    const check = requests.find((request) => request.url.pathname.endsWith('/refund-check/'));
    expect(JSON.parse(check?.body ?? 'null')).toEqual({ booking: 500 });

    await userEvent.click(
      within(dialog).getByRole('button', { name: /^Cancel and refund SAR\s81$/ }),
    );

    expect(
      await screen.findByText(/^2 tickets were cancelled and SAR\s81 refunded to your card\.$/),
    ).toBeTruthy();
    expect(refundRequests).toHaveLength(1);
    expect(refundRequests[0]?.body).toEqual({ booking: 500, tickets: [11, 12] });
    expect(refundRequests[0]?.key).toMatch(UUID);
    await waitFor(() => expect(screen.getAllByText('Refunded')).toHaveLength(2));
    expect(screen.queryByRole('button', { name: /^Cancel tickets/ })).toBeNull();
  });

  it('groups the tickets by date, each date cancelled on its own with its own deadline', async () => {
    const tickets = [
      ticket(11),
      ticket(12),
      ticket(21, { booking: 600, event_date: laterSlot }),
      ticket(22, { booking: 600, event_date: laterSlot }),
    ];
    const checks: unknown[] = [];
    const refundBodies: unknown[] = [];
    const { requests } = stubFetch({
      ...catalogRoutes,
      [`GET ${ticketsPath}`]: ticketsRoute(() => tickets),
      'POST /api/v1/payment/refund-check/': (request) => {
        checks.push(JSON.parse(request.body ?? 'null'));
        return jsonResponse({
          booking: 600,
          tickets: [21, 22],
          can_refund: true,
          reason: null,
          refund_amount: 9000,
          refund_percentage: 100,
          currency: 'SAR',
          deadline: '2030-05-09T19:00:00+03:00',
        });
      },
      'POST /api/v1/payment/refund/': (request) => {
        refundBodies.push(JSON.parse(request.body ?? 'null'));
        return jsonResponse({
          booking: booking(600, tickets.slice(2), { status: 'refunded', event_date: laterSlot }),
          refund: {
            id: 11,
            amount: 9000,
            currency: 'SAR',
            reason: 'requested',
            created_at: '2030-01-11T10:00:00+03:00',
          },
        });
      },
    });
    openPage();

    const may3 = await screen.findByRole('region', {
      name: 'Fri, May 3, 2030 · 7:00 PM – 10:00 PM',
    });
    const may10 = screen.getByRole('region', { name: 'Fri, May 10, 2030 · 7:00 PM – 10:00 PM' });
    expect(
      within(may3)
        .getAllByRole('article')
        .map((item) => item.getAttribute('aria-labelledby')),
    ).toEqual(['ticket-11', 'ticket-12']);
    expect(
      within(may10)
        .getAllByRole('article')
        .map((item) => item.getAttribute('aria-labelledby')),
    ).toEqual(['ticket-21', 'ticket-22']);
    expect(within(may3).getByText('2 tickets')).toBeTruthy();
    expect(within(may3).getByRole('button', { name: CANCEL_MAY_3 })).toBeTruthy();

    await userEvent.click(
      within(may10).getByRole('button', {
        name: 'Cancel tickets for Fri, May 10, 2030 · 7:00 PM – 10:00 PM',
      }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Cancel your tickets' });
    expect(await within(dialog).findByText(/^SAR\s90$/)).toBeTruthy();
    expect(
      within(dialog).getByText('Your tickets for Fri, May 10, 2030 · 7:00 PM – 10:00 PM'),
    ).toBeTruthy();
    expect(within(dialog).getByText('2 tickets will be cancelled.')).toBeTruthy();
    expect(
      within(dialog).getByText('Refunds are possible until Thu, May 9, 2030 · 7:00 PM.'),
    ).toBeTruthy();
    // Only the later date's booking is asked about, then refunded.
    expect(checks).toEqual([{ booking: 600 }]);
    const dateAsked = requests.find((request) => request.url.searchParams.has('event_date'));
    expect(dateAsked?.url.searchParams.get('event_date')).toBe(String(laterSlot.id));
    await userEvent.click(within(dialog).getByRole('button', { name: /^Cancel and refund/ }));
    expect(await screen.findByText(/^2 tickets were cancelled and SAR\s90 refunded/)).toBeTruthy();
    expect(refundBodies).toEqual([{ booking: 600, tickets: [21, 22] }]);
  });

  it('writes the deadline in Arabic like the rest of the app', async () => {
    const { i18n } = await import('../../../lib/i18n');
    await i18n.changeLanguage('ar');
    window.localStorage.setItem('language', 'ar');
    stubFetch({
      ...catalogRoutes,
      [`GET ${ticketsPath}`]: ticketsRoute(() => [ticket(11)]),
      'POST /api/v1/payment/refund-check/': {
        booking: 500,
        tickets: [11],
        can_refund: true,
        reason: null,
        refund_amount: 4500,
        refund_percentage: 100,
        currency: 'SAR',
        deadline: '2030-05-02T19:00:00+03:00',
      },
    });
    signInAs(user);
    renderApp(`/user/myTickets/${EVENT_ID}`, 'ar');

    await userEvent.click(await screen.findByRole('button', { name: /^إلغاء التذاكر لموعد / }));
    const dialog = await screen.findByRole('dialog', { name: 'إلغاء تذاكرك' });
    const deadline = await within(dialog).findByText(/^الاسترداد ممكن حتى /);
    // "الخميس، 2 مايو 2030 · 7:00 م" in whichever digits the locale writes, never "02/05/2030".
    expect(deadline.textContent).toMatch(/الخميس/);
    expect(deadline.textContent).toMatch(/مايو/);
    expect(deadline.textContent).not.toMatch(/[/\u200f]/);
  });

  it('cancels one ticket of a booking on its own', async () => {
    const refundBodies: unknown[] = [];
    const checks: unknown[] = [];
    stubFetch({
      ...catalogRoutes,
      [`GET ${ticketsPath}`]: ticketPage([ticket(11), ticket(12)]),
      'POST /api/v1/payment/refund-check/': (request) => {
        checks.push(JSON.parse(request.body ?? 'null'));
        return jsonResponse({
          booking: 500,
          tickets: [12],
          can_refund: true,
          reason: null,
          refund_amount: 4500,
          refund_percentage: 100,
          currency: 'SAR',
          deadline: '2030-05-02T19:00:00+03:00',
        });
      },
      'POST /api/v1/payment/refund/': (request) => {
        refundBodies.push(JSON.parse(request.body ?? 'null'));
        return jsonResponse({
          booking: booking(500, [ticket(11), ticket(12, { status: 'refunded' })]),
          refund: {
            id: 10,
            amount: 4500,
            currency: 'SAR',
            reason: 'requested',
            created_at: '2030-01-11T10:00:00+03:00',
          },
        });
      },
    });
    openPage();

    const second = await screen.findByRole('article', { name: 'Ticket 12 · Standard' });
    await userEvent.click(within(second).getByRole('button', { name: 'Cancel this ticket' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel this ticket' });
    expect(await within(dialog).findByText(/^SAR\s45$/)).toBeTruthy();
    expect(checks).toEqual([{ booking: 500, tickets: [12] }]);
    await userEvent.click(within(dialog).getByRole('button', { name: /^Cancel and refund/ }));
    expect(await screen.findByText(/^1 ticket was cancelled and SAR\s45 refunded/)).toBeTruthy();
    expect(refundBodies).toEqual([{ booking: 500, tickets: [12] }]);
  });

  it('says why tickets cannot be cancelled once the policy’s deadline has passed', async () => {
    stubFetch({
      ...catalogRoutes,
      [`GET ${ticketsPath}`]: ticketPage([ticket(11)]),
      'POST /api/v1/payment/refund-check/': {
        booking: 500,
        tickets: [],
        can_refund: false,
        reason: 'deadline_passed',
        refund_amount: 0,
        refund_percentage: 0,
        currency: 'SAR',
        deadline: '2030-05-02T19:00:00+03:00',
      },
    });
    openPage();

    await userEvent.click(await screen.findByRole('button', { name: CANCEL_MAY_3 }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel your tickets' });
    expect(
      await within(dialog).findByText(
        'The refund policy allowed cancelling until Thu, May 2, 2030 · 7:00 PM. That time has passed.',
      ),
    ).toBeTruthy();
    expect(within(dialog).queryByRole('button', { name: /Cancel and refund/ })).toBeNull();
  });

  it('answers not found for an id that cannot be an event', async () => {
    stubFetch(catalogRoutes);
    signInAs(user);
    renderApp('/user/myTickets/abc');
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeTruthy();
  });
});

describe('rating an attended event', () => {
  const attended = [ticket(11, { event_date: pastSlot })];

  it('asks for stars first, then sends the rating and shows it as saved', async () => {
    const sent: unknown[] = [];
    let own: Rating | null = null;
    const { requests } = stubFetch({
      ...catalogRoutes,
      [`GET ${ticketsPath}`]: ticketPage(attended),
      [`GET ${ratingsPath}`]: () =>
        jsonResponse({ ...noRatings, count: own ? 1 : 0, results: own ? [own] : [] }),
      [`POST ${ratingsPath}`]: (request) => {
        const body = JSON.parse(request.body ?? 'null') as { rating: number; comment: string };
        sent.push(body);
        own = rating({ rating: body.rating, comment: body.comment });
        return jsonResponse(own, 201);
      },
    });
    openPage();

    const section = await screen.findByRole('region', { name: 'How was it?' });
    // No cancelling after the event.
    expect(screen.queryByRole('button', { name: /^Cancel tickets/ })).toBeNull();
    await userEvent.click(await within(section).findByRole('button', { name: 'Send rating' }));
    expect(await within(section).findByText('Choose from 1 to 5 stars.')).toBeTruthy();
    expect(sent).toEqual([]);

    const group = within(section).getByRole('group', { name: 'Your rating, from 1 to 5 stars' });
    expect(within(group).getAllByRole('radio')).toHaveLength(5);
    await userEvent.click(within(group).getByRole('radio', { name: '4 stars' }));
    await userEvent.type(within(section).getByRole('textbox', { name: 'Comment' }), ' Great oud ');
    await userEvent.click(within(section).getByRole('button', { name: 'Send rating' }));

    const saved = await screen.findByRole('region', { name: 'Your rating' });
    expect(within(saved).getByText('Thank you. Your rating is saved.')).toBeTruthy();
    expect(within(saved).getByRole('img', { name: '4 out of 5 stars' })).toBeTruthy();
    expect(within(saved).getByText('Great oud')).toBeTruthy();
    expect(sent).toEqual([{ event: EVENT_ID, rating: 4, comment: 'Great oud' }]);
    const ownQuery = requests.find((request) => request.url.pathname === ratingsPath);
    expect(ownQuery?.url.searchParams.get('mine')).toBe('true');
    expect(ownQuery?.url.searchParams.get('event')).toBe(String(EVENT_ID));
  });

  it('shows the API’s refusal and field errors', async () => {
    let answer = () =>
      jsonResponse(
        {
          type: 'validation_error',
          errors: [
            {
              code: 'max_length',
              detail: 'Ensure this value has at most 2000 characters.',
              attr: 'comment',
            },
          ],
        },
        400,
      );
    stubFetch({
      ...catalogRoutes,
      [`GET ${ticketsPath}`]: ticketPage(attended),
      [`GET ${ratingsPath}`]: noRatings,
      [`POST ${ratingsPath}`]: () => answer(),
    });
    openPage();

    const section = await screen.findByRole('region', { name: 'How was it?' });
    await userEvent.click(await within(section).findByRole('radio', { name: '5 stars' }));
    await userEvent.click(within(section).getByRole('button', { name: 'Send rating' }));
    const comment = within(section).getByRole('textbox', { name: 'Comment' });
    await waitFor(() => expect(comment.getAttribute('aria-invalid')).toBe('true'));
    expect(
      within(section).getByText('Ensure this value has at most 2000 characters.'),
    ).toBeTruthy();

    answer = () =>
      errorResponse(
        403,
        'rating_not_allowed',
        'You can rate an event once a time slot you held a valid ticket for has ended.',
      );
    await userEvent.click(within(section).getByRole('button', { name: 'Send rating' }));
    expect(
      await within(section).findByText(
        'You can rate an event once a time slot you held a valid ticket for has ended.',
      ),
    ).toBeTruthy();
  });

  it('edits the reader’s own rating', async () => {
    const updates: unknown[] = [];
    let own = rating();
    stubFetch({
      ...catalogRoutes,
      [`GET ${ticketsPath}`]: ticketPage(attended),
      [`GET ${ratingsPath}`]: () => jsonResponse({ ...noRatings, count: 1, results: [own] }),
      [`PUT ${ratingsPath}31/`]: (request) => {
        const body = JSON.parse(request.body ?? 'null') as { rating: number; comment: string };
        updates.push(body);
        own = rating(body);
        return jsonResponse(own);
      },
    });
    openPage();

    const section = await screen.findByRole('region', { name: 'Your rating' });
    expect(await within(section).findByRole('img', { name: '4 out of 5 stars' })).toBeTruthy();
    await userEvent.click(within(section).getByRole('button', { name: 'Edit your rating' }));
    const group = within(section).getByRole('group', { name: 'Your rating, from 1 to 5 stars' });
    expect(
      (within(group).getByRole('radio', { name: '4 stars' }) as HTMLInputElement).checked,
    ).toBe(true);
    await userEvent.click(within(group).getByRole('radio', { name: '2 stars' }));
    await userEvent.click(within(section).getByRole('button', { name: 'Save changes' }));

    expect(await within(section).findByRole('img', { name: '2 out of 5 stars' })).toBeTruthy();
    expect(updates).toEqual([{ rating: 2, comment: 'Lovely evening' }]);
  });
});
