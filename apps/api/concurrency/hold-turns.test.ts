import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_CARDS } from '@hafla/shared/bookings/payments';
import {
  ApiProcess,
  createAccounts,
  createPublishedEvent,
  createScratchDatabase,
  errorCode,
  freePort,
  one,
  send,
  type Account,
  type Answer,
  type EventFixture,
  type ScratchDatabase,
  testDatabaseUrl,
} from './harness';

/**
 * Holds take turns (decision 0028), on PostgreSQL with a real API process that takes one hold at
 * a time: while a hold is stuck in the database, a payment is still answered at once, the next
 * hold waits its turn and is refused with 503 and Retry-After when that takes too long (having
 * done nothing), one whose buyer hung up while waiting is never made, and the turn comes back.
 */

const adminUrl = testDatabaseUrl();
const QUEUE_MS = 1_500;

let scratch: ScratchDatabase;
let api: ApiProcess;
let fixture: EventFixture;
let buyers: Account[];

beforeAll(async () => {
  scratch = await createScratchDatabase(adminUrl);
  api = new ApiProcess('api-turns', await freePort(), scratch.url, {
    HOLD_CONCURRENCY: '1',
    HOLD_QUEUE_MS: String(QUEUE_MS),
  });
  await api.start();
  const [organizer] = await createAccounts(scratch.database, 'organizer', 1);
  buyers = await createAccounts(scratch.database, 'attendee', 5);
  fixture = await createPublishedEvent(api.port, scratch.database, organizer!, {
    title: 'Turns Night',
    quantity: 100,
    price: 5000,
    maxPerOrder: 2,
  });
}, 90_000);

afterAll(async () => {
  await api?.stop();
  await scratch?.drop();
}, 30_000);

function hold(buyer: Account): Promise<Answer> {
  return send(api.port, 'POST', '/api/v1/tickets/book/', {
    auth: buyer.auth,
    idempotencyKey: randomUUID(),
    body: {
      event: fixture.eventId,
      event_date: fixture.slotId,
      items: [{ ticket_category: fixture.categoryId, quantity: 1 }],
    },
  });
}

async function bookingsOf(buyer: Account): Promise<number> {
  const row = await one<{ count: number }>(
    scratch.database,
    sql`select count(*)::int as count from bookings where user_id = ${buyer.id}`,
  );
  return row.count;
}

/** Settles within `ms`, or is still pending then. */
function settledWithin<T>(promise: Promise<T>, ms: number): Promise<boolean> {
  return Promise.race([
    promise.then(() => true),
    new Promise<boolean>((resolve) => setTimeout(() => resolve(false), ms)),
  ]);
}

describe('holds take turns', () => {
  it('answers payments while holds wait, refuses a long wait with 503, and drops a gone buyer', async () => {
    const [payer, stuck, waiting, gone, after] = buyers as [
      Account,
      Account,
      Account,
      Account,
      Account,
    ];
    const held = await hold(payer);
    expect(held.status, JSON.stringify(held.body)).toBe(201);

    // The stuck buyer's row is locked by another session: their hold takes the only turn and waits.
    const blocker = new pg.Client({ connectionString: scratch.url });
    blocker.on('error', () => {});
    await blocker.connect();
    try {
      await blocker.query('begin');
      await blocker.query('select 1 from users where id = $1 for update', [stuck.id]);
      const stuckHold = hold(stuck);
      expect(await settledWithin(stuckHold, 300)).toBe(false);

      // Another hold waits for the turn; a buyer who gives up while waiting leaves the queue.
      const waitingHold = hold(waiting);
      const goneHold = fetch(`http://127.0.0.1:${api.port}/api/v1/tickets/book/`, {
        method: 'POST',
        headers: { authorization: gone.auth, 'content-type': 'application/json' },
        body: JSON.stringify({
          event: fixture.eventId,
          event_date: fixture.slotId,
          items: [{ ticket_category: fixture.categoryId, quantity: 1 }],
        }),
        signal: AbortSignal.timeout(200),
      }).catch((error: unknown) => error);

      // Payments do not take turns with holds: answered while both holds wait.
      const started = Date.now();
      const paid = await send(api.port, 'POST', '/api/v1/payment/pay/', {
        auth: payer.auth,
        idempotencyKey: randomUUID(),
        body: { booking: (held.body as { id: number }).id, payment_method: TEST_CARDS.success },
      });
      expect(paid.status, JSON.stringify(paid.body)).toBe(200);
      expect(Date.now() - started).toBeLessThan(QUEUE_MS);
      expect(await settledWithin(stuckHold, 0)).toBe(false);
      expect(await goneHold).toBeInstanceOf(Error);

      const refused = await waitingHold;
      expect(refused.status).toBe(503);
      expect(errorCode(refused)).toBe('service_unavailable');
      expect(Number(refused.retryAfter)).toBeGreaterThan(0);
      expect(await bookingsOf(waiting)).toBe(0);

      await blocker.query('commit');
      const unstuck = await stuckHold;
      expect(unstuck.status, JSON.stringify(unstuck.body)).toBe(201);
    } finally {
      await blocker.end();
    }
    expect(await bookingsOf(gone)).toBe(0);

    // The turn is free again: the next hold is taken at once, and the refused buyer can retry.
    expect((await hold(after)).status).toBe(201);
    expect((await hold(waiting)).status).toBe(201);
  });
});
