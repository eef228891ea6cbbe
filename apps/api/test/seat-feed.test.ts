import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { io, type Socket } from 'socket.io-client';
import { Booking } from '@hafla/shared/bookings/bookings';
import { PayResult } from '@hafla/shared/bookings/payments';
import { sampleChart } from '@hafla/shared/charts/sample-chart';
import {
  SEATS_CHANGED_EVENT,
  SEATS_JOIN_EVENT,
  SeatsChanged,
  type SeatState,
} from '@hafla/shared/charts/seats';
import { book, pay, send } from './booking-helpers';
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
import { createPublishedChart } from './chart-helpers';
import { createTestContext, type TestContext } from './helpers';

/**
 * Live seat status (decision 0020): anyone's socket, signed in or not, joins a date's seat room
 * and hears every hold, release, sale and block of that date, and nothing of other dates.
 */

let ctx: TestContext;
let url: string;
let organizer: Account;
let buyer: Account;
let fixture: EventFixture;
let date: number;
let otherDate: number;
const sockets: Socket[] = [];

/** An anonymous socket in a date's seat room, collecting what it hears. */
async function watch(eventDate: unknown): Promise<{ joined: boolean; heard: SeatState[][] }> {
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
  const heard: SeatState[][] = [];
  socket.on(SEATS_CHANGED_EVENT, (payload: unknown) => {
    const change = SeatsChanged.parse(payload);
    heard.push(change.seats);
  });
  const { ok } = (await socket.emitWithAck(SEATS_JOIN_EVENT, { event_date: eventDate })) as {
    ok: boolean;
  };
  return { joined: ok, heard };
}

beforeAll(async () => {
  ctx = await createTestContext();
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  url = `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`;
  organizer = await createOrganizer(ctx);
  buyer = await createAttendee(ctx);
  fixture = await createPublishedEvent(ctx, organizer.auth, {
    dates: [
      { start: inDays(7), end: inDays(7, 3) },
      { start: inDays(8), end: inDays(8, 3) },
    ],
    ticket_categories: [{ name: 'Seats', price: 5000 }, { name: 'Floor' }],
  });
  [date, otherDate] = fixture.dates.map((slot) => slot.id) as [number, number];
  const chart = await createPublishedChart(ctx, organizer.auth, sampleChart(), 'Hall');
  const [seats, floor] = fixture.ticket_categories.map((category) => category.id);
  for (const slot of [date, otherDate]) {
    const attached = await call(ctx, organizer.auth, 'PUT', `/api/v1/event_dates/${slot}/chart/`, {
      chart,
      categories: { vip: seats, standard: seats, standing: floor },
    });
    expect(attached.statusCode, attached.body).toBe(200);
  }
}, 60_000);

afterEach(() => {
  for (const socket of sockets.splice(0)) socket.disconnect();
});

afterAll(async () => {
  await ctx?.close();
});

describe('the seat rooms', () => {
  it('tell anonymous readers of a date every hold, release, sale and block, and only theirs', async () => {
    const reader = await watch(date);
    const elsewhere = await watch(otherDate);
    expect(reader.joined).toBe(true);

    const held = expectOk(
      await book(ctx, buyer.auth, {
        event: fixture.event.id,
        event_date: date,
        items: [],
        seats: ['stalls.r3.s1', 'stalls.r3.s2'],
      }),
      201,
      Booking,
    );
    await expect.poll(() => reader.heard.length).toBe(1);
    expect(reader.heard[0]).toEqual([
      { id: 'stalls.r3.s1', status: 'held' },
      { id: 'stalls.r3.s2', status: 'held' },
    ]);

    expectOk(
      await send(ctx, buyer.auth, 'POST', `/api/v1/bookings/${held.id}/cancel/`),
      200,
      Booking,
    );
    await expect.poll(() => reader.heard.length).toBe(2);
    expect(reader.heard[1]?.map((seat) => seat.status)).toEqual(['available', 'available']);

    const again = expectOk(
      await book(ctx, buyer.auth, {
        event: fixture.event.id,
        event_date: date,
        items: [],
        seats: ['stalls.r3.s1', 'stalls.r3.s2'],
      }),
      201,
      Booking,
    );
    expectOk(await pay(ctx, buyer.auth, again.id), 200, PayResult);
    await expect.poll(() => reader.heard.length).toBe(4);
    expect(reader.heard[3]?.map((seat) => seat.status)).toEqual(['sold', 'sold']);

    const blocked = await call(
      ctx,
      organizer.auth,
      'POST',
      `/api/v1/event_dates/${date}/seats/block/`,
      {
        seats: ['balcony.r1.s1'],
        blocked: true,
      },
    );
    expect(blocked.statusCode, blocked.body).toBe(200);
    await expect.poll(() => reader.heard.length).toBe(5);
    expect(reader.heard[4]).toEqual([{ id: 'balcony.r1.s1', status: 'blocked' }]);

    await ctx.app.background.idle();
    expect(elsewhere.heard).toEqual([]);
  });

  it('refuses a join that names no date, and still connects nobody without a token or the flag', async () => {
    expect((await watch('seats:1')).joined).toBe(false);
    expect((await watch(-3)).joined).toBe(false);
    const socket = io(url, {
      auth: {},
      transports: ['websocket'],
      reconnection: false,
      forceNew: true,
    });
    sockets.push(socket);
    const refused = await new Promise<string>((resolve) => {
      socket.once('connect', () => resolve('connected'));
      socket.once('connect_error', (error: Error & { data?: { code?: string } }) =>
        resolve(error.data?.code ?? error.message),
      );
    });
    expect(refused).toBe('not_authenticated');
  });
});
