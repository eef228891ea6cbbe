import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PgListener } from '../src/db/listener';
import { TEST_CARDS } from '@hafla/shared/bookings/payments';
import {
  ApiProcess,
  createAccounts,
  createPublishedEvent,
  createScratchDatabase,
  freePort,
  send,
  type Account,
  type Answer,
  type EventFixture,
  type ScratchDatabase,
  testDatabaseUrl,
} from './harness';

/**
 * The read cache across processes (decision 0017): a change made through one API process is
 * read through the other at once — never the answer from before — while a crowd keeps that
 * other process's cache busy with the same pages.
 */

const adminUrl = testDatabaseUrl();

let scratch: ScratchDatabase;
let writer: ApiProcess;
let reader: ApiProcess;
let organizer: Account;
let buyer: Account;
let fixture: EventFixture;

beforeAll(async () => {
  scratch = await createScratchDatabase(adminUrl);
  const [portA, portB] = [await freePort(), await freePort()];
  writer = new ApiProcess('api-writer', portA, scratch.url);
  reader = new ApiProcess('api-reader', portB, scratch.url);
  await Promise.all([writer.start(), reader.start()]);
  organizer = (await createAccounts(scratch.database, 'organizer', 1))[0]!;
  buyer = (await createAccounts(scratch.database, 'attendee', 1))[0]!;
  fixture = await createPublishedEvent(writer.port, scratch.database, organizer, {
    title: 'Version 0',
    quantity: 50,
    price: 5000,
    maxPerOrder: 5,
  });
}, 90_000);

afterAll(async () => {
  for (const api of [writer, reader]) {
    const errors = api?.log.filter((line) => /"level":(50|60)/.test(line)) ?? [];
    if (errors.length > 0) console.error(`${api.name} logged:\n${errors.slice(0, 5).join('\n')}`);
  }
  await Promise.all([writer?.stop(), reader?.stop()]);
  await scratch?.drop();
}, 30_000);

function ok<T>(answer: Answer, status = 200): T {
  expect(answer.status, JSON.stringify(answer.body ?? answer.error)).toBe(status);
  return answer.body as T;
}

interface Page {
  title: string;
  status: string;
  dates: Array<{ id: number }>;
  ticket_categories: Array<{ id: number; price: number }>;
}

const page = () => `/api/v1/events_read/${fixture.eventId}`;
const listUrl = () => `/api/v1/events_read/?organizer=${organizer.id}`;

/**
 * A crowd on the reading process: the event page, its list and home, over and over, until
 * stopped, so every read below races computations and hits under way.
 */
function crowd(): () => Promise<number> {
  let running = true;
  let answered = 0;
  const paths = [page(), listUrl(), '/api/v1/home'];
  const loops = Array.from({ length: 24 }, async (_, index) => {
    while (running) {
      const answer = await send(reader.port, 'GET', paths[index % paths.length]!);
      expect(answer.status).toBe(200);
      answered += 1;
    }
  });
  return async () => {
    running = false;
    await Promise.all(loops);
    return answered;
  };
}

describe('a change through one process, read through the other at once', () => {
  it('is never stale: titles, a new slot, a price, a sale and a cancellation', async () => {
    const stop = crowd();
    try {
      for (let version = 1; version <= 25; version += 1) {
        const title = `Version ${version}`;
        ok(
          await send(writer.port, 'PATCH', `/api/v1/events/${fixture.eventId}/`, {
            auth: organizer.auth,
            body: { title },
          }),
        );
        // At once, on the other process: the page, the list and home.
        const [detail, list, home] = await Promise.all([
          send(reader.port, 'GET', page()),
          send(reader.port, 'GET', listUrl()),
          send(reader.port, 'GET', '/api/v1/home'),
        ]);
        expect(ok<Page>(detail).title).toBe(title);
        expect(ok<{ results: Array<{ title: string }> }>(list).results.map((r) => r.title)).toEqual(
          [title],
        );
        const shown = ok<{ sections: Array<{ events: Array<{ id: number; title: string }> }> }>(
          home,
        ).sections.flatMap((section) => section.events.filter((e) => e.id === fixture.eventId));
        for (const event of shown) expect(event.title).toBe(title);
      }

      const start = new Date(Date.now() + 9 * 86_400_000);
      start.setUTCSeconds(0, 0);
      const slot = ok<{ id: number }>(
        await send(writer.port, 'POST', '/api/v1/event_dates/', {
          auth: organizer.auth,
          body: {
            event: fixture.eventId,
            start: start.toISOString(),
            end: new Date(start.getTime() + 2 * 3_600_000).toISOString(),
          },
        }),
        201,
      );
      expect(ok<Page>(await send(reader.port, 'GET', page())).dates.map((d) => d.id)).toContain(
        slot.id,
      );

      ok(
        await send(writer.port, 'PATCH', `/api/v1/ticket_categories/${fixture.categoryId}/`, {
          auth: organizer.auth,
          body: { price: 6500 },
        }),
      );
      expect(
        ok<Page>(await send(reader.port, 'GET', page())).ticket_categories.map((c) => c.price),
      ).toEqual([6500]);

      // A sale through the writer: the reader's availability (a live read) moves at once.
      const availability = async () => {
        const details = ok<{
          days: Array<{
            periods: Array<{ id: number; ticket_categories: Array<{ available: number }> }>;
          }>;
        }>(await send(reader.port, 'GET', `/api/v1/events/${fixture.eventId}/event-details/`));
        const period = details.days
          .flatMap((day) => day.periods)
          .find((p) => p.id === fixture.slotId);
        return period?.ticket_categories[0]?.available;
      };
      expect(await availability()).toBe(50);
      const booking = ok<{ id: number }>(
        await send(writer.port, 'POST', '/api/v1/tickets/book/', {
          auth: buyer.auth,
          idempotencyKey: randomUUID(),
          body: {
            event: fixture.eventId,
            event_date: fixture.slotId,
            items: [{ ticket_category: fixture.categoryId, quantity: 2 }],
          },
        }),
        201,
      );
      expect(await availability()).toBe(48);
      ok(
        await send(writer.port, 'POST', '/api/v1/payment/pay/', {
          auth: buyer.auth,
          idempotencyKey: randomUUID(),
          body: { booking: booking.id, payment_method: TEST_CARDS.success },
        }),
      );
      expect(await availability()).toBe(48);

      ok(
        await send(writer.port, 'PATCH', `/api/v1/events/${fixture.eventId}/`, {
          auth: organizer.auth,
          body: { status: 'cancelled' },
        }),
      );
      expect(ok<Page>(await send(reader.port, 'GET', page())).status).toBe('cancelled');
      expect(ok<{ count: number }>(await send(reader.port, 'GET', listUrl())).count).toBe(0);
    } finally {
      const answered = await stop();
      // The crowd really read meanwhile (and every answer was a 200).
      expect(answered).toBeGreaterThan(50);
    }
  });
});

describe('the barrier before each cached read', () => {
  it('hears every notice committed before it, however fast the read follows the commit', async () => {
    const heard: string[] = [];
    const log = { warn: () => undefined, info: () => undefined };
    const listener = new PgListener({
      connectionString: scratch.url,
      channels: ['hafla_read_barrier_test'],
      onNotification: (_channel, payload) => heard.push(payload),
      log,
    });
    const writerClient = new pg.Client({ connectionString: scratch.url });
    try {
      expect(await listener.start()).toBe(true);
      await writerClient.connect();
      for (let round = 1; round <= 300; round += 1) {
        await writerClient.query('begin');
        await writerClient.query(`select pg_notify('hafla_read_barrier_test', $1)`, [
          String(round),
        ]);
        await writerClient.query('commit');
        // The commit has returned; one round trip on the LISTEN connection, and it is heard.
        expect(await listener.roundTrip()).toBe(true);
        expect(heard.at(-1)).toBe(String(round));
      }
      expect(heard).toHaveLength(300);
    } finally {
      await writerClient.end();
      await listener.close();
    }
    expect(await listener.roundTrip()).toBe(false);
  });
});
