import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_CARDS } from '@hafla/shared/bookings/payments';
import { PromoCode } from '@hafla/shared/promo-codes/promo-codes';
import { rowsOf } from '../src/lib/db-rows';
import { book, inventoryOf, lapseHold, ledgerBalance, pay, send } from './booking-helpers';
import {
  call,
  createAttendee,
  createOrganizer,
  createPublishedEvent,
  expectOk,
  setPublishLimit,
  type Account,
  type EventFixture,
} from './event-helpers';
import { createTestContext, type TestContext } from './helpers';
import { afterCharging, ageAttempts } from './payment-helpers';

/**
 * Random sequences of everything buyers and time do to a small event — holds (valid and not),
 * payments that succeed, are declined or lose their answer after the charge (the sweep settles
 * it), holds lapsing, the sweep, refunds of all or some tickets, cancelled holds, promo codes
 * applied and taken off — with the books checked after every step: no category oversold, the
 * inventory equal to what the bookings and tickets say, promo uses equal to the bookings that
 * hold them, and the ledger equal to the money kept.
 */

let ctx: TestContext;
let organizer: Account;

beforeAll(async () => {
  // No background sweep (the sequences run it between steps); no rate limit on the many fixtures.
  ctx = await createTestContext({ HOLD_SWEEP_SECONDS: '0', RATE_LIMITS: 'off' });
  await setPublishLimit(ctx, 1000);
  organizer = await createOrganizer(ctx);
});
afterAll(() => ctx.close());

const USERS = 4;
const PAID = ['confirmed', 'partially_refunded'];
const PROMO = 'PROP-15';

type Op =
  | {
      kind: 'book';
      user: number;
      /** Category 0 or 1 of the event, or 2: another event's category. */
      lines: Array<{ category: number; quantity: number }>;
      promo: boolean;
    }
  | {
      kind: 'pay';
      user: number;
      pick: number;
      owner: boolean;
      anyStatus: boolean;
      declined: boolean;
      /**
       * The charge is made, then its answer is lost; a minute later (in which the hold may lapse
       * and its tickets be taken) the sweep settles it.
       */
      lost: 'no' | 'answer' | 'answer-and-hold';
    }
  | { kind: 'lapse'; pick: number; sweep: boolean }
  | { kind: 'sweep' }
  | {
      kind: 'refund';
      user: number;
      pick: number;
      owner: boolean;
      anyStatus: boolean;
      some: number | null;
    }
  | { kind: 'cancel'; user: number; pick: number; owner: boolean; anyStatus: boolean }
  | { kind: 'promo'; user: number; pick: number; anyStatus: boolean; apply: boolean };

const user = fc.nat({ max: USERS - 1 });
const pick = fc.nat({ max: 20 });
// Mostly the booking's owner; sometimes someone else, who must get a 404 and change nothing.
const owner = fc.oneof(
  { weight: 4, arbitrary: fc.constant(true) },
  { weight: 1, arbitrary: fc.constant(false) },
);

/** An order line: category 0 or 1 of the event, or 2 (another event's category). */
const line = (
  quantity: fc.Arbitrary<number>,
  category: fc.Arbitrary<number> = fc.nat({ max: 1 }),
) => fc.record({ category, quantity });
const lineSet = {
  minLength: 1,
  maxLength: 2,
  selector: (item: { category: number }) => item.category,
};

/** Mostly the bookings an operation makes sense for; sometimes any booking (to be refused). */
const anyStatus = fc.oneof(
  { weight: 4, arbitrary: fc.constant(false) },
  { weight: 1, arbitrary: fc.constant(true) },
);

const opArbitrary: fc.Arbitrary<Op> = fc.oneof(
  {
    weight: 5,
    arbitrary: fc.record({
      kind: fc.constant('book' as const),
      user,
      lines: fc.oneof(
        { weight: 8, arbitrary: fc.tuple(line(fc.integer({ min: 1, max: 3 }))) },
        { weight: 3, arbitrary: fc.uniqueArray(line(fc.integer({ min: 1, max: 2 })), lineSet) },
        // Refused orders: a foreign category, a category twice, 0, more than allowed, over 100.
        fc.array(line(fc.constantFrom(0, 1, 5, 101), fc.nat({ max: 2 })), {
          minLength: 1,
          maxLength: 2,
        }),
      ),
      promo: fc.boolean(),
    }),
  },
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant('pay' as const),
      user,
      pick,
      owner,
      anyStatus,
      declined: fc.oneof(
        { weight: 3, arbitrary: fc.constant(false) },
        { weight: 1, arbitrary: fc.constant(true) },
      ),
      lost: fc.oneof(
        { weight: 6, arbitrary: fc.constant('no' as const) },
        { weight: 1, arbitrary: fc.constant('answer' as const) },
        { weight: 1, arbitrary: fc.constant('answer-and-hold' as const) },
      ),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({ kind: fc.constant('lapse' as const), pick, sweep: fc.boolean() }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('sweep' as const) }) },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('refund' as const),
      user,
      pick,
      owner,
      anyStatus,
      some: fc.option(fc.integer({ min: 1, max: 3 })),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({ kind: fc.constant('cancel' as const), user, pick, owner, anyStatus }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('promo' as const),
      user,
      pick,
      anyStatus,
      apply: fc.boolean(),
    }),
  },
);

interface World {
  fixture: EventFixture;
  foreignCategory: number;
  promoId: number;
  users: Account[];
}

/** A small event: 2 categories of 3 and 2 tickets, 4 per order, a 50 % refund policy, a code for 2 uses. */
async function createWorld(foreignCategory: number): Promise<World> {
  const fixture = await createPublishedEvent(ctx, organizer.auth, {
    max_tickets_per_order: 4,
    refund_policy: { refundable_until_hours: 24, refund_percentage: 50 },
    ticket_categories: [
      { name: 'General', price: 3333, quantity: 3 },
      { name: 'VIP', price: 5000, quantity: 2 },
    ],
  });
  const promo = expectOk(
    await call(ctx, organizer.auth, 'POST', '/api/v1/promo_codes/', {
      event: fixture.event.id,
      code: PROMO,
      discount_type: 'percentage',
      value: 15,
      max_uses: 2,
    }),
    201,
    PromoCode,
  );
  const users: Account[] = [];
  for (let index = 0; index < USERS; index += 1) users.push(await createAttendee(ctx));
  return { fixture, foreignCategory, promoId: promo.id, users };
}

interface BookingRow {
  id: number;
  user_id: string;
  status: string;
}

/** The event's bookings (all users), oldest first. */
async function bookingsOf(world: World): Promise<BookingRow[]> {
  return rowsOf<BookingRow>(
    await ctx.database.db.execute(sql`
      select id, user_id, status from bookings
       where event_id = ${world.fixture.event.id} order by id`),
  );
}

/** The booking `pick` points at (among all, or those of one status), and who acts on it. */
async function target(
  world: World,
  op: { pick: number; user?: number; owner?: boolean },
  statuses?: string[],
) {
  const rows = (await bookingsOf(world)).filter(
    (row) => !statuses || statuses.includes(row.status),
  );
  if (rows.length === 0) return null;
  const booking = rows[op.pick % rows.length]!;
  const ownerIndex = world.users.findIndex((account) => account.id === booking.user_id);
  const actor =
    op.owner === false
      ? world.users[(ownerIndex + 1 + ((op.user ?? 0) % (USERS - 1))) % USERS]!
      : world.users[ownerIndex]!;
  return { booking, actor, isOwner: actor.id === booking.user_id };
}

interface Answer {
  statusCode: number;
  body: string;
}

/** Runs one step; answers the API's answer (null when the step made no request). */
async function apply(world: World, op: Op): Promise<{ answer: Answer | null; foreign: boolean }> {
  const { fixture } = world;
  const slot = fixture.dates[0]!.id;
  switch (op.kind) {
    case 'book': {
      const categoryId = (index: number) =>
        index === 2 ? world.foreignCategory : fixture.ticket_categories[index]!.id;
      const answer = await book(ctx, world.users[op.user]!.auth, {
        event: fixture.event.id,
        event_date: slot,
        items: op.lines.map((line) => ({
          ticket_category: categoryId(line.category),
          quantity: line.quantity,
        })),
        ...(op.promo ? { promo_code: PROMO.toLowerCase() } : {}),
      });
      return { answer, foreign: false };
    }
    case 'pay': {
      const chosen = await target(world, op, op.anyStatus ? undefined : ['pending', 'expired']);
      if (!chosen) return { answer: null, foreign: false };
      const card = op.declined ? TEST_CARDS.declined : TEST_CARDS.success;
      if (op.lost === 'no') {
        return {
          answer: await pay(ctx, chosen.actor.auth, chosen.booking.id, card),
          foreign: !chosen.isOwner,
        };
      }
      const lost = afterCharging(ctx, 'lose-answer');
      let answer: Answer;
      try {
        answer = await pay(ctx, chosen.actor.auth, chosen.booking.id, card);
      } finally {
        lost.restore();
      }
      if (answer.statusCode < 500) return { answer, foreign: !chosen.isOwner };
      // Charged, answer lost: the books hold again once the sweep has settled the charge.
      if (op.lost === 'answer-and-hold') {
        await lapseHold(ctx, chosen.booking.id);
        // Someone else books what is left of the event meanwhile.
        const other = world.users[(world.users.indexOf(chosen.actor) + 1) % USERS]!;
        for (const category of world.fixture.ticket_categories) {
          await book(ctx, other.auth, {
            event: world.fixture.event.id,
            event_date: world.fixture.dates[0]!.id,
            items: [{ ticket_category: category.id, quantity: category.quantity }],
          });
        }
      }
      await ageAttempts(ctx, chosen.booking.id);
      await ctx.app.bookingJobs.sweep();
      return { answer: null, foreign: false };
    }
    case 'lapse': {
      const chosen = await target(world, op, ['pending']);
      if (chosen) await lapseHold(ctx, chosen.booking.id);
      if (op.sweep) await ctx.app.bookingJobs.sweep();
      return { answer: null, foreign: false };
    }
    case 'sweep':
      await ctx.app.bookingJobs.sweep();
      return { answer: null, foreign: false };
    case 'refund': {
      const chosen = await target(world, op, op.anyStatus ? undefined : PAID);
      if (!chosen) return { answer: null, foreign: false };
      let tickets: number[] | undefined;
      if (op.some !== null) {
        // The first few tickets of the booking, refundable or not (those must be refused).
        tickets = rowsOf<{ id: number }>(
          await ctx.database.db.execute(sql`
            select id from tickets where booking_id = ${chosen.booking.id}
             order by id limit ${op.some}`),
        ).map((row) => row.id);
      }
      const answer = await send(ctx, chosen.actor.auth, 'POST', '/api/v1/payment/refund/', {
        booking: chosen.booking.id,
        ...(tickets ? { tickets } : {}),
      });
      return { answer, foreign: !chosen.isOwner };
    }
    case 'cancel': {
      const chosen = await target(world, op, op.anyStatus ? undefined : ['pending']);
      if (!chosen) return { answer: null, foreign: false };
      const answer = await send(
        ctx,
        chosen.actor.auth,
        'POST',
        `/api/v1/bookings/${chosen.booking.id}/cancel/`,
      );
      return { answer, foreign: !chosen.isOwner };
    }
    case 'promo': {
      const chosen = await target(world, op, op.anyStatus ? undefined : ['pending']);
      if (!chosen) return { answer: null, foreign: false };
      const answer = await send(
        ctx,
        chosen.actor.auth,
        'PATCH',
        `/api/v1/bookings/${chosen.booking.id}/`,
        { promo_code: op.apply ? PROMO : null },
      );
      return { answer, foreign: false };
    }
  }
}

/** Everything the invariants read, in one place (compared before and after refused steps). */
async function snapshot(world: World) {
  const { fixture } = world;
  const slot = fixture.dates[0]!.id;
  const categories = [];
  for (const category of fixture.ticket_categories) {
    const [counts] = rowsOf<{ sold_tickets: number; pending_items: number }>(
      await ctx.database.db.execute(sql`
        select
          (select count(*) from tickets where event_date_id = ${slot}
              and ticket_category_id = ${category.id}
              and status in ('valid', 'pending_approval', 'checked_in'))::int as sold_tickets,
          (select coalesce(sum(bi.quantity), 0) from booking_items bi
             join bookings b on b.id = bi.booking_id
            where b.event_date_id = ${slot} and bi.ticket_category_id = ${category.id}
              and b.status = 'pending')::int as pending_items`),
    );
    categories.push({
      quantity: category.quantity,
      ...(await inventoryOf(ctx, slot, category.id)),
      ...counts!,
    });
  }
  const [promo] = rowsOf<{ uses: number; redemptions: number; holding: number }>(
    await ctx.database.db.execute(sql`
      select p.uses,
             (select coalesce(sum(uses), 0) from promo_code_redemptions
               where promo_code_id = p.id)::int as redemptions,
             (select count(*) from bookings where promo_code_id = p.id
                 and status in ('pending', 'confirmed', 'partially_refunded', 'refunded'))::int
               as holding
        from promo_codes p where p.id = ${world.promoId}`),
  );
  const [money] = rowsOf<{ over_refunded: number; payment_mismatch: number; sandbox: number }>(
    await ctx.database.db.execute(sql`
      select
        (select count(*) from bookings where event_id = ${fixture.event.id}
            and refunded_amount > total)::int as over_refunded,
        (select count(*) from bookings b join payments p on p.booking_id = b.id
          where b.event_id = ${fixture.event.id}
            and (p.refunded_amount <> b.refunded_amount or p.amount <> b.total))::int
          as payment_mismatch,
        (select coalesce(sum(s.amount - s.refunded), 0) from sandbox_charges s
           join bookings b on b.id = substring(s.description from '^Hafla booking ([0-9]+):')::int
          where b.event_id = ${fixture.event.id})::int as sandbox`),
  );
  return {
    categories,
    promo: promo!,
    money: { ...money!, ...(await ledgerBalance(ctx, fixture.event.id)) },
    bookings: await bookingsOf(world),
  };
}

function checkInvariants(state: Awaited<ReturnType<typeof snapshot>>, step: string): void {
  state.categories.forEach((category, index) => {
    const where = `${step}, category ${index}: ${JSON.stringify(category)}`;
    expect(category.sold + category.held, where).toBeLessThanOrEqual(category.quantity);
    expect(category.sold, where).toBe(category.sold_tickets);
    expect(category.held, where).toBe(category.pending_items);
  });
  // Expiry and cancellation of a pending booking give the use back; refunds keep it.
  expect(state.promo.uses, `${step}: ${JSON.stringify(state.promo)}`).toBe(state.promo.holding);
  expect(state.promo.redemptions, step).toBe(state.promo.holding);
  expect(state.promo.uses, step).toBeLessThanOrEqual(2);
  const { money } = state;
  expect(money.over_refunded, step).toBe(0);
  expect(money.payment_mismatch, `${step}: ${JSON.stringify(money)}`).toBe(0);
  expect(money.paid, `${step}: ${JSON.stringify(money)}`).toBe(money.captured);
  expect(money.sandbox, `${step}: ${JSON.stringify(money)}`).toBe(money.captured);
}

describe('booking sequences keep the books', () => {
  it('holds every invariant after every step of random sequences', async () => {
    // Another event's category, for orders that mix them in.
    const other = await createPublishedEvent(ctx, organizer.auth);
    const foreignCategory = other.ticket_categories[0]!.id;
    let steps = 0;

    await fc.assert(
      fc.asyncProperty(fc.array(opArbitrary, { minLength: 1, maxLength: 14 }), async (ops) => {
        const world = await createWorld(foreignCategory);
        for (const [index, op] of ops.entries()) {
          const before = await snapshot(world);
          const { answer, foreign } = await apply(world, op);
          const step = `step ${index} ${JSON.stringify(op)} → ${answer?.statusCode ?? '-'} ${answer?.body.slice(0, 300) ?? ''}`;
          steps += 1;
          const after = await snapshot(world);
          checkInvariants(after, step);
          if (!answer) continue;
          expect(answer.statusCode, step).toBeLessThan(500);
          if (answer.statusCode >= 400) {
            const envelope = JSON.parse(answer.body) as { errors?: Array<{ code?: unknown }> };
            expect(typeof envelope.errors?.[0]?.code, step).toBe('string');
          }
          // Someone else's booking is not found, and nothing changes.
          if (foreign) {
            expect(answer.statusCode, step).toBe(404);
            expect(after, step).toEqual(before);
          }
          // Declined cards keep the hold as it was.
          if (op.kind === 'pay' && op.declined && answer.statusCode === 402) {
            expect(after, step).toEqual(before);
          }
        }
      }),
      // BOOKING_PROPERTY_RUNS=200 for a deeper search than the suite's quick one.
      { numRuns: Number(process.env.BOOKING_PROPERTY_RUNS ?? 25) },
    );
    expect(steps).toBeGreaterThan(12);
  }, 120_000);
});
