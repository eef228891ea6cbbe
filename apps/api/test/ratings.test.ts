import { randomUUID } from 'node:crypto';
import { count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Booking } from '@hafla/shared/bookings/bookings';
import { TEST_CARDS } from '@hafla/shared/bookings/payments';
import { PublicProfile } from '@hafla/shared/profile/profile';
import { Rating, RatingList, RatingSummary } from '@hafla/shared/social/ratings';
import { eventRatings } from '../src/db/schema/ratings';
import {
  call,
  createAttendee,
  createOrganizer,
  createPublishedEvent,
  expectError,
  expectOk,
  expectPageBoundsRefused,
  inDays,
  moveEventToPast,
  setPublishLimit,
  type Account,
  type EventFixture,
} from './event-helpers';
import { createTestContext, type TestContext } from './helpers';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
  await setPublishLimit(ctx, 1000);
});
afterAll(() => ctx.close());

const NO_ONE = '00000000-0000-4000-8000-000000000000';

/** Books tickets of the fixture's first category in a slot through the API. */
async function book(who: Account, fixture: EventFixture, slot = 0, quantity = 1) {
  const response = await call(ctx, who.auth, 'POST', '/api/v1/tickets/book/', {
    event: fixture.event.id,
    event_date: fixture.dates[slot]!.id,
    items: [{ ticket_category: fixture.ticket_categories[0]!.id, quantity }],
  });
  return expectOk(response, 201, Booking);
}

/** Books and pays with the sandbox's succeeding card: the tickets become valid. */
async function buyTickets(who: Account, fixture: EventFixture, slot = 0) {
  const booking = await book(who, fixture, slot);
  const response = await ctx.app.inject({
    method: 'POST',
    url: '/api/v1/payment/pay/',
    headers: { authorization: who.auth, 'idempotency-key': randomUUID() },
    payload: { booking: booking.id, payment_method: TEST_CARDS.success },
  });
  expect(response.statusCode, response.body).toBe(200);
  return booking;
}

/** Moves one slot into the past (an hour ago), leaving the event's other slots where they are. */
async function moveSlotToPast(dateId: number, hoursAgo = 1) {
  await ctx.database.db.execute(sql`
    update event_dates
    set start_at = now() - make_interval(hours => ${hoursAgo + 2}),
        end_at = now() - make_interval(hours => ${hoursAgo})
    where id = ${dateId}`);
}

/** An organizer's event whose only slot has ended, and attendees who held valid tickets to it. */
async function attendedEvent(organizer: Account, attendees: number) {
  const fixture = await createPublishedEvent(ctx, organizer.auth, { title: 'Oud Night' });
  const guests: Account[] = [];
  for (let i = 0; i < attendees; i += 1) {
    const guest = await createAttendee(ctx);
    await buyTickets(guest, fixture);
    guests.push(guest);
  }
  await moveEventToPast(ctx, fixture.event.id);
  return { fixture, event: fixture.event.id, guests };
}

const rate = (who: Account | null, body: unknown) =>
  call(ctx, who?.auth ?? null, 'POST', '/api/v1/rate_event/', body);

const ratingsCount = async () => {
  const [row] = await ctx.database.db.select({ value: count() }).from(eventRatings);
  return row?.value ?? 0;
};

describe('POST /api/v1/rate_event/', () => {
  let organizer: Account;
  let attended: Awaited<ReturnType<typeof attendedEvent>>;
  beforeAll(async () => {
    organizer = await createOrganizer(ctx);
    attended = await attendedEvent(organizer, 3);
  });

  it('rates an event attended once its slot has ended, answering the rating with its author', async () => {
    const guest = attended.guests[0]!;
    const response = await rate(guest, {
      event: attended.event,
      rating: 4,
      comment: '  Lovely evening  ',
    });
    const rating = expectOk(response, 201, Rating);
    expect(rating).toMatchObject({
      event: attended.event,
      event_title: 'Oud Night',
      rating: 4,
      comment: 'Lovely evening',
      user: { id: guest.id, avatar: null },
    });
    expect(rating.user.name).toMatch(/^Huda Test\d+$/);
    expect(rating.created_at).toBe(rating.updated_at);
  });

  it('takes an empty or missing comment', async () => {
    const guest = attended.guests[1]!;
    const rating = expectOk(await rate(guest, { event: attended.event, rating: 5 }), 201, Rating);
    expect(rating.comment).toBe('');
  });

  it('refuses a second rating of the same event with already_rated and keeps the first', async () => {
    const guest = attended.guests[0]!;
    const before = await ratingsCount();
    expectError(
      await rate(guest, { event: attended.event, rating: 1, comment: 'again' }),
      409,
      'already_rated',
      'event',
    );
    expect(await ratingsCount()).toBe(before);
    const [row] = await ctx.database.db
      .select({ rating: eventRatings.rating })
      .from(eventRatings)
      .where(eq(eventRatings.user_id, guest.id));
    expect(row?.rating).toBe(4);
  });

  it('makes one row and one already_rated of two submissions at once', async () => {
    const guest = attended.guests[2]!;
    const answers = await Promise.all([
      rate(guest, { event: attended.event, rating: 3 }),
      rate(guest, { event: attended.event, rating: 2 }),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 409]);
    expectError(
      answers.find((answer) => answer.statusCode === 409)!,
      409,
      'already_rated',
    );
    const rows = await ctx.database.db
      .select()
      .from(eventRatings)
      .where(eq(eventRatings.user_id, guest.id));
    expect(rows).toHaveLength(1);
  });

  it('refuses with rating_not_allowed without a ticket, with an unpaid or refunded one, or before the slot ends', async () => {
    const fixture = await createPublishedEvent(ctx, organizer.auth, {
      dates: [
        { start: inDays(5), end: inDays(5, 2) },
        { start: inDays(9), end: inDays(9, 2) },
      ],
    });
    const stranger = await createAttendee(ctx);
    const unpaid = await createAttendee(ctx);
    await book(unpaid, fixture, 0);
    const laterSlot = await createAttendee(ctx);
    await buyTickets(laterSlot, fixture, 1);
    const refunded = await createAttendee(ctx);
    const refundedBooking = await buyTickets(refunded, fixture, 0);
    const refund = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/payment/refund/',
      headers: { authorization: refunded.auth, 'idempotency-key': randomUUID() },
      payload: { booking: refundedBooking.id },
    });
    expect(refund.statusCode, refund.body).toBe(200);
    await moveSlotToPast(fixture.dates[0]!.id);

    const before = await ratingsCount();
    for (const who of [stranger, unpaid, laterSlot, refunded]) {
      expectError(
        await rate(who, { event: fixture.event.id, rating: 5 }),
        403,
        'rating_not_allowed',
        'event',
      );
    }
    expect(await ratingsCount()).toBe(before);

    // Once their own slot is over, the later guest may rate.
    await moveSlotToPast(fixture.dates[1]!.id, 3);
    expect((await rate(laterSlot, { event: fixture.event.id, rating: 5 })).statusCode).toBe(201);
  });

  it('refuses the organizer their own event with cannot_rate_own_event', async () => {
    expectError(
      await rate(organizer, { event: attended.event, rating: 5 }),
      403,
      'cannot_rate_own_event',
      'event',
    );
  });

  it('asks a visitor to sign in', async () => {
    expectError(await rate(null, { event: attended.event, rating: 5 }), 401, 'not_authenticated');
  });

  it.each([
    [{ rating: 0 }, 'min_value', 'rating'],
    [{ rating: 6 }, 'max_value', 'rating'],
    [{ rating: 2.5 }, 'not_an_integer', 'rating'],
    [{ rating: '5' }, 'not_a_number', 'rating'],
    [{ rating: null }, 'null', 'rating'],
    [{ rating: undefined }, 'required', 'rating'],
    [{ event: undefined }, 'required', 'event'],
    [{ event: 'x' }, 'not_a_number', 'event'],
    [{ comment: 'a'.repeat(2001) }, 'max_length', 'comment'],
    [{ comment: 5 }, 'invalid', 'comment'],
    [{ stars: 5 }, 'unknown_field', 'stars'],
  ])('refuses %j with %s on %s and changes nothing', async (change, code, attr) => {
    const guest = await createAttendee(ctx);
    const before = await ratingsCount();
    const body = { event: attended.event, rating: 5, comment: '', ...change };
    expectError(await rate(guest, body), 400, code, attr);
    expect(await ratingsCount()).toBe(before);
  });

  it('answers not_found for an unknown event and a draft', async () => {
    const draft = await createPublishedEvent(ctx, organizer.auth, { publish: false });
    for (const event of [2_000_000_000, draft.event.id]) {
      expectError(await rate(attended.guests[0]!, { event, rating: 5 }), 404, 'not_found', 'event');
    }
  });

  it('explains the refusal in Arabic', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/rate_event/',
      headers: { authorization: (await createAttendee(ctx)).auth, 'accept-language': 'ar' },
      payload: { event: attended.event, rating: 5 },
    });
    expect(expectError(response, 403, 'rating_not_allowed').detail).toMatch(/[\u0600-\u06FF]/);
  });
});

describe('PUT /api/v1/rate_event/{id}/', () => {
  let guests: Account[];
  let ratingId: number;
  beforeAll(async () => {
    const attended = await attendedEvent(await createOrganizer(ctx), 2);
    guests = attended.guests;
    const created = await rate(guests[0]!, { event: attended.event, rating: 2, comment: 'meh' });
    ratingId = expectOk(created, 201, Rating).id;
  });

  const put = (who: Account | null, id: number, body: unknown) =>
    call(ctx, who?.auth ?? null, 'PUT', `/api/v1/rate_event/${id}/`, body);

  it('lets the author change stars and comment', async () => {
    const updated = expectOk(
      await put(guests[0]!, ratingId, { rating: 5, comment: 'Better on reflection' }),
      200,
      Rating,
    );
    expect(updated).toMatchObject({ id: ratingId, rating: 5, comment: 'Better on reflection' });
    expect(Date.parse(updated.updated_at)).toBeGreaterThanOrEqual(Date.parse(updated.created_at));
  });

  it("answers not_found for someone else's rating and a missing one, changing nothing", async () => {
    expectError(await put(guests[1]!, ratingId, { rating: 1 }), 404, 'not_found');
    expectError(await put(guests[0]!, 2_000_000_000, { rating: 1 }), 404, 'not_found');
    const [row] = await ctx.database.db
      .select({ rating: eventRatings.rating })
      .from(eventRatings)
      .where(eq(eventRatings.id, ratingId));
    expect(row?.rating).toBe(5);
  });

  it('refuses bad stars and a visitor', async () => {
    expectError(await put(guests[0]!, ratingId, { rating: 0 }), 400, 'min_value', 'rating');
    expectError(await put(guests[0]!, ratingId, { rating: 4.5 }), 400, 'not_an_integer', 'rating');
    expectError(await put(guests[0]!, ratingId, { comment: 'x' }), 400, 'required', 'rating');
    expectError(await put(null, ratingId, { rating: 3 }), 401, 'not_authenticated');
  });
});

describe('GET /api/v1/rate_event/ and /summary/', () => {
  let organizer: Account;
  let first: Awaited<ReturnType<typeof attendedEvent>>;
  let second: Awaited<ReturnType<typeof attendedEvent>>;
  beforeAll(async () => {
    organizer = await createOrganizer(ctx);
    first = await attendedEvent(organizer, 3);
    second = await attendedEvent(organizer, 1);
    for (const [guest, stars] of [
      [first.guests[0]!, 5],
      [first.guests[1]!, 4],
      [first.guests[2]!, 4],
    ] as const) {
      expect((await rate(guest, { event: first.event, rating: stars })).statusCode).toBe(201);
    }
    await rate(second.guests[0]!, { event: second.event, rating: 1, comment: 'Too loud' });
  });

  const list = (query: string, who: Account | null = null) =>
    call(ctx, who?.auth ?? null, 'GET', `/api/v1/rate_event/?${query}`);
  const summary = (query: string) => call(ctx, null, 'GET', `/api/v1/rate_event/summary/?${query}`);

  it("lists an event's ratings newest first, in pages, to anyone", async () => {
    const page = expectOk(await list(`event=${first.event}&limit=2`), 200, RatingList);
    expect(page.count).toBe(3);
    expect(page.results.map((rating) => rating.user.id)).toEqual([
      first.guests[2]!.id,
      first.guests[1]!.id,
    ]);
    expect(page.next).toContain('offset=2');
    const rest = expectOk(await list(`event=${first.event}&limit=2&offset=2`), 200, RatingList);
    expect(rest.results.map((rating) => rating.rating)).toEqual([5]);
    expect(rest.next).toBeNull();
  });

  it("lists all of an organizer's events' ratings", async () => {
    const page = expectOk(await list(`organizer=${organizer.id}`), 200, RatingList);
    expect(page.count).toBe(4);
    expect(page.results[0]).toMatchObject({
      event: second.event,
      rating: 1,
      comment: 'Too loud',
    });
  });

  it("keeps only the reader's own with mine=true, and asks a visitor to sign in for it", async () => {
    const own = expectOk(
      await list(`event=${first.event}&mine=true`, first.guests[1]!),
      200,
      RatingList,
    );
    expect(own.results.map((rating) => rating.user.id)).toEqual([first.guests[1]!.id]);
    expectError(await list(`event=${first.event}&mine=true`), 401, 'not_authenticated');
  });

  it('needs exactly one of event and organizer', async () => {
    expectError(await list(''), 400, 'required', 'event');
    expectError(await list(`event=${first.event}&organizer=${organizer.id}`), 400, 'invalid');
    expectError(await summary(''), 400, 'required', 'event');
  });

  it('answers not_found for an unknown event or organizer, and for an attendee as organizer', async () => {
    const attendee = await createAttendee(ctx);
    expectError(await list('event=2000000000'), 404, 'not_found', 'event');
    for (const id of [NO_ONE, attendee.id]) {
      expectError(await list(`organizer=${id}`), 404, 'not_found', 'organizer');
      expectError(await summary(`organizer=${id}`), 404, 'not_found', 'organizer');
    }
    expectError(await list('organizer=not-a-uuid'), 400, 'invalid', 'organizer');
    expectError(await list('event=0'), 400, 'min_value', 'event');
  });

  it('refuses page bounds outside 1–1000', async () => {
    await expectPageBoundsRefused(ctx, organizer.auth, `/api/v1/rate_event/?event=${first.event}`);
  });

  it('sums up an event and an organizer: average to one decimal, count, distribution', async () => {
    expect(expectOk(await summary(`event=${first.event}`), 200, RatingSummary)).toEqual({
      average: 4.3,
      count: 3,
      distribution: { 1: 0, 2: 0, 3: 0, 4: 2, 5: 1 },
    });
    expect(expectOk(await summary(`organizer=${organizer.id}`), 200, RatingSummary)).toEqual({
      average: 3.5,
      count: 4,
      distribution: { 1: 1, 2: 0, 3: 0, 4: 2, 5: 1 },
    });
  });

  it('answers a null average without ratings', async () => {
    const quiet = await createOrganizer(ctx);
    const event = (await createPublishedEvent(ctx, quiet.auth)).event.id;
    for (const query of [`event=${event}`, `organizer=${quiet.id}`]) {
      expect(expectOk(await summary(query), 200, RatingSummary)).toEqual({
        average: null,
        count: 0,
        distribution: { 1: 0, 2: 0, 3: 0, 4: 0, 5: 0 },
      });
    }
  });

  it("shows the organizer's average and count on their public profile", async () => {
    const profile = expectOk(
      await call(ctx, null, 'GET', `/api/v1/profile/${organizer.id}/`),
      200,
      PublicProfile,
    );
    expect(profile.rating).toEqual({ average: 3.5, count: 4 });
    const attendee = await createAttendee(ctx);
    const plain = await call(ctx, null, 'GET', `/api/v1/profile/${attendee.id}/`);
    expect(expectOk(plain, 200, PublicProfile).rating).toEqual({ average: null, count: 0 });
  });
});
