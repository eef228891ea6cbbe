import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { Booking, BookingTicket } from '@hafla/shared/bookings/bookings';
import { fakeSockets } from '../../../test/fake-socket-io';
import { user } from '../../../test/fixtures';
import { catalogRoutes, renderApp, signInAs } from '../../../test/render-app';
import { errorResponse, jsonResponse, stubFetch } from '../../../test/stub-fetch';
import type { RecordedRequest } from '../../../test/stub-fetch';
import { eventBookingDetailsQueryOptions } from '../api/get-event-booking-details';
import { stubCanvasContext } from '../../../test/canvas-context';
import {
  bookingDetails,
  confirmedBooking,
  pendingBooking,
  seatedDetails,
  seatMapChart,
  seatMapStatus,
  standard,
} from '../testing/fixtures';

const detailsPath = 'GET /api/v1/events/7/event-details/';
const bookingPath = 'GET /api/v1/bookings/501/';
const noBookings = { count: 0, next: null, previous: null, results: [] };
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

function bodyOf(request: RecordedRequest | undefined): unknown {
  return JSON.parse(request?.body ?? 'null');
}

function find(requests: RecordedRequest[], method: string, path: string) {
  return requests.filter((request) => request.method === method && request.url.pathname === path);
}

/** The API as the booking flow sees it, keeping the booking's state between calls. */
function bookingApi(initial: Booking = pendingBooking()) {
  let booking = initial;
  const routes = {
    ...catalogRoutes,
    [detailsPath]: bookingDetails,
    'GET /api/v1/bookings/': noBookings,
    [bookingPath]: () => jsonResponse(booking),
    'POST /api/v1/tickets/book/': () => jsonResponse(booking, 201),
    'PATCH /api/v1/tickets/9001/': (request: RecordedRequest) => patchTicket(9001, request),
    'PATCH /api/v1/tickets/9002/': (request: RecordedRequest) => patchTicket(9002, request),
    'POST /api/v1/promo_codes/check/': {
      code: 'NOUR20',
      discount_type: 'percentage',
      value: 20,
      ticket_categories: [],
      subtotal: 10000,
      discount: 2000,
      fees: 0,
      total: 8000,
      currency: 'SAR',
    },
    'PATCH /api/v1/bookings/501/': (request: RecordedRequest) => {
      const { promo_code } = bodyOf(request) as { promo_code: string | null };
      const discount = promo_code ? 2000 : 0;
      booking = { ...booking, promo_code, discount, total: booking.subtotal - discount };
      return jsonResponse(booking);
    },
    'POST /api/v1/payment/pay/': () => {
      booking = confirmedBooking(booking);
      return jsonResponse({ booking, payment: null });
    },
    'POST /api/v1/bookings/501/cancel/': () => {
      booking = { ...booking, status: 'cancelled' };
      return jsonResponse(booking);
    },
  };
  function patchTicket(id: number, request: RecordedRequest) {
    const changes = bodyOf(request) as Partial<BookingTicket>;
    booking = {
      ...booking,
      tickets: booking.tickets.map((ticket) =>
        ticket.id === id ? { ...ticket, ...changes } : ticket,
      ),
    };
    return jsonResponse(booking.tickets.find((ticket) => ticket.id === id));
  }
  return routes;
}

/** Text as read, without the isolates that keep codes and amounts in their own direction. */
function findText(pattern: RegExp) {
  return screen.findByText((content) => pattern.test(content.replace(/[\u2068\u2069]/g, '')));
}

/** Expiry, security code and name: the card's other fields, which the form checks. */
async function fillCardDetails() {
  await userEvent.click(screen.getByRole('textbox', { name: /^Expiry date/ }));
  await userEvent.paste('12 / 39');
  await userEvent.click(screen.getByRole('textbox', { name: /^Security code/ }));
  await userEvent.paste('123');
  await userEvent.click(screen.getByRole('textbox', { name: /^Name on card/ }));
  await userEvent.paste('Sara Ahmed');
}

/** The first step waits for the page's chunk, which vitest transforms on first use. */
async function findStepHeading(name: string) {
  return screen.findByRole('heading', { level: 2, name: new RegExp(name) });
}

describe('booking page', () => {
  it(
    'books two tickets through every step: date, tickets, attendees, promo code, card, confirmation',
    { timeout: 60_000 },
    async () => {
      const createObjectURL = vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:tickets');
      vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
      const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
      const { requests } = stubFetch({
        ...bookingApi(),
        'GET /api/v1/bookings/501/pdf/': () =>
          new Response('%PDF-1.7', { headers: { 'Content-Type': 'application/pdf' } }),
      });
      signInAs(user);
      const { router } = renderApp('/events/7/book');

      // 1: the day, then its time; the sold-out time is shown, disabled, with its reason.
      await findStepHeading('Choose a date and time');
      await userEvent.click(screen.getByRole('radio', { name: /May 3/ }));
      const lateShow = await screen.findByRole('radio', { name: /9:30\sPM.*Sold out/ });
      expect(lateShow.hasAttribute('disabled')).toBe(true);
      await userEvent.click(screen.getByRole('radio', { name: /7:00\sPM/ }));
      const next = screen.getByRole('button', { name: 'Continue' });
      await waitFor(() => expect(next.hasAttribute('disabled')).toBe(false));
      await userEvent.click(next);

      // 2: counters, bounded, with a live subtotal.
      await findStepHeading('Choose your tickets');
      const add = screen.getByRole('button', { name: 'Add one ticket: Standard' });
      await userEvent.click(add);
      await userEvent.click(add);
      expect(await screen.findByText(/2 tickets · SAR\s100/)).toBeTruthy();
      expect(router.state.location.search).toContain('tickets=1x2');
      await userEvent.click(screen.getByRole('button', { name: 'Hold these tickets' }));

      // 3: the hold is on and counting; the first ticket is the buyer's.
      // Holding swaps the whole flow: the new step's heading takes focus, not the page body.
      const attendeesHeading = await findStepHeading('Who is coming');
      await waitFor(() => expect(document.activeElement).toBe(attendeesHeading));
      const book = find(requests, 'POST', '/api/v1/tickets/book/')[0];
      expect(bodyOf(book)).toEqual({
        event: 7,
        event_date: 71,
        items: [{ ticket_category: 1, quantity: 2 }],
      });
      expect(book?.headers.get('Idempotency-Key')).toMatch(UUID);
      expect(router.state.location.search).toContain('booking=501');
      const hold = screen.getByRole('region', { name: 'Your tickets are held' });
      const shown = within(hold).getByText(/^(10:00|09:5\d)$/).textContent;
      // Screen readers hear whole minutes, rounded down (never more time than there is).
      expect(
        within(hold).getByText(
          `${shown === '10:00' ? 10 : 9} minutes left to complete your booking.`,
        ),
      ).toBeTruthy();
      const names = screen.getAllByRole('textbox', { name: /Full name/ });
      expect((names[0] as HTMLInputElement).value).toBe('Sara Haddad');
      await userEvent.click(names[1]!);
      await userEvent.paste('Omar Haddad');
      await userEvent.click(screen.getByRole('button', { name: 'Continue' }));

      // 4: review; one press checks a promo code and applies it to the booking.
      await findStepHeading('Review your order');
      expect(bodyOf(find(requests, 'PATCH', '/api/v1/tickets/9001/')[0])).toEqual({
        holder_name: 'Sara Haddad',
        holder_email: 'sara@example.com',
        holder_phone: '',
      });
      expect(bodyOf(find(requests, 'PATCH', '/api/v1/tickets/9002/')[0])).toMatchObject({
        holder_name: 'Omar Haddad',
      });
      await userEvent.click(screen.getByRole('textbox', { name: 'Promo code' }));
      await userEvent.paste('nour20');
      await userEvent.click(screen.getByRole('button', { name: 'Apply' }));
      expect(await findText(/^NOUR20 is applied: you save SAR\s20\.$/)).toBeTruthy();
      expect(await findText(/^NOUR20: 20% off$/)).toBeTruthy();
      // The form is gone with the code applied: focus goes to the promo card's heading.
      await waitFor(() =>
        expect(document.activeElement).toBe(
          screen.getByRole('heading', { name: 'Have a promo code?' }),
        ),
      );
      expect(bodyOf(find(requests, 'POST', '/api/v1/promo_codes/check/')[0])).toEqual({
        event: 7,
        code: 'nour20',
        items: [{ ticket_category: 1, quantity: 2 }],
      });
      expect(bodyOf(find(requests, 'PATCH', '/api/v1/bookings/501/')[0])).toEqual({
        promo_code: 'NOUR20',
      });
      const summary = screen.getByRole('region', { name: 'Order summary' });
      expect(within(summary).getByText(/Discount \(NOUR20\)/)).toBeTruthy();
      expect(within(summary).getByText(/SAR\s80/)).toBeTruthy();
      await userEvent.click(screen.getByRole('button', { name: 'Continue to payment' }));

      // 5: the card, spaced as printed; the test cards are listed.
      await findStepHeading('Payment');
      expect(screen.getByText('4000 0000 0000 0002')).toBeTruthy();
      const card = screen.getByRole('textbox', { name: /Card number/ });
      await userEvent.click(card);
      await userEvent.paste('4242424242424242');
      expect((card as HTMLInputElement).value).toBe('4242 4242 4242 4242');
      await fillCardDetails();
      await userEvent.click(screen.getByRole('button', { name: /Pay SAR\s80/ }));

      // 6: confirmed; the tickets link to their pages and the PDF downloads with the token.
      await findStepHeading('Your booking is confirmed');
      const pay = find(requests, 'POST', '/api/v1/payment/pay/')[0];
      expect(bodyOf(pay)).toEqual({ booking: 501, payment_method: '4242424242424242' });
      expect(pay?.headers.get('Idempotency-Key')).toMatch(UUID);
      expect(screen.queryByRole('region', { name: 'Your tickets are held' })).toBeNull();
      // The tickets' list shows once its translations are in, maybe a moment after the heading.
      const firstTicket = await screen.findByRole('link', { name: 'Ticket 1: Standard' });
      expect(firstTicket.getAttribute('href')).toBe('/user/tickets/9001');
      expect(
        screen.getByRole('link', { name: 'All my tickets for this event' }).getAttribute('href'),
      ).toBe('/user/myTickets/7');
      await userEvent.click(screen.getByRole('button', { name: 'Download tickets (PDF)' }));
      await waitFor(() => expect(click).toHaveBeenCalled());
      expect(createObjectURL).toHaveBeenCalledWith(expect.any(Blob));
      const pdf = find(requests, 'GET', '/api/v1/bookings/501/pdf/')[0];
      expect(pdf?.headers.get('Authorization')).toMatch(/^Bearer /);
    },
  );

  it('says which tickets sold out, shows what is left and keeps the other choices', async () => {
    let details = bookingDetails;
    const { requests } = stubFetch({
      ...bookingApi(),
      [detailsPath]: () => jsonResponse(details),
      'POST /api/v1/tickets/book/': () => {
        details = {
          ...bookingDetails,
          days: bookingDetails.days.map((day) => ({
            ...day,
            periods: day.periods.map((period) => ({
              ...period,
              ticket_categories: period.ticket_categories.map((category) =>
                category.id === standard.id ? { ...category, available: 1 } : category,
              ),
            })),
          })),
        };
        return errorResponse(409, 'sold_out', 'Not enough tickets left: 1 available.');
      },
    });
    signInAs(user);
    const { router } = renderApp('/events/7/book?day=2030-05-03&period=71&tickets=1x3-2x1&step=2');

    await findStepHeading('Choose your tickets');
    await userEvent.click(screen.getByRole('button', { name: 'Hold these tickets' }));

    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Those tickets just sold out')).toBeTruthy();
    expect(within(alert).getByText('Not enough tickets left: 1 available.')).toBeTruthy();
    // The refreshed availability brings Standard down to the one left; Front rows stays.
    const standardCounter = screen.getByRole('group', { name: 'Number of tickets: Standard' });
    await waitFor(() => expect(within(standardCounter).getByText('1')).toBeTruthy());
    expect(
      within(screen.getByRole('group', { name: 'Number of tickets: Front rows' })).getByText('1'),
    ).toBeTruthy();
    expect(
      screen.getByRole('button', { name: 'Add one ticket: Standard' }).hasAttribute('disabled'),
    ).toBe(true);
    expect(find(requests, 'GET', '/api/v1/events/7/event-details/').length).toBeGreaterThan(1);
    expect(router.state.location.search).toContain('period=71');
    expect(router.state.location.search).not.toContain('booking=');
  });

  it('follows what is left as the event’s room tells it, with no new read', async () => {
    const { requests } = stubFetch(bookingApi());
    renderApp('/events/7/book?day=2030-05-03&period=71&tickets=1x2&step=2');
    await findStepHeading('Choose your tickets');
    const reads = find(requests, 'GET', '/api/v1/events/7/event-details/').length;

    // The page reads its event's room on an anonymous socket of its own (decision 0025).
    const socket = await waitFor(() => {
      const found = fakeSockets.find(
        (candidate) => (candidate.options.auth as { anonymous?: boolean }).anonymous,
      );
      if (!found) throw new Error('no public socket yet');
      return found;
    });
    socket.accept();
    expect(socket.sent).toContainEqual(['availability:join', { event: 7 }]);
    const figures = (standardLeft: number, frontRowsLeft: number) => ({
      event: 7,
      slots: bookingDetails.days.flatMap((day) =>
        day.periods.map((period) => ({
          id: period.id,
          ticket_categories: period.ticket_categories.map((category) => {
            const available =
              period.id !== 71
                ? category.available
                : category.id === standard.id
                  ? standardLeft
                  : frontRowsLeft;
            const sales_state =
              period.id === 71 ? (available > 0 ? 'on_sale' : 'sold_out') : category.sales_state;
            return { id: category.id, available, sales_state };
          }),
        })),
      ),
    });
    act(() => socket.serverEmit('availability:changed', figures(4, 0)));
    expect(await screen.findByText('Only 4 left')).toBeTruthy();
    expect(screen.getByText('Sold out')).toBeTruthy();
    // Another event's figures are not this page's.
    act(() => socket.serverEmit('availability:changed', { ...figures(1, 1), event: 8 }));
    expect(screen.getByText('Only 4 left')).toBeTruthy();
    expect(find(requests, 'GET', '/api/v1/events/7/event-details/')).toHaveLength(reads);
  });

  it('checks the expiry, security code and name before sending the card', async () => {
    const { requests } = stubFetch(bookingApi());
    signInAs(user);
    renderApp('/events/7/book?booking=501&step=5');

    await findStepHeading('Payment');
    await userEvent.click(screen.getByRole('textbox', { name: /Card number/ }));
    await userEvent.paste('4242424242424242');
    await userEvent.click(screen.getByRole('textbox', { name: /^Expiry date/ }));
    await userEvent.paste('0120');
    expect((screen.getByRole('textbox', { name: /^Expiry date/ }) as HTMLInputElement).value).toBe(
      '01 / 20',
    );
    await userEvent.click(screen.getByRole('textbox', { name: /^Security code/ }));
    await userEvent.paste('12');
    await userEvent.click(screen.getByRole('button', { name: /Pay SAR\s100/ }));

    expect(await screen.findByText('This card has expired.')).toBeTruthy();
    expect(screen.getByText('Enter the 3-digit security code.')).toBeTruthy();
    expect(screen.getByText('Enter the name as it is on the card.')).toBeTruthy();
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('textbox', { name: /^Expiry date/ })),
    );
    expect(find(requests, 'POST', '/api/v1/payment/pay/')).toHaveLength(0);
  });

  it('says which rule the name on the card breaks: too short, or not letters', async () => {
    const { requests } = stubFetch(bookingApi());
    signInAs(user);
    renderApp('/events/7/book?booking=501&step=5');

    await findStepHeading('Payment');
    await userEvent.click(screen.getByRole('textbox', { name: /Card number/ }));
    await userEvent.paste('4242424242424242');
    await fillCardDetails();
    const holder = screen.getByRole('textbox', { name: /^Name on card/ });
    await userEvent.clear(holder);
    await userEvent.type(holder, 'x');
    await userEvent.click(screen.getByRole('button', { name: /Pay SAR\s100/ }));
    expect(await screen.findByText('Enter at least 2 letters, as on the card.')).toBeTruthy();
    expect(screen.queryByText(/letters only/)).toBeNull();

    await userEvent.clear(holder);
    await userEvent.type(holder, '4242');
    await userEvent.click(screen.getByRole('button', { name: /Pay SAR\s100/ }));
    expect(
      await screen.findByText(
        'Use only letters, spaces, dots, hyphens and apostrophes, starting with a letter.',
      ),
    ).toBeTruthy();
    expect(find(requests, 'POST', '/api/v1/payment/pay/')).toHaveLength(0);
  });

  it('keeps a name within the API’s limit and says so at the field, before saving', async () => {
    const { requests } = stubFetch(bookingApi());
    signInAs(user);
    renderApp('/events/7/book?booking=501&step=3');

    await findStepHeading('Who is coming');
    const [, second] = screen.getAllByRole('textbox', { name: /^Full name/ }) as HTMLInputElement[];
    expect(second!.maxLength).toBe(200);
    await userEvent.click(second!);
    await userEvent.paste('a'.repeat(305));
    expect(second!.value).toHaveLength(200);

    // A longer name that got in all the same (the field's limit is only the browser's).
    fireEvent.input(second!, { target: { value: 'b'.repeat(201) } });
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('Use at most 200 characters for the name.')).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(second));
    expect(find(requests, 'PATCH', '/api/v1/tickets/9002/')).toHaveLength(0);
  });

  it('keeps the hold after a declined card and pays with another card under a new key', async () => {
    const routes = bookingApi();
    let attempts = 0;
    const { requests } = stubFetch({
      ...routes,
      'POST /api/v1/payment/pay/': () => {
        attempts += 1;
        return attempts === 1
          ? errorResponse(402, 'payment_declined', 'Your card was declined. Try another card.')
          : routes['POST /api/v1/payment/pay/']();
      },
    });
    signInAs(user);
    renderApp('/events/7/book?booking=501&step=5');

    await findStepHeading('Payment');
    const card = screen.getByRole('textbox', { name: /Card number/ });
    await userEvent.click(card);
    await userEvent.paste('4000 0000 0000 0002');
    await fillCardDetails();
    await userEvent.click(screen.getByRole('button', { name: /Pay SAR\s100/ }));

    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('The payment did not go through')).toBeTruthy();
    expect(within(alert).getByText('Your card was declined. Try another card.')).toBeTruthy();
    expect(within(alert).getByText(/still held/)).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Your tickets are held' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: /Payment/ })).toBeTruthy();

    await userEvent.clear(card);
    await userEvent.paste('4242424242424242');
    await userEvent.click(screen.getByRole('button', { name: /Pay SAR\s100/ }));

    await findStepHeading('Your booking is confirmed');
    const [declined, paid] = find(requests, 'POST', '/api/v1/payment/pay/');
    expect(bodyOf(declined)).toEqual({ booking: 501, payment_method: '4000000000000002' });
    expect(declined?.headers.get('Idempotency-Key')).toMatch(UUID);
    expect(paid?.headers.get('Idempotency-Key')).toMatch(UUID);
    expect(paid?.headers.get('Idempotency-Key')).not.toBe(declined?.headers.get('Idempotency-Key'));
  });

  it('follows the booking’s real state when the payment’s answer is lost after it went through', async () => {
    const routes = bookingApi();
    const { requests } = stubFetch({
      ...routes,
      // The server applies the payment, and the answer never arrives.
      'POST /api/v1/payment/pay/': () => {
        routes['POST /api/v1/payment/pay/']();
        throw new TypeError('Failed to fetch');
      },
    });
    signInAs(user);
    renderApp('/events/7/book?booking=501&step=5');

    await findStepHeading('Payment');
    await userEvent.click(screen.getByRole('textbox', { name: /Card number/ }));
    await userEvent.paste('4242424242424242');
    await fillCardDetails();
    await userEvent.click(screen.getByRole('button', { name: /Pay SAR\s100/ }));

    // The booking is read again and the page shows what the server has: no second payment.
    await findStepHeading('Your booking is confirmed');
    expect(find(requests, 'POST', '/api/v1/payment/pay/')).toHaveLength(1);
    expect(screen.queryByRole('button', { name: /Pay SAR/ })).toBeNull();
  });

  it('after a lost answer, checks the booking before paying again under the same key', async () => {
    const routes = bookingApi();
    let attempts = 0;
    const { requests } = stubFetch({
      ...routes,
      // The first call is lost before it reaches the server; the retry goes through.
      'POST /api/v1/payment/pay/': () => {
        attempts += 1;
        if (attempts === 1) throw new TypeError('Failed to fetch');
        return routes['POST /api/v1/payment/pay/']();
      },
    });
    signInAs(user);
    renderApp('/events/7/book?booking=501&step=5');

    await findStepHeading('Payment');
    await userEvent.click(screen.getByRole('textbox', { name: /Card number/ }));
    await userEvent.paste('4242424242424242');
    await fillCardDetails();
    await userEvent.click(screen.getByRole('button', { name: /Pay SAR\s100/ }));

    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText(/did not get the payment’s answer/)).toBeTruthy();
    const bookingReads = () => find(requests, 'GET', '/api/v1/bookings/501/').length;
    await waitFor(() => expect(bookingReads()).toBeGreaterThanOrEqual(2));
    const readsBeforeRetry = bookingReads();
    await userEvent.click(screen.getByRole('button', { name: 'Check and pay' }));

    await findStepHeading('Your booking is confirmed');
    expect(bookingReads()).toBeGreaterThan(readsBeforeRetry);
    const [lost, retry] = find(requests, 'POST', '/api/v1/payment/pay/');
    expect(retry?.headers.get('Idempotency-Key')).toBe(lost?.headers.get('Idempotency-Key'));
  });

  it('reloads the booking named in the address at the step it names', async () => {
    stubFetch(bookingApi(pendingBooking(6)));
    signInAs(user);

    renderApp('/events/7/book?booking=501&step=4');

    await findStepHeading('Review your order');
    expect(screen.getByText(/Step 4 of 6/)).toBeTruthy();
    const hold = screen.getByRole('region', { name: 'Your tickets are held' });
    expect(within(hold).getByText(/^0[56]:\d\d$/)).toBeTruthy();
    // Steps already done can be revisited; the date and tickets are closed while held.
    const steps = screen.getByRole('navigation', { name: 'Booking steps' });
    expect(within(steps).getByRole('link', { name: /Attendees/ })).toBeTruthy();
    expect(within(steps).queryByRole('link', { name: /Tickets/ })).toBeNull();
  });

  it('shows the confirmation for a booking that was paid meanwhile, and a way back for a cancelled one', async () => {
    stubFetch(bookingApi(confirmedBooking(pendingBooking())));
    signInAs(user);
    const first = renderApp('/events/7/book?booking=501&step=3');
    await findStepHeading('Your booking is confirmed');
    first.unmount();

    stubFetch(bookingApi(pendingBooking(10, { status: 'cancelled' })));
    const { router } = renderApp(
      '/events/7/book?day=2030-05-03&period=71&tickets=1x2&booking=501&step=5',
    );
    expect(await screen.findByText('This booking was cancelled')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Start again' }));
    await findStepHeading('Choose your tickets');
    expect(router.state.location.search).toBe('?day=2030-05-03&period=71&tickets=1x2&step=2');
  });

  it('counts the hold down and says when it has expired, with a way to start again', async () => {
    stubFetch(bookingApi(pendingBooking(1.5 / 60)));
    signInAs(user);

    renderApp('/events/7/book?day=2030-05-03&period=71&tickets=1x2&booking=501&step=3');

    await findStepHeading('Who is coming');
    expect(await screen.findByText('Your hold expired', {}, { timeout: 10_000 })).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Your tickets are held' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Start again' }));
    await findStepHeading('Choose your tickets');
    expect(
      within(screen.getByRole('group', { name: 'Number of tickets: Standard' })).getByText('2'),
    ).toBeTruthy();
  });

  it('releases the hold on request and goes back to the tickets', async () => {
    const { requests } = stubFetch(bookingApi());
    signInAs(user);
    renderApp('/events/7/book?day=2030-05-03&period=71&tickets=1x2&booking=501&step=3');

    await findStepHeading('Who is coming');
    await userEvent.click(screen.getByRole('button', { name: 'Cancel and start over' }));
    await userEvent.click(screen.getByRole('button', { name: 'Release the tickets' }));

    await findStepHeading('Choose your tickets');
    expect(find(requests, 'POST', '/api/v1/bookings/501/cancel/')).toHaveLength(1);
  });

  it('says the hold is over when payment comes too late, with what the server did about it', async () => {
    let booking = pendingBooking();
    stubFetch({
      ...bookingApi(),
      [bookingPath]: () => jsonResponse(booking),
      'POST /api/v1/payment/pay/': () => {
        booking = { ...booking, status: 'expired' };
        return errorResponse(
          409,
          'hold_expired',
          'Your hold expired and the tickets were taken meanwhile. Your payment of SAR 100 has been refunded.',
        );
      },
    });
    signInAs(user);
    renderApp('/events/7/book?booking=501&step=5');

    await findStepHeading('Payment');
    await userEvent.click(screen.getByRole('textbox', { name: /Card number/ }));
    await userEvent.paste('4242424242424242');
    await fillCardDetails();
    await userEvent.click(screen.getByRole('button', { name: /Pay SAR\s100/ }));

    expect(await screen.findByText('Your hold expired')).toBeTruthy();
    expect(screen.getByText(/Your payment of SAR 100 has been refunded\./)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Start again' })).toBeTruthy();
  });

  it('offers to resume a hold the reader left open on the event', async () => {
    const open = pendingBooking(8);
    stubFetch({
      ...bookingApi(open),
      'GET /api/v1/bookings/': { count: 1, next: null, previous: null, results: [open] },
    });
    signInAs(user);
    const { router } = renderApp('/events/7/book');

    expect(await screen.findByText('You already have tickets on hold')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Continue that booking' }));

    await findStepHeading('Who is coming');
    expect(router.state.location.search).toContain('booking=501');
  });

  it('back at the tickets after holding, goes on with that hold, or releases it before another', async () => {
    const first = pendingBooking();
    const second = pendingBooking(10, {
      id: 502,
      items: [{ ...first.items[0]!, quantity: 3 }],
      tickets: [...first.tickets, { ...first.tickets[0]!, id: 9003 }],
    });
    let held: Booking[] = [];
    let books = 0;
    const { requests } = stubFetch({
      ...bookingApi(first),
      'GET /api/v1/bookings/': () =>
        jsonResponse({ count: held.length, next: null, previous: null, results: held }),
      'POST /api/v1/tickets/book/': () => {
        const booking = books++ === 0 ? first : second;
        held = [...held, booking];
        return jsonResponse(booking, 201);
      },
      'GET /api/v1/bookings/502/': second,
      'POST /api/v1/bookings/501/cancel/': () => {
        held = held.filter((booking) => booking.id !== 501);
        return jsonResponse({ ...first, status: 'cancelled' });
      },
    });
    signInAs(user);
    const { router } = renderApp('/events/7/book?day=2030-05-03&period=71&step=2');

    await findStepHeading('Choose your tickets');
    const add = screen.getByRole('button', { name: 'Add one ticket: Standard' });
    await userEvent.click(add);
    await userEvent.click(add);
    await userEvent.click(screen.getByRole('button', { name: 'Hold these tickets' }));
    await findStepHeading('Who is coming');

    // Back: the same tickets are held already; the page goes on with that hold.
    await act(() => router.navigate(-1));
    await findStepHeading('Choose your tickets');
    expect(await screen.findByText('You already have tickets on hold')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Hold these tickets' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Continue with your held tickets' }));
    await findStepHeading('Who is coming');
    expect(router.state.location.search).toContain('booking=501');
    expect(find(requests, 'POST', '/api/v1/tickets/book/')).toHaveLength(1);

    // Back, and other tickets: the old hold is released before the new one is taken.
    await act(() => router.navigate(-1));
    await findStepHeading('Choose your tickets');
    await userEvent.click(await screen.findByRole('button', { name: 'Add one ticket: Standard' }));
    expect(
      screen.getByText('The tickets you have on hold are released first, so others can book them.'),
    ).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Hold these tickets instead' }));
    await findStepHeading('Who is coming');
    expect(router.state.location.search).toContain('booking=502');
    const writes = requests
      .filter((request) => request.method === 'POST')
      .map((request) => request.url.pathname);
    expect(writes).toEqual([
      '/api/v1/tickets/book/',
      '/api/v1/bookings/501/cancel/',
      '/api/v1/tickets/book/',
    ]);
  });

  it('back at the tickets of a hold that took the whole allowance, still offers them', async () => {
    const open = pendingBooking();
    const [day, ...days] = bookingDetails.days;
    const [evening, ...periods] = day!.periods;
    stubFetch({
      ...bookingApi(open),
      // The server counts the hold: nothing left of the reader's allowance for the evening.
      [detailsPath]: {
        ...bookingDetails,
        days: [
          { ...day!, periods: [{ ...evening!, remaining_allowance: 0 }, ...periods] },
          ...days,
        ],
      },
      'GET /api/v1/bookings/': { count: 1, next: null, previous: null, results: [open] },
    });
    signInAs(user);
    renderApp('/events/7/book?day=2030-05-03&period=71&tickets=1x2&step=2');

    await findStepHeading('Choose your tickets');
    expect(
      await screen.findByRole('button', { name: 'Continue with your held tickets' }),
    ).toBeTruthy();
    expect(
      within(screen.getByRole('group', { name: 'Number of tickets: Standard' })).getByText('2'),
    ).toBeTruthy();
  });

  it('confirms a free booking without asking for a card', async () => {
    const free = pendingBooking(10, {
      items: [{ ticket_category: 1, name: 'Standard', quantity: 2, unit_price: 0, discount: 0 }],
      subtotal: 0,
      total: 0,
    });
    const { requests } = stubFetch(bookingApi(free));
    signInAs(user);
    renderApp('/events/7/book?booking=501&step=5');

    await findStepHeading('Payment');
    expect(screen.getByText('These tickets are free: there is nothing to pay.')).toBeTruthy();
    expect(screen.queryByRole('textbox', { name: /Card number/ })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Confirm booking' }));

    await findStepHeading('Your booking is confirmed');
    expect(bodyOf(find(requests, 'POST', '/api/v1/payment/pay/')[0])).toEqual({ booking: 501 });
  });

  it('lets a visitor choose, then asks them to sign in with the choices kept', async () => {
    const { requests } = stubFetch(bookingApi());
    const { router } = renderApp('/events/7/book?day=2030-05-03&period=71&tickets=1x2&step=2');

    await findStepHeading('Choose your tickets');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in to book' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/auth/login'));
    expect(new URLSearchParams(router.state.location.search).get('next')).toBe(
      '/events/7/book?day=2030-05-03&period=71&tickets=1x2&step=2',
    );
    expect(find(requests, 'POST', '/api/v1/tickets/book/')).toHaveLength(0);
  });

  it('sends a visitor with a booking in the address to sign in first', async () => {
    stubFetch(bookingApi());
    const { router } = renderApp('/events/7/book?booking=501&step=4');

    await waitFor(() => expect(router.state.location.pathname).toBe('/auth/login'));
    expect(new URLSearchParams(router.state.location.search).get('next')).toBe(
      '/events/7/book?booking=501&step=4',
    );
  });

  it('reads in Arabic, asking the API in Arabic, with Arabic plurals', async () => {
    const { i18n } = await import('../../../lib/i18n');
    await i18n.changeLanguage('ar');
    window.localStorage.setItem('language', 'ar');
    const { requests } = stubFetch(bookingApi());
    signInAs(user);

    renderApp('/events/7/book?day=2030-05-03&period=71&step=2', 'ar');

    await findStepHeading('اختر تذاكرك');
    expect(screen.getByText('الخطوة 2 من 6')).toBeTruthy();
    expect(screen.getByRole('navigation', { name: 'خطوات الحجز' })).toBeTruthy();
    expect(screen.getByText('لم تختر أي تذكرة بعد')).toBeTruthy();
    const add = screen.getByRole('button', { name: 'أضف تذكرة واحدة: Standard' });
    await userEvent.click(add);
    await userEvent.click(add);
    expect(await screen.findByText(/^تذكرتان · /)).toBeTruthy();
    expect(
      find(requests, 'GET', '/api/v1/events/7/event-details/')[0]?.headers.get('Accept-Language'),
    ).toBe('ar');
  });
});

/** Every read of a date's seat map (chart or statuses), as `chart 74` or `status 74`. */
function seatMapReads(requests: RecordedRequest[]) {
  return requests.flatMap((request) => {
    const match = /^\/api\/v1\/event_dates\/(\d+)\/seats\/(chart|status)\/$/.exec(
      request.url.pathname,
    );
    return request.method === 'GET' && match ? [`${match[2]} ${match[1]}`] : [];
  });
}

describe('booking page: reading seat maps', () => {
  it('asks nothing of the seat map when the address opens the tickets of a date without one', async () => {
    const { requests } = stubFetch(bookingApi());
    renderApp('/events/7/book?day=2030-05-04&period=73&step=2');

    await findStepHeading('Choose your tickets');
    expect(screen.getByRole('button', { name: 'Add one ticket: Standard' })).toBeTruthy();
    expect(seatMapReads(requests)).toEqual([]);
  });

  it('asks nothing of the seat map while dates without one are chosen on the dates step', async () => {
    const { requests } = stubFetch(bookingApi());
    // The time the address names sold out meanwhile: the dates step, still at step 2.
    renderApp('/events/7/book?day=2030-05-03&period=72&step=2');

    await findStepHeading('Choose a date and time');
    // An open time there goes straight on to its tickets, the address being at step 2.
    await userEvent.click(screen.getByRole('radio', { name: /7:00\sPM/ }));
    await findStepHeading('Choose your tickets');
    await userEvent.click(screen.getByRole('button', { name: 'Change date' }));
    await findStepHeading('Choose a date and time');
    await userEvent.click(screen.getByRole('radio', { name: /May 4/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));

    await findStepHeading('Choose your tickets');
    expect(seatMapReads(requests)).toEqual([]);
  });

  it('reads a seated date’s chart and statuses once each, when it is chosen and not before', async () => {
    stubCanvasContext();
    const { requests } = stubFetch({
      ...bookingApi(),
      [detailsPath]: seatedDetails,
      'GET /api/v1/event_dates/74/seats/chart/': seatMapChart(),
      'GET /api/v1/event_dates/74/seats/status/': seatMapStatus(),
    });
    renderApp('/events/7/book');

    await findStepHeading('Choose a date and time');
    await userEvent.click(screen.getByRole('radio', { name: /May 4/ }));
    await userEvent.click(screen.getByRole('radio', { name: /May 5/ }));
    expect(seatMapReads(requests)).toEqual([]);
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));

    await findStepHeading('Choose your seats');
    expect(await screen.findByRole('checkbox', { name: /^Seat 4 ·/ })).toBeTruthy();
    expect(seatMapReads(requests).sort()).toEqual(['chart 74', 'status 74']);
  });

  it('reads the seat map of a seated date its address opens, once', async () => {
    stubCanvasContext();
    const { requests } = stubFetch({
      ...bookingApi(),
      [detailsPath]: seatedDetails,
      'GET /api/v1/event_dates/74/seats/chart/': seatMapChart(),
      'GET /api/v1/event_dates/74/seats/status/': seatMapStatus(),
    });
    renderApp('/events/7/book?day=2030-05-05&period=74&step=2');

    await findStepHeading('Choose your seats');
    expect(await screen.findByRole('checkbox', { name: /^Seat 4 ·/ })).toBeTruthy();
    expect(seatMapReads(requests).sort()).toEqual(['chart 74', 'status 74']);
  });

  it('releases the hold the reader left open before holding the best seats', async () => {
    stubCanvasContext();
    const seatedSlot = {
      id: 74,
      start: '2030-05-05T19:00:00+03:00',
      end: '2030-05-05T22:00:00+03:00',
    };
    const open = pendingBooking(10, { event_date: seatedSlot });
    const best = pendingBooking(10, { id: 502, event_date: seatedSlot });
    let held = [open];
    const { requests } = stubFetch({
      ...bookingApi(open),
      [detailsPath]: seatedDetails,
      'GET /api/v1/event_dates/74/seats/chart/': seatMapChart(),
      'GET /api/v1/event_dates/74/seats/status/': seatMapStatus(),
      'GET /api/v1/bookings/': () =>
        jsonResponse({ count: held.length, next: null, previous: null, results: held }),
      'POST /api/v1/bookings/501/cancel/': () => {
        held = [];
        return jsonResponse({ ...open, status: 'cancelled' });
      },
      'POST /api/v1/events/7/best-available/': () => {
        held = [best];
        return jsonResponse({ together: true, booking: best }, 201);
      },
      'GET /api/v1/bookings/502/': best,
    });
    signInAs(user);
    const { router } = renderApp('/events/7/book?day=2030-05-05&period=74&step=2');

    expect(await screen.findByText('You already have tickets on hold')).toBeTruthy();
    await userEvent.click(await screen.findByRole('button', { name: 'Hold the best 2 seats' }));

    await findStepHeading('Who is coming');
    expect(router.state.location.search).toContain('booking=502');
    const writes = requests
      .filter((request) => request.method === 'POST')
      .map((request) => request.url.pathname);
    expect(writes).toEqual(['/api/v1/bookings/501/cancel/', '/api/v1/events/7/best-available/']);
  });

  it('back from signing in, reads the seat map beside the reader’s own details', async () => {
    stubCanvasContext();
    let answerDetails = () => {};
    const isAnswered = new Promise<void>((resolve) => (answerDetails = resolve));
    const { requests } = stubFetch({
      ...bookingApi(),
      [detailsPath]: async () => {
        await isAnswered;
        return jsonResponse(seatedDetails);
      },
      'GET /api/v1/event_dates/74/seats/chart/': seatMapChart(),
      'GET /api/v1/event_dates/74/seats/status/': seatMapStatus(),
    });
    // The visitor's details, read before the sign-in page, say the date has a seat map.
    const { router, queryClient } = renderApp('/faq');
    queryClient.setQueryData(eventBookingDetailsQueryOptions(7, null).queryKey, seatedDetails);
    signInAs(user);
    await act(() => router.navigate('/events/7/book?day=2030-05-05&period=74&step=2'));

    await waitFor(() => expect(seatMapReads(requests).sort()).toEqual(['chart 74', 'status 74']));
    expect(find(requests, 'GET', '/api/v1/events/7/event-details/')).toHaveLength(1);
    answerDetails();
    await findStepHeading('Choose your seats');
    expect(await screen.findByRole('checkbox', { name: /^Seat 4 ·/ })).toBeTruthy();
    expect(seatMapReads(requests)).toHaveLength(2);
  });
});
