import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { io, type Socket } from 'socket.io-client';
import { Booking } from '@hafla/shared/bookings/bookings';
import {
  AVAILABILITY_CHANGED_EVENT,
  AVAILABILITY_JOIN_EVENT,
  AvailabilityChanged,
} from '@hafla/shared/bookings/availability';
import { book, lapseHold, pay, send } from './booking-helpers';
import {
  call,
  createAttendee,
  createOrganizer,
  createPublishedEvent,
  expectOk,
  inDays,
  type Account,
  type EventFixture,
} from './event-helpers';
import { createTestContext, type TestContext } from './helpers';

/**
 * Live availability (decision 0025): a booking page's socket, signed in or not, joins its
 * event's room and hears what is left in each slot — after a hold, a release, a sale, a lapsed
 * hold, a new quantity — only when it changed, and nothing of other events.
 */

const FEED_MS = 50;

let ctx: TestContext;
let url: string;
let organizer: Account;
let buyer: Account;
let fixture: EventFixture;
let other: EventFixture;
let slot: number;
let category: number;
const sockets: Socket[] = [];

/** An anonymous socket in an event's availability room, collecting what it hears. */
async function watch(event: unknown): Promise<{ joined: boolean; heard: AvailabilityChanged[] }> {
  const socket = io(url, {
    auth: { anonymous: true },
    transports: ['websocket'],
    reconnection: false,
    forceNew: true,
  });
  sockets.push(socket);
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
  const heard: AvailabilityChanged[] = [];
  socket.on(AVAILABILITY_CHANGED_EVENT, (payload: unknown) => {
    heard.push(AvailabilityChanged.parse(payload));
  });
  const { ok } = (await socket.emitWithAck(AVAILABILITY_JOIN_EVENT, { event })) as { ok: boolean };
  return { joined: ok, heard };
}

/** What the last message said is left of the fixture's first category in its first slot. */
const left = (heard: AvailabilityChanged[]) =>
  heard.at(-1)?.slots.find((candidate) => candidate.id === slot)?.ticket_categories[0];

const hold = async (quantity: number) =>
  expectOk(
    await book(ctx, buyer.auth, {
      event: fixture.event.id,
      event_date: slot,
      items: [{ ticket_category: category, quantity }],
    }),
    201,
    Booking,
  );

beforeAll(async () => {
  ctx = await createTestContext({ AVAILABILITY_FEED_MS: String(FEED_MS) });
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  url = `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`;
  organizer = await createOrganizer(ctx);
  buyer = await createAttendee(ctx);
  fixture = await createPublishedEvent(ctx, organizer.auth, {
    max_tickets_per_order: 10,
    dates: [
      { start: inDays(7), end: inDays(7, 3) },
      { start: inDays(8), end: inDays(8, 3) },
    ],
    ticket_categories: [
      { name: 'Standing', quantity: 10 },
      { name: 'Later', quantity: 5, sales_start: inDays(3) },
    ],
  });
  other = await createPublishedEvent(ctx, organizer.auth);
  slot = fixture.dates[0]!.id;
  category = fixture.ticket_categories[0]!.id;
}, 60_000);

afterEach(() => {
  for (const socket of sockets.splice(0)) socket.disconnect();
});

afterAll(async () => {
  await ctx?.close();
});

describe('the availability rooms', () => {
  it('tell a page what is left in every slot, as event-details does, within an interval of joining', async () => {
    const reader = await watch(fixture.event.id);
    expect(reader.joined).toBe(true);
    await expect.poll(() => reader.heard.length).toBe(1);
    const details = (
      await call(ctx, null, 'GET', `/api/v1/events/${fixture.event.id}/event-details/`)
    ).json() as {
      days: Array<{
        periods: Array<{
          id: number;
          ticket_categories: Array<{ id: number; available: number; sales_state: string }>;
        }>;
      }>;
    };
    const shown = details.days.flatMap((day) =>
      day.periods.map((period) => ({
        id: period.id,
        ticket_categories: period.ticket_categories.map(({ id, available, sales_state }) => ({
          id,
          available,
          sales_state,
        })),
      })),
    );
    expect(reader.heard[0]).toEqual({ event: fixture.event.id, slots: shown });
    expect(left(reader.heard)).toMatchObject({ available: 10, sales_state: 'on_sale' });
    expect(reader.heard[0]?.slots[0]?.ticket_categories[1]?.sales_state).toBe('not_started');
  });

  it('follow holds, releases, sales and lapses, once per change, and only for their event', async () => {
    const reader = await watch(fixture.event.id);
    const elsewhere = await watch(other.event.id);
    await expect.poll(() => reader.heard.length).toBe(1);
    await expect.poll(() => elsewhere.heard.length).toBe(1);
    const start = left(reader.heard)!.available;

    const held = await hold(3);
    await expect.poll(() => left(reader.heard)?.available).toBe(start - 3);
    // Nothing moved: nothing more is sent, however many intervals pass.
    const count = reader.heard.length;
    await new Promise((resolve) => setTimeout(resolve, FEED_MS * 5));
    expect(reader.heard.length).toBe(count);

    expectOk(
      await send(ctx, buyer.auth, 'POST', `/api/v1/bookings/${held.id}/cancel/`),
      200,
      Booking,
    );
    await expect.poll(() => left(reader.heard)?.available).toBe(start);

    const sold = await hold(2);
    expect((await pay(ctx, buyer.auth, sold.id)).statusCode).toBe(200);
    await expect.poll(() => left(reader.heard)?.available).toBe(start - 2);

    // A hold that lapses frees its tickets by the clock alone: no write, and yet it is told.
    const lapsing = await hold(1);
    await expect.poll(() => left(reader.heard)?.available).toBe(start - 3);
    await lapseHold(ctx, lapsing.id);
    await expect.poll(() => left(reader.heard)?.available).toBe(start - 2);

    expect(elsewhere.heard).toHaveLength(1);
  });

  it('say when a category sells out, and when an organizer’s new quantity brings it back', async () => {
    const small = await createPublishedEvent(ctx, organizer.auth, {
      ticket_categories: [{ name: 'Last two', quantity: 2 }],
    });
    const [smallSlot] = small.dates.map((date) => date.id);
    const [smallCategory] = small.ticket_categories.map((candidate) => candidate.id);
    const reader = await watch(small.event.id);
    const now = () => reader.heard.at(-1)?.slots[0]?.ticket_categories[0];
    await expect.poll(now).toEqual({ id: smallCategory, available: 2, sales_state: 'on_sale' });

    expectOk(
      await book(ctx, buyer.auth, {
        event: small.event.id,
        event_date: smallSlot!,
        items: [{ ticket_category: smallCategory!, quantity: 2 }],
      }),
      201,
      Booking,
    );
    await expect.poll(now).toEqual({ id: smallCategory, available: 0, sales_state: 'sold_out' });

    const changed = await call(
      ctx,
      organizer.auth,
      'PATCH',
      `/api/v1/ticket_categories/${smallCategory}/`,
      { quantity: 5 },
    );
    expect(changed.statusCode, changed.body).toBe(200);
    await expect.poll(now).toEqual({ id: smallCategory, available: 3, sales_state: 'on_sale' });
  });

  it('refuse what is not an event id, and more than a few rooms on one socket', async () => {
    for (const event of ['12', -1, 0, 1.5, null]) expect((await watch(event)).joined).toBe(false);
    const socket = io(url, {
      auth: { anonymous: true },
      transports: ['websocket'],
      forceNew: true,
    });
    sockets.push(socket);
    const answers: boolean[] = [];
    for (let event = 1; event <= 6; event += 1) {
      const answer = (await socket.emitWithAck(AVAILABILITY_JOIN_EVENT, { event })) as {
        ok: boolean;
      };
      answers.push(answer.ok);
    }
    expect(answers).toEqual([true, true, true, true, false, false]);
  });
});
