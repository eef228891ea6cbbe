import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { io } from 'socket.io-client';
import {
  AVAILABILITY_CHANGED_EVENT,
  AVAILABILITY_JOIN_EVENT,
  AvailabilityChanged,
} from '@hafla/shared/bookings/availability';
import { TEST_CARDS } from '@hafla/shared/bookings/payments';
import { signAccessToken } from '../src/lib/tokens';
import { collectNotifications, SocketClients } from '../test/socket-clients';
import {
  ApiProcess,
  createAccounts,
  createPublishedEvent,
  createScratchDatabase,
  freePort,
  JWT_SECRET,
  send,
  type Account,
  type EventFixture,
  type ScratchDatabase,
} from './harness';

/**
 * Notifications across API processes: a socket connected to one process receives what another
 * process wrote (through @socket.io/postgres-adapter on the shared PostgreSQL), only its own
 * user's, and only with a valid token.
 */

const adminUrl = process.env.TEST_DATABASE_URL;
if (!adminUrl) {
  throw new Error(
    'The realtime cluster test needs PostgreSQL: set TEST_DATABASE_URL (e.g. postgres://postgres@127.0.0.1:5432/test)',
  );
}

let scratch: ScratchDatabase;
let apis: [ApiProcess, ApiProcess];
let organizer: Account;
let buyers: Account[];
const clients = new SocketClients();

const tokenOf = (account: Account) => account.auth.replace(/^Bearer /, '');

const connect = (api: ApiProcess, token: unknown) =>
  clients.connect(`http://127.0.0.1:${api.port}`, token);

/** Books one ticket and pays for it, both through `api`. */
async function buyOne(api: ApiProcess, buyer: Account, fixture: EventFixture) {
  const held = await send(api.port, 'POST', '/api/v1/tickets/book/', {
    auth: buyer.auth,
    idempotencyKey: randomUUID(),
    body: {
      event: fixture.eventId,
      event_date: fixture.slotId,
      items: [{ ticket_category: fixture.categoryId, quantity: 1 }],
    },
  });
  expect(held.status, JSON.stringify(held.body)).toBe(201);
  const booking = held.body as { id: number };
  const paid = await send(api.port, 'POST', '/api/v1/payment/pay/', {
    auth: buyer.auth,
    idempotencyKey: randomUUID(),
    body: { booking: booking.id, payment_method: TEST_CARDS.success },
  });
  expect(paid.status, JSON.stringify(paid.body)).toBe(200);
  return booking.id;
}

beforeAll(async () => {
  scratch = await createScratchDatabase(adminUrl);
  const [portA, portB] = [await freePort(), await freePort()];
  apis = [new ApiProcess('api-a', portA, scratch.url), new ApiProcess('api-b', portB, scratch.url)];
  await Promise.all(apis.map((api) => api.start()));
  organizer = (await createAccounts(scratch.database, 'organizer', 1))[0]!;
  buyers = await createAccounts(scratch.database, 'attendee', 3);
}, 90_000);

afterEach(() => clients.closeAll());

afterAll(async () => {
  await Promise.all((apis ?? []).map((api) => api.stop()));
  await scratch?.drop();
}, 30_000);

describe('realtime notifications across two API processes on PostgreSQL', () => {
  it('a socket on one process receives what the other process wrote, and only its own', async () => {
    const [a, b] = apis;
    const [buyerOnA, buyerOnB, bystander] = buyers as [Account, Account, Account];
    const fixture = await createPublishedEvent(b.port, scratch.database, organizer, {
      title: 'Two rooms',
      quantity: 10,
      price: 5000,
      maxPerOrder: 2,
    });

    const toBuyerA = collectNotifications(await connect(a, tokenOf(buyerOnA)));
    const toOrganizerA = collectNotifications(await connect(a, tokenOf(organizer)));
    const toBuyerB = collectNotifications(await connect(b, tokenOf(buyerOnB)));
    const toBystanderA = collectNotifications(await connect(a, tokenOf(bystander)));
    const toBystanderB = collectNotifications(await connect(b, tokenOf(bystander)));

    // Written by process B, received on A.
    const bookingA = await buyOne(b, buyerOnA, fixture);
    await expect
      .poll(() => toBuyerA.map((n) => n.kind), { timeout: 5_000 })
      .toEqual(['booking_confirmed']);
    expect(toBuyerA[0]!.extra_data).toMatchObject({ event: fixture.eventId, booking: bookingA });
    await expect.poll(() => toOrganizerA.length, { timeout: 5_000 }).toBe(1);

    // Written by process A, received on B.
    await buyOne(a, buyerOnB, fixture);
    await expect
      .poll(() => toBuyerB.map((n) => n.kind), { timeout: 5_000 })
      .toEqual(['booking_confirmed']);
    await expect.poll(() => toOrganizerA.length, { timeout: 5_000 }).toBe(2);

    // A cancellation through B fans out by a job and reaches both holders on both processes.
    const cancelled = await send(b.port, 'PATCH', `/api/v1/events/${fixture.eventId}/`, {
      auth: organizer.auth,
      body: { status: 'cancelled' },
    });
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    for (const received of [toBuyerA, toBuyerB]) {
      await expect
        .poll(() => received.map((n) => n.kind).sort(), { timeout: 10_000 })
        .toEqual(['booking_confirmed', 'event_cancelled', 'refund_done']);
    }

    // No one else's notification ever arrived, and none arrived twice.
    expect(toBystanderA).toEqual([]);
    expect(toBystanderB).toEqual([]);
    expect(new Set(toBuyerA.map((n) => n.id)).size).toBe(toBuyerA.length);
  });

  it('tells a booking page on one process what is left after a sale through the other', async () => {
    const [a, b] = apis;
    const fixture = await createPublishedEvent(a.port, scratch.database, organizer, {
      title: 'Live figures',
      quantity: 10,
      price: 5000,
      maxPerOrder: 2,
    });
    // An anonymous page on B, in the event's availability room (decision 0025).
    const page = io(`http://127.0.0.1:${b.port}`, {
      auth: { anonymous: true },
      transports: ['websocket'],
      reconnection: false,
      forceNew: true,
    });
    try {
      const heard: AvailabilityChanged[] = [];
      page.on(AVAILABILITY_CHANGED_EVENT, (payload: unknown) =>
        heard.push(AvailabilityChanged.parse(payload)),
      );
      await new Promise<void>((resolve, reject) => {
        page.once('connect', () => resolve());
        page.once('connect_error', reject);
      });
      await page.emitWithAck(AVAILABILITY_JOIN_EVENT, { event: fixture.eventId });
      const left = () => heard.at(-1)?.slots[0]?.ticket_categories[0]?.available;
      await expect.poll(left, { timeout: 5_000 }).toBe(10);

      // Sold through A: B reads it within its interval (a second), with nothing sent between them.
      const [buyer] = buyers as [Account];
      await buyOne(a, buyer, fixture);
      const sold = Date.now();
      await expect.poll(left, { timeout: 5_000 }).toBe(9);
      expect(Date.now() - sold).toBeLessThan(2_500);
    } finally {
      page.disconnect();
    }
  });

  it('refuses forged and expired tokens on every process', async () => {
    const [buyer] = buyers as [Account];
    const forged = await signAccessToken('a-different-secret-that-is-long-enough-to-sign', {
      userId: buyer.id,
      roles: ['attendee'],
    });
    const expired = await signAccessToken(
      JWT_SECRET,
      { userId: buyer.id, roles: ['attendee'] },
      new Date(Date.now() - 3_600_000),
    );
    for (const api of apis) {
      await expect(connect(api, forged)).rejects.toThrow('token_not_valid');
      await expect(connect(api, expired)).rejects.toThrow('token_not_valid');
      await expect(connect(api, 'not-a-token')).rejects.toThrow('token_not_valid');
      await expect(connect(api, undefined)).rejects.toThrow('not_authenticated');
    }
  });
});
