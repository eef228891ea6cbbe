import { eq } from 'drizzle-orm';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BookRequest } from '@hafla/shared/bookings/bookings';
import {
  MarkAllSeenResponse,
  Notification,
  NotificationList,
} from '@hafla/shared/notifications/notifications';
import { notificationFanouts, notifications } from '../src/db/schema/notifications';
import { refundForCancelledEvent } from '../src/modules/payments/refunds';
import { bookAndPay, holdTickets, send } from './booking-helpers';
import {
  type Account,
  call,
  cancelEvent,
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
import { createTestContext, eventually, type TestContext } from './helpers';

let ctx: TestContext;
let organizer: Account;
let buyer: Account;
let other: Account;
let concert: EventFixture;

const LIST = '/api/v1/notifications/';

const order = (fixture: EventFixture, slot = 0, quantity = 1): BookRequest => ({
  event: fixture.event.id,
  event_date: fixture.dates[slot]!.id,
  items: [{ ticket_category: fixture.ticket_categories[0]!.id, quantity }],
});

/** Text without the Unicode isolates that set names apart. */
const plain = (text: string) => text.replace(/[\u2068\u2069]/g, '');

async function list(account: Account, query = '', language: 'en' | 'ar' = 'en') {
  const response = await ctx.app.inject({
    method: 'GET',
    url: `${LIST}${query}`,
    headers: { authorization: account.auth, 'accept-language': language },
  });
  return expectOk(response, 200, NotificationList);
}

/** Waits for the pushes and fan-outs the last requests started. */
const settle = () => ctx.app.background.idle();

async function storedRows(account: Account) {
  return ctx.database.db.select().from(notifications).where(eq(notifications.user_id, account.id));
}

beforeAll(async () => {
  ctx = await createTestContext();
  await setPublishLimit(ctx, 100);
  organizer = await createOrganizer(ctx, { organization_name: 'Oud Nights' });
  buyer = await createAttendee(ctx);
  other = await createAttendee(ctx);
  concert = await createPublishedEvent(ctx, organizer.auth, {
    title: 'Oud by the sea',
    dates: [
      { start: inDays(7), end: inDays(7, 3) },
      { start: inDays(14), end: inDays(14, 3) },
    ],
  });
}, 60_000);

afterAll(async () => {
  await ctx?.close();
});

describe('notifications written with the change they announce', () => {
  it('a paid booking tells the buyer (ticket) and the organizer (event), in the reader’s language', async () => {
    const booking = await bookAndPay(ctx, buyer.auth, order(concert, 0, 2));
    await settle();

    const mine = await list(buyer);
    expect(mine.unseen_count).toBe(1);
    const [confirmed] = mine.results;
    expect(confirmed).toMatchObject({
      kind: 'booking_confirmed',
      type: 'ticket',
      value: booking.tickets[0]!.id,
      extra_data: { event: concert.event.id, booking: booking.id },
      seen: false,
      title: 'Booking confirmed',
    });
    expect(confirmed!.content).toContain('2 tickets');
    expect(confirmed!.content).toContain('Oud by the sea');

    const arabic = await list(buyer, '', 'ar');
    expect(arabic.results[0]!.title).toBe('تم تأكيد الحجز');
    expect(arabic.results[0]!.content).toContain('تذكرتان');

    const theirs = await list(organizer);
    expect(theirs.results[0]).toMatchObject({
      kind: 'new_booking',
      type: 'event',
      value: concert.event.id,
      extra_data: { event: concert.event.id, booking: booking.id },
    });
    expect(plain(theirs.results[0]!.content)).toMatch(
      /2 tickets for Oud by the sea · SAR\s?100(\.00)?/,
    );
  });

  it('a hold that is never paid notifies no one', async () => {
    const before = (await storedRows(other)).length;
    await holdTickets(ctx, other.auth, order(concert));
    await settle();
    expect((await storedRows(other)).length).toBe(before);
  });

  it('a refund tells the buyer what comes back', async () => {
    const booking = await bookAndPay(ctx, other.auth, order(concert, 1));
    const response = await send(
      ctx,
      other.auth,
      'POST',
      '/api/v1/payment/refund/',
      { booking: booking.id },
      `refund-${booking.id}`,
    );
    expect(response.statusCode, response.body).toBe(200);
    await settle();
    const [latest] = (await list(other)).results;
    expect(latest).toMatchObject({
      kind: 'refund_done',
      type: 'ticket',
      value: booking.tickets[0]!.id,
      extra_data: { booking: booking.id },
    });
    expect(plain(latest!.content)).toMatch(/SAR\s?50(\.00)? for Oud by the sea/);
  });
});

describe('GET /api/v1/notifications/', () => {
  let reader: Account;
  let ids: number[];

  beforeAll(async () => {
    reader = await createAttendee(ctx);
    const rows = await ctx.database.db
      .insert(notifications)
      .values(
        Array.from({ length: 6 }, (_, index) => ({
          user_id: reader.id,
          kind: 'new_review',
          type: 'event',
          value: concert.event.id,
          event_id: concert.event.id,
          params: { rating: (index % 5) + 1 },
          created_at: new Date(Date.now() - (6 - index) * 60_000),
        })),
      )
      .returning({ id: notifications.id });
    ids = rows.map((row) => row.id);
  });

  it('pages newest first with links, the filtered count and the unseen count', async () => {
    const first = await list(reader, '?limit=4');
    expect(first.count).toBe(6);
    expect(first.unseen_count).toBe(6);
    expect(first.results.map((n) => n.id)).toEqual([...ids].reverse().slice(0, 4));
    expect(first.previous).toBeNull();
    expect(first.next).toContain('offset=4');

    const second = await list(reader, '?limit=4&offset=4');
    expect(second.results.map((n) => n.id)).toEqual([ids[1], ids[0]]);
    expect(second.next).toBeNull();
    expect(second.previous).not.toBeNull();

    const beyond = await list(reader, '?limit=4&offset=40');
    expect(beyond.results).toEqual([]);
    expect(beyond.count).toBe(6);
  });

  it('refuses bad bounds and a seen filter that is not true or false', async () => {
    await expectPageBoundsRefused(ctx, reader.auth, LIST);
    expectError(
      await call(ctx, reader.auth, 'GET', `${LIST}?seen=maybe`),
      400,
      'invalid_choice',
      'seen',
    );
    expectError(
      await call(ctx, reader.auth, 'GET', `${LIST}?limit=2.5`),
      400,
      'not_an_integer',
      'limit',
    );
  });

  it('answers only signed-in readers', async () => {
    expectError(await call(ctx, null, 'GET', LIST), 401, 'not_authenticated');
    expectError(
      await ctx.app.inject({
        method: 'GET',
        url: LIST,
        headers: { authorization: 'Bearer forged.token.value' },
      }),
      401,
      'token_not_valid',
    );
  });

  it('marks one seen, filters by seen, and keeps the unseen count true after each step', async () => {
    const target = ids[5]!;
    const marked = expectOk(
      await call(ctx, reader.auth, 'PATCH', `${LIST}${target}/`, { seen: true }),
      200,
      Notification,
    );
    expect(marked).toMatchObject({ id: target, seen: true });

    const seen = await list(reader, '?seen=true');
    expect(seen.results.map((n) => n.id)).toEqual([target]);
    expect(seen.count).toBe(1);
    expect(seen.unseen_count).toBe(5);

    const unseen = await list(reader, '?seen=false');
    expect(unseen.count).toBe(5);
    expect(unseen.results.every((n) => !n.seen)).toBe(true);

    // Marking it again changes nothing; it can be made unseen again.
    await call(ctx, reader.auth, 'PATCH', `${LIST}${target}/`, { seen: true });
    expect((await list(reader)).unseen_count).toBe(5);
    await call(ctx, reader.auth, 'PATCH', `${LIST}${target}/`, { seen: false });
    expect((await list(reader)).unseen_count).toBe(6);
  });

  it('refuses another user’s notification as not found and bad bodies as field errors, changing nothing', async () => {
    const target = ids[0]!;
    expectError(
      await call(ctx, other.auth, 'PATCH', `${LIST}${target}/`, { seen: true }),
      404,
      'not_found',
    );
    expectError(
      await call(ctx, reader.auth, 'PATCH', `${LIST}${target}/`, { seen: 'yes' }),
      400,
      'invalid',
      'seen',
    );
    expectError(
      await call(ctx, reader.auth, 'PATCH', `${LIST}${target}/`, { seen: true, title: 'x' }),
      400,
      'unknown_field',
      'title',
    );
    expectError(await call(ctx, reader.auth, 'PATCH', `${LIST}${target}/`, {}), 400, 'required');
    expectError(
      await call(ctx, reader.auth, 'PATCH', `${LIST}0/`, { seen: true }),
      400,
      'min_value',
      'id',
    );
    expectError(
      await call(ctx, reader.auth, 'PATCH', `${LIST}abc/`, { seen: true }),
      400,
      'not_a_number',
      'id',
    );
    expectError(
      await call(ctx, reader.auth, 'PATCH', `${LIST}2147483647/`, { seen: true }),
      404,
      'not_found',
    );
    const [row] = await ctx.database.db
      .select()
      .from(notifications)
      .where(eq(notifications.id, target));
    expect(row!.seen).toBe(false);
  });

  it('mark-all-as-seen changes only the caller’s notifications', async () => {
    const othersUnseen = (await list(buyer)).unseen_count;
    expect(othersUnseen).toBeGreaterThan(0);
    const answer = expectOk(
      await call(ctx, reader.auth, 'PATCH', `${LIST}mark-all-as-seen/`),
      200,
      MarkAllSeenResponse,
    );
    expect(answer).toEqual({ updated: 6, unseen_count: 0 });
    expect((await list(reader)).unseen_count).toBe(0);
    expect((await list(reader, '?seen=false')).count).toBe(0);
    expect((await list(buyer)).unseen_count).toBe(othersUnseen);

    const again = expectOk(
      await call(ctx, reader.auth, 'PATCH', `${LIST}mark-all-as-seen/`),
      200,
      MarkAllSeenResponse,
    );
    expect(again).toEqual({ updated: 0, unseen_count: 0 });
  });
});

describe('fan-outs to ticket holders and followers', () => {
  let show: EventFixture;
  let paidHolder: Account;
  let freeHolder: Account;
  let secondSlotHolder: Account;
  let holdOnly: Account;
  let paidBooking: number;

  beforeAll(async () => {
    show = await createPublishedEvent(ctx, organizer.auth, {
      title: 'Desert lights',
      dates: [
        { start: inDays(10), end: inDays(10, 2) },
        { start: inDays(11), end: inDays(11, 2) },
      ],
      ticket_categories: [
        { name: 'General', price: 3000 },
        { name: 'Guest', price: 0 },
      ],
    });
    paidHolder = await createAttendee(ctx);
    freeHolder = await createAttendee(ctx);
    secondSlotHolder = await createAttendee(ctx);
    holdOnly = await createAttendee(ctx);
    paidBooking = (await bookAndPay(ctx, paidHolder.auth, order(show, 0, 1))).id;
    const free = await holdTickets(ctx, freeHolder.auth, {
      ...order(show, 0, 1),
      items: [{ ticket_category: show.ticket_categories[1]!.id, quantity: 1 }],
    });
    expect(
      (await send(ctx, freeHolder.auth, 'POST', '/api/v1/payment/pay/', { booking: free.id }))
        .statusCode,
    ).toBe(200);
    await bookAndPay(ctx, secondSlotHolder.auth, order(show, 1, 1));
    await holdTickets(ctx, holdOnly.auth, order(show, 0, 1));
    await settle();
  });

  const kinds = async (account: Account) => (await list(account)).results.map((n) => n.kind);

  it('a new venue reaches every holder of the published event, and no one else', async () => {
    const response = await call(ctx, organizer.auth, 'PATCH', `/api/v1/events/${show.event.id}/`, {
      venue_name: 'King Fahd Hall',
    });
    expect(response.statusCode, response.body).toBe(200);
    await settle();
    for (const holder of [paidHolder, freeHolder, secondSlotHolder]) {
      const [latest] = (await list(holder)).results;
      expect(latest).toMatchObject({
        kind: 'event_changed',
        type: 'event',
        value: show.event.id,
        title: 'Venue changed',
      });
      expect(latest!.content).toBe(
        '\u2068Desert lights\u2069 is now at \u2068King Fahd Hall\u2069.',
      );
    }
    expect(await kinds(holdOnly)).not.toContain('event_changed');
    expect(await kinds(other)).not.toContain('event_changed');

    // An edit that moves nothing announces nothing.
    const before = (await storedRows(paidHolder)).length;
    await call(ctx, organizer.auth, 'PATCH', `/api/v1/events/${show.event.id}/`, {
      description: 'Now with a longer description of the evening.',
    });
    await settle();
    expect((await storedRows(paidHolder)).length).toBe(before);
  });

  it('a slot’s new time reaches that slot’s holders only, with the time in their language', async () => {
    const slot = show.dates[1]!;
    const response = await call(ctx, organizer.auth, 'PATCH', `/api/v1/event_dates/${slot.id}/`, {
      start: inDays(12),
      end: inDays(12, 2),
    });
    expect(response.statusCode, response.body).toBe(200);
    await settle();
    const [latest] = (await list(secondSlotHolder)).results;
    expect(latest).toMatchObject({
      kind: 'event_changed',
      title: 'Time changed',
      extra_data: { event: show.event.id, event_date: slot.id },
    });
    const [arabic] = (await list(secondSlotHolder, '', 'ar')).results;
    expect(arabic!.title).toBe('تغيّر الموعد');
    expect((await list(paidHolder)).results[0]!.title).not.toBe('Time changed');
  });

  it('a cancellation reaches paid and free holders (after their refunds), is emailed, and runs once', async () => {
    await cancelEvent(ctx, organizer.auth, show.event.id);
    await settle();
    for (const holder of [paidHolder, freeHolder, secondSlotHolder]) {
      const found = await kinds(holder);
      expect(found.filter((kind) => kind === 'event_cancelled')).toHaveLength(1);
    }
    expect(await kinds(paidHolder)).toContain('refund_done');
    expect(await kinds(holdOnly)).not.toContain('event_cancelled');
    // Each holder is also told by email (the mailer writes .eml files without SMTP_URL).
    await eventually(() => {
      const mails = readdirSync(path.join(ctx.config.DATA_DIR, 'mail')).filter((name) =>
        name.includes('notification-event_cancelled'),
      );
      expect(mails).toHaveLength(3);
    });
    const [job] = await ctx.database.db
      .select()
      .from(notificationFanouts)
      .where(eq(notificationFanouts.event_id, show.event.id))
      .orderBy(notificationFanouts.id)
      .limit(1);
    expect(job!.done_at).not.toBeNull();

    // A second run (another process's sweep) finds nothing left to do, and a refunder that
    // reaches a booking another one refunded meanwhile stops without an error.
    await ctx.app.notifier.runFanouts();
    await expect(
      refundForCancelledEvent(ctx.app.paymentsDeps, paidBooking),
    ).resolves.toBeUndefined();
    expect(await kinds(paidHolder)).toEqual(expect.arrayContaining(['refund_done']));
    expect((await kinds(paidHolder)).filter((kind) => kind === 'refund_done')).toHaveLength(1);
    expect((await kinds(paidHolder)).filter((kind) => kind === 'event_cancelled')).toHaveLength(1);
  });

  it('a fan-out left by a process that died is delivered by the next sweep', async () => {
    const reader = await createAttendee(ctx);
    const fixture = await createPublishedEvent(ctx, organizer.auth, { title: 'Night market' });
    await bookAndPay(ctx, reader.auth, order(fixture));
    await settle();
    await ctx.database.db.insert(notificationFanouts).values({
      kind: 'event_changed',
      audience: 'holders',
      event_id: fixture.event.id,
      params: { change: 'venue', venue: 'Old Town' },
      created_at: new Date(Date.now() - 60_000),
      claimed_until: new Date(Date.now() - 1_000),
    });
    // A hold let go after the fan-out was queued counts for nothing: its tickets were never issued.
    const letGo = await createAttendee(ctx);
    const hold = await holdTickets(ctx, letGo.auth, order(fixture));
    expect(
      (await send(ctx, letGo.auth, 'POST', `/api/v1/bookings/${hold.id}/cancel/`)).statusCode,
    ).toBe(200);
    await ctx.app.notifier.runFanouts();
    expect(plain((await list(reader)).results[0]!.content)).toBe(
      'Night market is now at Old Town.',
    );
    expect((await list(letGo)).count).toBe(0);
  });

  it('publishing reaches the organizer’s followers', async () => {
    const follower = await createAttendee(ctx);
    expect(
      (await call(ctx, follower.auth, 'POST', `/api/v1/profile/${organizer.id}/follow/`))
        .statusCode,
    ).toBeLessThan(300);
    const fixture = await createPublishedEvent(ctx, organizer.auth, { title: 'Poetry evening' });
    await settle();
    const [latest] = (await list(follower)).results;
    expect(latest).toMatchObject({
      kind: 'event_published',
      type: 'event',
      value: fixture.event.id,
    });
    expect(plain(latest!.title)).toBe('New from Oud Nights');
    expect(plain(latest!.content)).toBe('Oud Nights published Poetry evening.');
    expect(await kinds(other)).not.toContain('event_published');
  });

  it('a review tells the organizer', async () => {
    const reviewer = await createAttendee(ctx);
    const fixture = await createPublishedEvent(ctx, organizer.auth, { title: 'Jazz brunch' });
    await bookAndPay(ctx, reviewer.auth, order(fixture));
    await moveEventToPast(ctx, fixture.event.id);
    const response = await call(ctx, reviewer.auth, 'POST', '/api/v1/rate_event/', {
      event: fixture.event.id,
      rating: 4,
      comment: 'Lovely',
    });
    expect(response.statusCode, response.body).toBe(201);
    await settle();
    const [latest] = (await list(organizer)).results;
    expect(latest).toMatchObject({
      kind: 'new_review',
      value: fixture.event.id,
    });
    expect(plain(latest!.content)).toBe('Jazz brunch was rated 4 out of 5.');
  });
});
