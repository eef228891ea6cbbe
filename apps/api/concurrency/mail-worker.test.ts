import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_CARDS } from '@hafla/shared/bookings/payments';
import { rowsOf } from '../src/lib/db-rows';
import { startSmtpSink, type SmtpSink } from '../test/smtp-sink';
import {
  ApiProcess,
  createAccounts,
  createPublishedEvent,
  createScratchDatabase,
  freePort,
  send,
  type Account,
  type EventFixture,
  type ScratchDatabase,
} from './harness';

/**
 * Checkout and delivery scaled apart: two API processes with MAIL_WORKER=external answer
 * bookings and payments and send no mail; two `npm run worker` processes (src/worker.ts) send
 * every confirmation, each exactly once, sharing the outbox.
 */

const BUYERS = 24;

let scratch: ScratchDatabase;
let sink: SmtpSink;
let apis: ApiProcess[] = [];
let workers: ApiProcess[] = [];
let fixture: EventFixture;
let buyers: Account[];

beforeAll(async () => {
  scratch = await createScratchDatabase(process.env.TEST_DATABASE_URL!);
  sink = await startSmtpSink();
  const env = { SMTP_URL: sink.url, MAIL_WORKER: 'external' };
  apis = [
    new ApiProcess('api-a', await freePort(), scratch.url, env),
    new ApiProcess('api-b', await freePort(), scratch.url, env),
  ];
  await Promise.all(apis.map((api) => api.start()));
  const [organizer] = await createAccounts(scratch.database, 'organizer', 1);
  buyers = await createAccounts(scratch.database, 'attendee', BUYERS);
  fixture = await createPublishedEvent(apis[0]!.port, scratch.database, organizer!, {
    title: 'Delivery apart',
    quantity: 1_000,
    price: 5_000,
    maxPerOrder: 4,
  });
});

afterAll(async () => {
  await Promise.all([...apis, ...workers].map((process) => process.stop()));
  await sink?.close();
  await scratch?.drop();
});

const pending = async () =>
  rowsOf<{ n: number }>(
    await scratch.database.db.execute(
      sql`select count(*)::int as n from mail_outbox where kind = 'booking_confirmed' and status = 'pending'`,
    ),
  )[0]!.n;

describe('MAIL_WORKER=external with npm run worker', () => {
  it('API processes answer checkouts without sending; worker processes send each confirmation once', async () => {
    await Promise.all(
      buyers.map(async (buyer, index) => {
        const api = apis[index % apis.length]!;
        const book = await send(api.port, 'POST', '/api/v1/tickets/book/', {
          auth: buyer.auth,
          body: {
            event: fixture.eventId,
            event_date: fixture.slotId,
            items: [{ ticket_category: fixture.categoryId, quantity: 1 }],
          },
        });
        expect(book.status).toBe(201);
        const pay = await send(api.port, 'POST', '/api/v1/payment/pay/', {
          auth: buyer.auth,
          body: { booking: (book.body as { id: number }).id, payment_method: TEST_CARDS.success },
        });
        expect(pay.status).toBe(200);
      }),
    );
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(sink.messages).toHaveLength(0);
    expect(await pending()).toBe(BUYERS);

    workers = [
      new ApiProcess(
        'worker-a',
        0,
        scratch.url,
        { SMTP_URL: sink.url, LOG_LEVEL: 'info' },
        'src/worker.ts',
      ),
      new ApiProcess(
        'worker-b',
        0,
        scratch.url,
        { SMTP_URL: sink.url, LOG_LEVEL: 'info' },
        'src/worker.ts',
      ),
    ];
    await Promise.all(workers.map((worker) => worker.start()));
    const confirmations = () => sink.messages.filter((mail) => /tickets/i.test(mail.subject));
    const deadline = Date.now() + 30_000;
    while ((await pending()) > 0 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    // Anything sent twice would have arrived by now too.
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(confirmations()).toHaveLength(BUYERS);
    expect(new Set(confirmations().map((mail) => mail.to[0])).size).toBe(BUYERS);
    expect(await pending()).toBe(0);
    expect(workers.every((worker) => worker.running)).toBe(true);
  });
});
