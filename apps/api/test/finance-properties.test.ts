import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REFUNDABLE_BOOKING_STATES } from '@hafla/shared/bookings/states';
import { WithdrawalAccount } from '@hafla/shared/finance/accounts';
import { rowsOf } from '../src/lib/db-rows';
import { stateList } from '../src/lib/sql-list';
import { book, pay, send } from './booking-helpers';
import {
  call,
  createOrganizer,
  createOrganizerTestContext,
  createPublishedEvent,
  expectOk,
  type Account,
  type EventFixture,
  type OrganizerTestContext,
} from './event-helpers';
import { bearer, eventually } from './helpers';
import { accountBody, balanceOf, later, ledgerOf } from './finance-helpers';

/**
 * Random sequences of what moves an organizer's money — sales, partial and full refunds, the
 * organizer cancelling the event, time passing, withdrawal requests and their cancellation,
 * rejection, approval and payment — keep the books: every entry balances, the balance the API
 * answers is the ledger's sums, available never goes negative and nothing is withdrawn that was
 * not earned.
 *
 * Time passes for the money only (the payments' clock, which the ledger reads); bookings and
 * refunds happen before the event, as they must, so they stop once time has passed its slot.
 */

type Op =
  | { kind: 'sell'; quantity: number; category: number }
  | { kind: 'refund'; booking: number; full: boolean }
  | { kind: 'cancel_event' }
  | { kind: 'wait'; days: number }
  | { kind: 'request'; amount: number }
  | { kind: 'withdrawal'; action: 'cancel' | 'reject' | 'approve' | 'pay'; pick: number };

const opArbitrary: fc.Arbitrary<Op> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant('sell' as const),
      quantity: fc.integer({ min: 1, max: 3 }),
      category: fc.integer({ min: 0, max: 1 }),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('refund' as const),
      booking: fc.nat(20),
      full: fc.boolean(),
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('cancel_event' as const) }) },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('wait' as const),
      days: fc.integer({ min: 1, max: 6 }),
    }),
  },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('request' as const),
      amount: fc.integer({ min: 500, max: 40_000 }),
    }),
  },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('withdrawal' as const),
      action: fc.constantFrom(
        'cancel' as const,
        'reject' as const,
        'approve' as const,
        'pay' as const,
      ),
      pick: fc.nat(10),
    }),
  },
);

let t: OrganizerTestContext;
let admin: string;

beforeAll(async () => {
  // Hundreds of calls a minute from one address: the global per-address limit (300 a minute)
  // is not what this checks, and a quick machine reached it.
  t = await createOrganizerTestContext({ publishLimit: 1000, config: { RATE_LIMITS: 'off' } });
  admin = await bearer(t.ctx.config, { userId: t.attendee.id, roles: ['attendee', 'admin'] });
});
afterAll(() => t.ctx.close());

interface World {
  organizer: Account;
  fixture: EventFixture;
  account: number;
  bookings: Array<{ id: number; tickets: number[] }>;
  withdrawals: number[];
  /** Days the money's clock is ahead. */
  offset: number;
}

async function createWorld(): Promise<World> {
  const organizer = await createOrganizer(t.ctx);
  const fixture = await createPublishedEvent(t.ctx, organizer.auth, {
    refund_policy: { refundable_until_hours: 24, refund_percentage: 50 },
    ticket_categories: [
      { name: 'General', price: 4999, quantity: 100 },
      { name: 'VIP', price: 15000, quantity: 100 },
    ],
  });
  const account = expectOk(
    await send(t.ctx, organizer.auth, 'POST', '/api/v1/withdrawal-accounts/', accountBody()),
    201,
    WithdrawalAccount,
  );
  return { organizer, fixture, account: account.id, bookings: [], withdrawals: [], offset: 0 };
}

/** Bookings and refunds happen before the slot (it starts 7 days ahead; refunds close a day before). */
const beforeEvent = (world: World) => world.offset < 6;

async function apply(world: World, op: Op) {
  const { organizer, fixture } = world;
  const money = <T>(work: () => Promise<T>) => later(t.ctx, world.offset, work);
  switch (op.kind) {
    case 'sell': {
      if (!beforeEvent(world)) return null;
      const held = await book(t.ctx, t.attendee.auth, {
        event: fixture.event.id,
        event_date: fixture.dates[0]!.id,
        items: [
          { ticket_category: fixture.ticket_categories[op.category]!.id, quantity: op.quantity },
        ],
      });
      if (held.statusCode !== 201) return held;
      const booking = held.json() as { id: number; tickets: Array<{ id: number }> };
      const paid = await pay(t.ctx, t.attendee.auth, booking.id);
      if (paid.statusCode === 200) {
        world.bookings.push({
          id: booking.id,
          tickets: booking.tickets.map((ticket) => ticket.id),
        });
      }
      return paid;
    }
    case 'refund': {
      if (!beforeEvent(world) || world.bookings.length === 0) return null;
      const booking = world.bookings[op.booking % world.bookings.length]!;
      return send(t.ctx, t.attendee.auth, 'POST', '/api/v1/payment/refund/', {
        booking: booking.id,
        ...(op.full ? {} : { tickets: [booking.tickets[0]!] }),
      });
    }
    case 'cancel_event': {
      if (!beforeEvent(world)) return null;
      const answer = await call(
        t.ctx,
        organizer.auth,
        'PATCH',
        `/api/v1/events/${fixture.event.id}/`,
        {
          status: 'cancelled',
        },
      );
      // The paid bookings are refunded after the answer, by the request's job and the sweep:
      // the books are checked once they are done (until then the balance is rightly behind).
      await eventually(async () => {
        const [left] = rowsOf<{ count: number }>(
          await t.ctx.database.db.execute(sql`
            select count(*)::int as count from bookings
             where event_id = ${fixture.event.id} and status in ${stateList(REFUNDABLE_BOOKING_STATES)}`),
        );
        expect(left?.count).toBe(0);
      });
      return answer;
    }
    case 'wait':
      world.offset += op.days;
      return null;
    case 'request':
      return money(async () => {
        const answer = await send(t.ctx, organizer.auth, 'POST', '/api/v1/withdrawal/', {
          account: world.account,
          amount: op.amount,
          currency: 'SAR',
        });
        if (answer.statusCode === 201) world.withdrawals.push((answer.json() as { id: number }).id);
        return answer;
      });
    case 'withdrawal': {
      if (world.withdrawals.length === 0) return null;
      const id = world.withdrawals[op.pick % world.withdrawals.length]!;
      return money(() =>
        op.action === 'cancel'
          ? send(t.ctx, organizer.auth, 'PATCH', `/api/v1/withdrawal/${id}/`, {
              status: 'cancelled',
            })
          : send(
              t.ctx,
              admin,
              'PATCH',
              `/api/v1/admin/withdrawals/${id}/`,
              op.action === 'reject'
                ? { status: 'rejected', reason: 'Checked and refused' }
                : op.action === 'approve'
                  ? { status: 'approved' }
                  : { status: 'paid', transfer_reference: `TRX-${id}` },
            ),
      );
    }
  }
}

async function checkBooks(world: World, step: string) {
  const at = new Date(Date.now() + world.offset * 86_400_000);
  const api = await later(t.ctx, world.offset, () => balanceOf(t.ctx, world.organizer.auth));
  const ledger = await ledgerOf(t.ctx, world.organizer.id, at);
  const [open] = rowsOf<{ reserved: number; net_earned: number }>(
    await t.ctx.database.db.execute(sql`
      select
        (select coalesce(sum(amount), 0)::int from withdrawals
          where organizer_id = ${world.organizer.id}::uuid and status in ('requested', 'approved')) as reserved,
        (select coalesce(sum(amount), 0)::int from ledger_postings
          where organizer_id = ${world.organizer.id}::uuid and account = 'organizer_pending') as net_earned`),
  );
  const where = `${step}: api ${JSON.stringify(api)} ledger ${JSON.stringify(ledger)} ${JSON.stringify(open)}`;
  expect(ledger.unbalanced, where).toBe(0);
  expect(
    {
      pending: api.pending,
      available: api.available,
      reserved: api.reserved,
      withdrawn: api.withdrawn,
    },
    where,
  ).toEqual({
    pending: ledger.pending,
    available: ledger.available,
    reserved: ledger.reserved,
    withdrawn: ledger.withdrawn,
  });
  expect(api.available, where).toBeGreaterThanOrEqual(0);
  expect(api.reserved, where).toBe(open!.reserved);
  expect(api.withdrawn + api.reserved, where).toBeLessThanOrEqual(open!.net_earned);
}

describe('random sequences of money movements keep the books', () => {
  it('balances every entry, answers the ledger’s sums, never goes below zero, never pays out more than earned', async () => {
    let steps = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(opArbitrary, { minLength: 3, maxLength: 14 }), async (ops) => {
        const world = await createWorld();
        for (const [index, op] of ops.entries()) {
          const answer = await apply(world, op);
          const step = `step ${index} ${JSON.stringify(op)} → ${answer?.statusCode ?? '-'} ${answer?.body.slice(0, 200) ?? ''}`;
          if (answer) expect(answer.statusCode, step).toBeLessThan(500);
          steps += 1;
          await checkBooks(world, step);
        }
      }),
      // FINANCE_PROPERTY_RUNS=200 for a deeper search than the suite's quick one.
      { numRuns: Number(process.env.FINANCE_PROPERTY_RUNS ?? 12) },
    );
    expect(steps).toBeGreaterThan(30);
  }, 240_000);
});
