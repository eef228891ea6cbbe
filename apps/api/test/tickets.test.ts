import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  Booking,
  BookingTicket,
  type BookRequest,
  ReservedEventList,
  Ticket,
  TicketList,
} from '@hafla/shared/bookings/bookings';
import { PayResult, RefundResult } from '@hafla/shared/bookings/payments';
import { users } from '../src/db/schema/accounts';
import { tickets } from '../src/db/schema/bookings';
import { mailOutbox } from '../src/db/schema/mail';
import { ticketQrKey, verifyTicketCode } from '../src/lib/tickets/ticket-code';
import { ticketQrPng } from '../src/lib/tickets/ticket-qr';
import { bookAndPay, holdTickets, pay, send } from './booking-helpers';
import {
  type Account,
  call,
  createAttendee,
  createOrganizer,
  createPublishedEvent,
  type EventFixture,
  expectError,
  expectOk,
  expectPageBoundsRefused,
  inDays,
  moveEventToPast,
  setPublishLimit,
} from './event-helpers';
import { createMailTestContext, eventually, type TestContext } from './helpers';
import { pdfActualTexts, pdfPageCount } from './pdf-text';
import type { SmtpSink } from './smtp-sink';

let ctx: TestContext;
let sink: SmtpSink;
let closeAll: () => Promise<void>;
let organizer: Account;
let buyer: Account;
let other: Account;
/** Two slots (7 and 14 days ahead), General and VIP. */
let concert: EventFixture;
/** One slot 3 days ahead, tickets need the organizer's approval. */
let workshop: EventFixture;
/** Bought, then its only slot moved into the past. */
let past: EventFixture;
/** Bought, then refunded in full. */
let refunded: EventFixture;
let concertFar: Booking;
let concertNear: Booking;
let workshopBooking: Booking;
let hold: Booking;
/** A hold let go before paying: its tickets are `cancelled` but were never anyone's. */
let letGo: Booking;
let othersBooking: Booking;

const order = (
  fixture: EventFixture,
  slot: number,
  category: number,
  quantity: number,
): BookRequest => ({
  event: fixture.event.id,
  event_date: fixture.dates[slot]!.id,
  items: [{ ticket_category: fixture.ticket_categories[category]!.id, quantity }],
});

const ticketsUrl = (query = '') => `/api/v1/tickets/${query}`;

function ask(auth: string, url: string, language: 'en' | 'ar' = 'en') {
  return ctx.app.inject({
    method: 'GET',
    url,
    headers: { authorization: auth, 'accept-language': language },
  });
}

async function emailOf(account: Account): Promise<string> {
  const [row] = await ctx.database.db
    .select({ email: users.email })
    .from(users)
    .where(eq(users.id, account.id));
  return row!.email;
}

beforeAll(async () => {
  ({ ctx, sink, close: closeAll } = await createMailTestContext());
  await setPublishLimit(ctx, 100);
  organizer = await createOrganizer(ctx);
  buyer = await createAttendee(ctx, { first_name: 'Huda' });
  other = await createAttendee(ctx);
  concert = await createPublishedEvent(ctx, organizer.auth, {
    title: 'Jazz Night',
    dates: [
      { start: inDays(14), end: inDays(14, 3) },
      { start: inDays(7), end: inDays(7, 3) },
    ],
    ticket_categories: [
      { name: 'General', price: 5000, quantity: 50 },
      { name: 'VIP', price: 12000, quantity: 10 },
    ],
  });
  workshop = await createPublishedEvent(ctx, organizer.auth, {
    title: 'Calligraphy workshop',
    requires_approval: true,
    dates: [{ start: inDays(3), end: inDays(3, 2) }],
    ticket_categories: [{ name: 'Seat', price: 0, quantity: 20 }],
  });
  past = await createPublishedEvent(ctx, organizer.auth, { title: 'Last year' });
  refunded = await createPublishedEvent(ctx, organizer.auth, { title: 'Changed my mind' });

  // Booked in this order so that slot order and id order differ.
  concertFar = await bookAndPay(ctx, buyer.auth, order(concert, 0, 0, 2));
  concertNear = await bookAndPay(ctx, buyer.auth, order(concert, 1, 1, 1));
  workshopBooking = await bookAndPay(ctx, buyer.auth, order(workshop, 0, 0, 1));
  await bookAndPay(ctx, buyer.auth, order(past, 0, 0, 1));
  await moveEventToPast(ctx, past.event.id);
  const toRefund = await bookAndPay(ctx, buyer.auth, order(refunded, 0, 0, 1));
  expectOk(
    await send(ctx, buyer.auth, 'POST', '/api/v1/payment/refund/', { booking: toRefund.id }),
    200,
    RefundResult,
  );
  hold = await holdTickets(ctx, buyer.auth, order(concert, 1, 0, 1));
  letGo = await holdTickets(ctx, buyer.auth, order(concert, 0, 0, 1));
  expectOk(
    await send(ctx, buyer.auth, 'POST', `/api/v1/bookings/${letGo.id}/cancel/`),
    200,
    Booking,
  );
  othersBooking = await bookAndPay(ctx, other.auth, order(concert, 1, 0, 1));
});
afterAll(() => closeAll());

describe('GET /api/v1/tickets/', () => {
  it('lists the reader’s paid tickets by slot start, then id, with signed codes', async () => {
    const list = expectOk(await ask(buyer.auth, ticketsUrl()), 200, TicketList);
    const ids = list.results.map((ticket) => ticket.id);
    expect(list.count).toBe(6);
    // Workshop (3 days), concert near (7 days), concert far (14 days) x2; the past event's
    // ticket first (its slot moved back), the refunded one last (its slot is 7 days ahead too).
    expect(list.results.map((ticket) => ticket.event.title)).toEqual([
      'Last year',
      'Calligraphy workshop',
      'Jazz Night',
      'Changed my mind',
      'Jazz Night',
      'Jazz Night',
    ]);
    expect(ids).not.toContain(hold.tickets[0]!.id);
    expect(ids).not.toContain(letGo.tickets[0]!.id);
    expect(ids).not.toContain(othersBooking.tickets[0]!.id);
    const key = ticketQrKey(ctx.config.JWT_SECRET);
    for (const ticket of list.results) {
      expect(verifyTicketCode(key, ticket.qr)?.id).toBe(ticket.id);
    }
    const statuses = Object.fromEntries(
      list.results.map((ticket) => [ticket.event.title, ticket.status]),
    );
    expect(statuses).toMatchObject({
      'Calligraphy workshop': 'pending_approval',
      'Changed my mind': 'refunded',
      'Last year': 'valid',
    });
  });

  it('narrows to one event, in slot order', async () => {
    const list = expectOk(
      await ask(buyer.auth, ticketsUrl(`?event=${concert.event.id}`)),
      200,
      TicketList,
    );
    expect(list.results.map((ticket) => ticket.id)).toEqual([
      concertNear.tickets[0]!.id,
      ...concertFar.tickets.map((ticket) => ticket.id),
    ]);
    const vip = list.results[0]!;
    expect(vip).toMatchObject({
      booking: concertNear.id,
      ticket_category_name: 'VIP',
      price: 12000,
      discount: 0,
      currency: 'SAR',
      event_date: { id: concert.dates[1]!.id },
    });
    expect(vip.event).toMatchObject({
      id: concert.event.id,
      title: 'Jazz Night',
      is_online: false,
    });
  });

  it('narrows to one slot of an event, leaving out the other dates and other users', async () => {
    const far = expectOk(
      await ask(
        buyer.auth,
        ticketsUrl(`?event=${concert.event.id}&event_date=${concert.dates[0]!.id}`),
      ),
      200,
      TicketList,
    );
    expect(far.count).toBe(2);
    expect(far.results.map((ticket) => ticket.booking)).toEqual([concertFar.id, concertFar.id]);
    const near = expectOk(
      await ask(buyer.auth, ticketsUrl(`?event_date=${concert.dates[1]!.id}`)),
      200,
      TicketList,
    );
    expect(near.results.map((ticket) => ticket.id)).toEqual([concertNear.tickets[0]!.id]);
    expectError(
      await ask(buyer.auth, ticketsUrl('?event_date=abc')),
      400,
      'not_a_number',
      'event_date',
    );
  });

  it('pages with limit and offset and refuses bounds outside the range', async () => {
    const page = expectOk(await ask(buyer.auth, ticketsUrl('?limit=2&offset=2')), 200, TicketList);
    expect(page.count).toBe(6);
    expect(page.results).toHaveLength(2);
    expect(page.next).toContain('offset=4');
    expect(page.previous).toContain('limit=2');
    await expectPageBoundsRefused(ctx, buyer.auth, ticketsUrl());
  });

  it('shows nothing of anyone else and needs a signed-in reader', async () => {
    const list = expectOk(await ask(other.auth, ticketsUrl()), 200, TicketList);
    expect(list.results.map((ticket) => ticket.id)).toEqual([othersBooking.tickets[0]!.id]);
    expectError(await call(ctx, null, 'GET', ticketsUrl()), 401, 'not_authenticated');
  });
});

describe('GET /api/v1/tickets/{id}/', () => {
  it('answers the reader’s own ticket', async () => {
    const id = concertFar.tickets[1]!.id;
    const ticket = expectOk(await ask(buyer.auth, ticketsUrl(`${id}/`)), 200, Ticket);
    expect(ticket).toMatchObject({ id, booking: concertFar.id, status: 'valid', price: 5000 });
  });

  it('is not_found for another user’s ticket, unpaid holds and a missing id', async () => {
    for (const id of [
      othersBooking.tickets[0]!.id,
      hold.tickets[0]!.id,
      letGo.tickets[0]!.id,
      999_999,
    ]) {
      expectError(await ask(buyer.auth, ticketsUrl(`${id}/`)), 404, 'not_found');
    }
  });
});

describe('PATCH /api/v1/tickets/{id}/', () => {
  const patch = (auth: string, id: number, body: unknown) =>
    send(ctx, auth, 'PATCH', ticketsUrl(`${id}/`), body);

  it('names the attendee of a ticket still on hold, before payment', async () => {
    const id = hold.tickets[0]!.id;
    const ticket = expectOk(
      await patch(buyer.auth, id, {
        holder_name: '  Layla Saeed ',
        holder_email: 'layla@example.com',
        holder_phone: '+966 50 123 4567',
      }),
      200,
      BookingTicket,
    );
    expect(ticket).toEqual({
      id,
      ticket_category: concert.ticket_categories[0]!.id,
      status: 'pending',
      holder_name: 'Layla Saeed',
      holder_email: 'layla@example.com',
      holder_phone: '+966 50 123 4567',
      seat: null,
    });
  });

  it('changes one field of an issued ticket and leaves the others', async () => {
    const id = concertFar.tickets[0]!.id;
    expectOk(await patch(buyer.auth, id, { holder_name: 'Omar' }), 200, BookingTicket);
    const ticket = expectOk(
      await patch(buyer.auth, id, { holder_email: 'omar@example.com' }),
      200,
      BookingTicket,
    );
    expect(ticket).toMatchObject({ holder_name: 'Omar', holder_email: 'omar@example.com' });
  });

  it.each([
    ['a bad email', { holder_email: 'not-an-email' }, 'holder_email'],
    ['a name that is too long', { holder_name: 'x'.repeat(201) }, 'holder_name'],
    ['a phone with letters', { holder_phone: '05-CALL-ME' }, 'holder_phone'],
    ['an unknown field', { price: 0 }, 'price'],
  ])('refuses %s with 400 and changes nothing', async (_name, body, attr) => {
    const id = concertFar.tickets[1]!.id;
    const before = expectOk(await ask(buyer.auth, ticketsUrl(`${id}/`)), 200, Ticket);
    const response = await patch(buyer.auth, id, { holder_name: 'Changed', ...body });
    expect(response.statusCode, response.body).toBe(400);
    expect(
      (response.json() as { errors: Array<{ attr: string }> }).errors.map((e) => e.attr),
    ).toContain(attr);
    const after = expectOk(await ask(buyer.auth, ticketsUrl(`${id}/`)), 200, Ticket);
    expect(after.holder_name).toBe(before.holder_name);
  });

  it('is not_found for another user’s ticket', async () => {
    expectError(
      await patch(buyer.auth, othersBooking.tickets[0]!.id, { holder_name: 'Mine now' }),
      404,
      'not_found',
    );
  });

  it('refuses a refunded ticket with ticket_not_editable', async () => {
    const [row] = await ctx.database.db
      .select({ id: tickets.id })
      .from(tickets)
      .where(eq(tickets.event_id, refunded.event.id));
    expectError(
      await patch(buyer.auth, row!.id, { holder_name: 'Too late' }),
      409,
      'ticket_not_editable',
    );
  });
});

describe('ticket PDFs', () => {
  it('downloads one ticket as a PDF page in the request’s language', async () => {
    const id = concertNear.tickets[0]!.id;
    const response = await ask(buyer.auth, ticketsUrl(`${id}/pdf/`), 'ar');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="hafla-ticket-${id}.pdf"`,
    );
    const pdf = response.rawPayload;
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pdf.length).toBeGreaterThan(5_000);
    expect(pdf.length).toBeLessThan(400_000);
    expect(pdfPageCount(pdf)).toBe(1);
    expect(pdfActualTexts(pdf)).toEqual(expect.arrayContaining([`#${id}`, 'رقم التذكرة']));
  });

  it('downloads a booking’s issued tickets, a page each', async () => {
    const response = await ask(buyer.auth, `/api/v1/bookings/${concertFar.id}/pdf/`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="hafla-booking-${concertFar.id}.pdf"`,
    );
    expect(pdfPageCount(response.rawPayload)).toBe(2);
    expect(pdfActualTexts(response.rawPayload)).toEqual(
      expect.arrayContaining(concertFar.tickets.map((ticket) => `#${ticket.id}`)),
    );
  });

  it('prints a ticket awaiting approval', async () => {
    const id = workshopBooking.tickets[0]!.id;
    const response = await ask(buyer.auth, ticketsUrl(`${id}/pdf/`));
    expect(response.statusCode, response.body).toBe(200);
    expect(pdfActualTexts(response.rawPayload)).toContain('Awaiting the organizer’s approval');
  });

  it('is not_found for unpaid, refunded and other users’ tickets and bookings', async () => {
    const [refundedTicket] = await ctx.database.db
      .select({ id: tickets.id, booking: tickets.booking_id })
      .from(tickets)
      .where(eq(tickets.event_id, refunded.event.id));
    for (const url of [
      ticketsUrl(`${hold.tickets[0]!.id}/pdf/`),
      ticketsUrl(`${refundedTicket!.id}/pdf/`),
      ticketsUrl(`${othersBooking.tickets[0]!.id}/pdf/`),
      `/api/v1/bookings/${hold.id}/pdf/`,
      `/api/v1/bookings/${refundedTicket!.booking}/pdf/`,
      `/api/v1/bookings/${othersBooking.id}/pdf/`,
    ]) {
      expectError(await ask(buyer.auth, url), 404, 'not_found');
    }
  });
});

describe('GET /api/v1/events_read/reserved-events/', () => {
  const url = '/api/v1/events_read/reserved-events/';

  it('lists events with issued tickets: upcoming by next slot, then past ones', async () => {
    const list = expectOk(await ask(buyer.auth, url), 200, ReservedEventList);
    expect(list.count).toBe(3);
    expect(list.results.map((event) => [event.title, event.tickets_count])).toEqual([
      ['Calligraphy workshop', 1],
      ['Jazz Night', 3],
      ['Last year', 1],
    ]);
    const jazz = list.results[1]!;
    expect(jazz.booked_date.id).toBe(concert.dates[1]!.id);
    // Each night on its own, the earliest first: one VIP in 7 days, two General in 14.
    expect(
      jazz.dates.map((date) => [date.date.id, date.tickets_count, date.refunded_tickets_count]),
    ).toEqual([
      [concert.dates[1]!.id, 1, 0],
      [concert.dates[0]!.id, 2, 0],
    ]);
    expect(jazz.dates[0]!.date.start).toBe(jazz.booked_date.start);
    expect(jazz.organizer.id).toBe(organizer.id);
    expect(list.results[2]!.status).toBe('ended');
  });

  it('pages and leaves out other users’ events', async () => {
    const page = expectOk(await ask(buyer.auth, `${url}?limit=1&offset=1`), 200, ReservedEventList);
    expect(page.results.map((event) => event.title)).toEqual(['Jazz Night']);
    expect(page.next).toContain('offset=2');
    const others = expectOk(await ask(other.auth, url), 200, ReservedEventList);
    expect(others.results.map((event) => event.title)).toEqual(['Jazz Night']);
    expect(others.results[0]!.tickets_count).toBe(1);
    await expectPageBoundsRefused(ctx, buyer.auth, url);
  });
});

describe('booking emails', () => {
  it('paying sends the confirmation in the booking’s language with each ticket’s QR code and a calendar file', async () => {
    const arabicBuyer = await createAttendee(ctx, { first_name: 'ليلى' });
    const after = sink.messages.length;
    const held = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/tickets/book/',
      headers: { authorization: arabicBuyer.auth, 'accept-language': 'ar' },
      payload: order(concert, 0, 0, 2),
    });
    expect(held.statusCode, held.body).toBe(201);
    const booking = (held.json() as Booking).id;
    const paid = expectOk(await pay(ctx, arabicBuyer.auth, booking), 200, PayResult);
    const paidTickets = [...paid.booking.tickets].sort((a, b) => a.id - b.id);
    const mail = await sink.waitFor(await emailOf(arabicBuyer), { after });
    expect(mail.subject).toBe('تذاكرك لفعالية Jazz Night');
    expect(mail.html).toContain('dir="rtl"');
    expect(mail.text).toContain('مرحبًا ليلى');
    const attachments = mail.parsed.attachments.map((attachment) => ({
      filename: attachment.filename,
      mimeType: attachment.mimeType,
      contentId: attachment.contentId,
      content: Buffer.from(attachment.content as ArrayBuffer),
    }));
    expect(attachments.map(({ content: _, ...rest }) => rest)).toEqual([
      ...paidTickets.map((ticket) => ({
        filename: `hafla-ticket-${ticket.id}.png`,
        mimeType: 'image/png',
        contentId: `<ticket-${ticket.id}@hafla>`,
      })),
      { filename: `hafla-booking-${booking}.ics`, mimeType: 'text/calendar', contentId: undefined },
    ]);
    // Each image is the QR code of the ticket's own signed code, shown in the HTML.
    for (const [index, ticket] of paidTickets.entries()) {
      const { qr } = expectOk(
        await ask(arabicBuyer.auth, `/api/v1/tickets/${ticket.id}/`),
        200,
        Ticket,
      );
      expect(attachments[index]!.content.equals(ticketQrPng(qr).png)).toBe(true);
      expect(mail.html).toContain(`src="cid:ticket-${ticket.id}@hafla"`);
    }
    const ics = attachments
      .at(-1)!
      .content.toString('utf8')
      .replace(/\r\n[ \t]/g, '');
    expect(ics).toContain(`UID:booking-${booking}@hafla`);
    expect(ics).toContain('SUMMARY:Jazz Night');
  });

  it('a refund sends a notice with the amount, the tickets and the reason', async () => {
    const refundBuyer = await createAttendee(ctx);
    const paid = await bookAndPay(ctx, refundBuyer.auth, order(concert, 1, 0, 2));
    const ticket = paid.tickets[0]!.id;
    await sink.waitFor(await emailOf(refundBuyer));
    const after = sink.messages.length;
    expectOk(
      await send(ctx, refundBuyer.auth, 'POST', '/api/v1/payment/refund/', {
        booking: paid.id,
        tickets: [ticket],
      }),
      200,
      RefundResult,
    );
    const mail = await sink.waitFor(await emailOf(refundBuyer), { after });
    expect(mail.subject).toBe(`Refund for booking #${paid.id}: Jazz Night`);
    const text = mail.text.replace(/\s+/g, ' ');
    expect(text).toContain('You cancelled tickets');
    expect(text).toContain(`Cancelled tickets: #${ticket}`);
    expect(text).toContain('Refunded: SAR 50');
    expect(text).toContain('card ending in 4242');
  });

  it('skips, sending nothing, a queued mail whose booking or refund does not exist', async () => {
    await ctx.app.mailer.idle();
    const after = sink.messages.length;
    const queued = await ctx.database.db
      .insert(mailOutbox)
      .values(
        (['booking_confirmed', 'refund'] as const).map((kind) => ({
          kind,
          recipient: 'nobody@example.com',
          language: 'en',
          params: kind === 'refund' ? { refund: 999_999 } : { booking: 999_999 },
          give_up_at: new Date(Date.now() + 60_000),
        })),
      )
      .returning({ id: mailOutbox.id });
    ctx.app.mailer.poke();
    await eventually(async () => {
      const rows = await ctx.database.db
        .select({ status: mailOutbox.status })
        .from(mailOutbox)
        .where(
          inArray(
            mailOutbox.id,
            queued.map((row) => row.id),
          ),
        );
      expect(rows.map((row) => row.status)).toEqual(['skipped', 'skipped']);
    });
    expect(sink.messages.slice(after).map((message) => message.subject)).toEqual([]);
  });
});
