import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { Ticket, TicketList } from '@hafla/shared/bookings/bookings';
import { CheckInResponse } from '@hafla/shared/door/check-ins';
import { UsherCreated, type UsherRole } from '@hafla/shared/door/ushers';
import { bookAndPay } from './booking-helpers';
import {
  call,
  createAttendee,
  createPublishedEvent,
  expectOk,
  type Account,
  type EventFixture,
  type EventFixtureOverrides,
} from './event-helpers';
import { users } from '../src/db/schema/accounts';
import type { TestContext } from './helpers';

/** Door fixtures through the API: an event with tickets sold, ushers added by email, scans. */

export async function emailOf(ctx: TestContext, account: Account): Promise<string> {
  const [row] = await ctx.database.db
    .select({ email: users.email })
    .from(users)
    .where(eq(users.id, account.id));
  if (!row) throw new Error('no such account');
  return row.email;
}

/** An event of the organizer with one category (price 5000) of `quantity` tickets per slot. */
export function createDoorEvent(
  ctx: TestContext,
  organizer: Account,
  overrides: EventFixtureOverrides = {},
): Promise<EventFixture> {
  return createPublishedEvent(ctx, organizer.auth, {
    ticket_categories: [{ name: 'General', price: 5000, quantity: 500, max_per_order: 10 }],
    max_tickets_per_order: 10,
    ...overrides,
  });
}

/** Buys `quantity` tickets of the event's first category and slot; answers them with their codes. */
export async function buyTickets(
  ctx: TestContext,
  buyer: Account,
  fixture: EventFixture,
  quantity = 1,
  slot = 0,
): Promise<Ticket[]> {
  const booking = await bookAndPay(ctx, buyer.auth, {
    event: fixture.event.id,
    event_date: fixture.dates[slot]!.id,
    items: [{ ticket_category: fixture.ticket_categories[0]!.id, quantity }],
  });
  const list = expectOk(
    await call(ctx, buyer.auth, 'GET', `/api/v1/tickets/?event=${fixture.event.id}&limit=1000`),
    200,
    TicketList,
  );
  return list.results.filter((ticket) => ticket.booking === booking.id).map((t) => Ticket.parse(t));
}

export async function addUsher(
  ctx: TestContext,
  organizer: Account,
  email: string,
  role: UsherRole = 'steward',
  events: number[] | null = null,
) {
  return expectOk(
    await call(ctx, organizer.auth, 'POST', '/api/v1/ushers/', { email, role, events }),
    201,
    UsherCreated,
  );
}

/** A fresh account made an usher of the organizer. */
export async function createUsher(
  ctx: TestContext,
  organizer: Account,
  role: UsherRole = 'steward',
  events: number[] | null = null,
): Promise<Account & { usher: number }> {
  const account = await createAttendee(ctx);
  const created = await addUsher(ctx, organizer, await emailOf(ctx, account), role, events);
  return { ...account, usher: created.id };
}

export function scan(
  ctx: TestContext,
  auth: string,
  body: {
    code: string;
    event: number;
    event_date?: number;
    nonce?: string;
    scanned_at?: string;
    device?: string;
  },
) {
  return call(ctx, auth, 'POST', '/api/v1/check-ins/', { nonce: randomUUID(), ...body });
}

/** Scans and answers the parsed result (asserting 200). */
export async function scanOk(
  ctx: TestContext,
  auth: string,
  body: Parameters<typeof scan>[2],
): Promise<CheckInResponse> {
  return expectOk(await scan(ctx, auth, body), 200, CheckInResponse);
}

export const guestListUrl = (eventId: number, query = '') =>
  `/api/v1/tickets/?event=${eventId}&view=guest_list${query ? `&${query}` : ''}`;
