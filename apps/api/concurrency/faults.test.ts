import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_CARDS } from '@hafla/shared/bookings/payments';
import { rowsOf } from '../src/lib/db-rows';
import { startSmtpSink, type SmtpSink } from '../test/smtp-sink';
import {
  ApiProcess,
  consistencyOf,
  createAccounts,
  createPublishedEvent,
  createScratchDatabase,
  errorCode,
  freePort,
  moneyOf,
  send,
  type Account,
  type Answer,
  type EventFixture,
  type ScratchDatabase,
} from './harness';
import { startPrivatePostgres, type PrivatePostgres } from './private-postgres';

/**
 * The faults real deployments see, under a booking-and-paying load on two API processes: the
 * database stopped and started three times (a cluster of the test's own), then one process killed
 * with SIGKILL five times and started again. No process may exit by itself, calls during an
 * outage answer 503 with Retry-After, service returns within 10 s, and afterwards no money, no
 * inventory and no mail is lost.
 */

const SHOPPERS = 6;
const OUTAGES: Array<'fast' | 'immediate'> = ['fast', 'immediate', 'fast'];
const KILLS = 5;
const RECOVERY_LIMIT_MS = 10_000;
/** How long the books may take to settle after the load: the sweep's reach. */
const SETTLE_LIMIT_MS = 150_000;

let cluster: PrivatePostgres;
let scratch: ScratchDatabase;
let sink: SmtpSink;
let apis: [ApiProcess, ApiProcess];
let fixture: EventFixture;
let buyers: Account[];
const summary: string[] = [];

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

beforeAll(async () => {
  cluster = await startPrivatePostgres(await freePort());
  scratch = await createScratchDatabase(cluster.url);
  sink = await startSmtpSink();
  const [portA, portB] = [await freePort(), await freePort()];
  const env = { SMTP_URL: sink.url };
  apis = [
    new ApiProcess('api-a', portA, scratch.url, env),
    new ApiProcess('api-b', portB, scratch.url, env),
  ];
  await Promise.all(apis.map((api) => api.start()));
  const [organizer] = await createAccounts(scratch.database, 'organizer', 1);
  buyers = await createAccounts(scratch.database, 'attendee', 3000);
  fixture = await createPublishedEvent(portA, scratch.database, organizer!, {
    title: 'Outage Night',
    quantity: 100_000,
    price: 5000,
    maxPerOrder: 4,
  });
}, 120_000);

afterAll(async () => {
  if (summary.length > 0) console.log(`\nFaults on PostgreSQL:\n${summary.join('\n')}\n`);
  for (const api of apis ?? []) {
    const errors = api.log.filter((line) => /"level":(50|60)/.test(line));
    if (errors.length > 0) console.error(`${api.name} logged:\n${errors.slice(0, 5).join('\n')}`);
  }
  await Promise.all((apis ?? []).map((api) => api.stop()));
  await sink?.close();
  await scratch?.database.close().catch(() => undefined);
  await cluster?.destroy();
}, 60_000);

interface Seen {
  stage: 'book' | 'pay';
  answer: Answer;
}

/**
 * Buyers booking one or two tickets and paying, each step sent to either process and retried
 * like a real client (same Idempotency-Key) while the process is gone or answers 503.
 */
class Load {
  readonly seen: Seen[] = [];
  private next = 0;
  private stopping = false;
  private readonly shoppers: Array<Promise<void>> = [];

  start(count: number): void {
    for (let index = 0; index < count; index += 1) this.shoppers.push(this.shop());
  }

  async stop(): Promise<void> {
    this.stopping = true;
    await Promise.all(this.shoppers);
  }

  private async shop(): Promise<void> {
    while (!this.stopping) {
      const buyer = buyers[this.next++];
      if (!buyer) return;
      await this.purchase(buyer, 1 + (this.next % 2));
    }
  }

  private async purchase(buyer: Account, quantity: number): Promise<void> {
    const book = await this.retrying('book', 'POST', '/api/v1/tickets/book/', buyer, {
      event: fixture.eventId,
      event_date: fixture.slotId,
      items: [{ ticket_category: fixture.categoryId, quantity }],
    });
    if (book.status !== 201) return;
    await this.retrying('pay', 'POST', '/api/v1/payment/pay/', buyer, {
      booking: (book.body as { id: number }).id,
      payment_method: TEST_CARDS.success,
    });
  }

  /** One step, retried with its key until it has a real answer (or for a while after the load stopped). */
  private async retrying(
    stage: Seen['stage'],
    method: 'POST',
    url: string,
    buyer: Account,
    body: unknown,
  ): Promise<Answer> {
    const idempotencyKey = randomUUID();
    const giveUpAfter = () => (this.stopping ? Date.now() + 30_000 : Infinity);
    let deadline = giveUpAfter();
    for (;;) {
      const api = apis[Math.floor(Math.random() * apis.length)]!;
      const answer = await send(api.port, method, url, { auth: buyer.auth, body, idempotencyKey });
      this.seen.push({ stage, answer });
      const again =
        answer.status === 0 ||
        answer.status === 503 ||
        errorCode(answer) === 'idempotency_request_in_progress';
      if (!again) return answer;
      if (deadline === Infinity) deadline = giveUpAfter();
      if (Date.now() > deadline) return answer;
      await sleep(answer.status === 0 ? 100 : 250);
    }
  }
}

function tally(seen: Seen[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const { stage, answer } of seen) {
    const key =
      answer.status === 0
        ? `${stage} network error`
        : `${stage} ${answer.status}${answer.status >= 400 ? ` ${errorCode(answer) ?? 'no envelope'}` : ''}`;
    counts[key] = (counts[key] ?? 0) + 1;
  }
  return counts;
}

/** No 5xx but 503, each 503 the envelope with Retry-After. */
function expectOnlyUnavailable(seen: Seen[]): void {
  for (const { answer } of seen) {
    if (answer.status < 500) continue;
    expect(answer.status, JSON.stringify(answer.body)).toBe(503);
    expect(errorCode(answer)).toBe('service_unavailable');
    expect(Number(answer.retryAfter)).toBeGreaterThan(0);
  }
}

/** How long until the process answers a fresh booking again. */
async function untilServing(api: ApiProcess, buyer: Account): Promise<number> {
  const started = Date.now();
  const key = randomUUID();
  for (;;) {
    const answer = await send(api.port, 'POST', '/api/v1/tickets/book/', {
      auth: buyer.auth,
      idempotencyKey: key,
      body: {
        event: fixture.eventId,
        event_date: fixture.slotId,
        items: [{ ticket_category: fixture.categoryId, quantity: 1 }],
      },
    });
    if (answer.status === 201) return Date.now() - started;
    if (Date.now() - started > 30_000) {
      throw new Error(`${api.name} did not serve again: ${JSON.stringify(answer.body)}`);
    }
    await sleep(100);
  }
}

/** Polls `check` until it holds or the limit passes; answers how long it took. */
async function within(limitMs: number, check: () => Promise<boolean>): Promise<number> {
  const started = Date.now();
  while (!(await check())) {
    if (Date.now() - started > limitMs) return Number.POSITIVE_INFINITY;
    await sleep(500);
  }
  return Date.now() - started;
}

describe('two API processes under load, while PostgreSQL and the processes fail', () => {
  it('keeps serving through three database restarts: 503 with Retry-After meanwhile, back within 10 s', async () => {
    const load = new Load();
    load.start(SHOPPERS);
    const recoveries: number[] = [];
    const probes: Answer[] = [];
    for (const mode of OUTAGES) {
      await sleep(2_000);
      await cluster.stop(mode);
      const downAt = Date.now();
      // While it is down: every process answers, each call a 503 envelope with Retry-After.
      while (Date.now() - downAt < 3_000) {
        for (const api of apis) {
          expect(api.running, `${api.name} exited during the outage`).toBe(true);
          for (const url of ['/api/v1/categories/', '/api/v1/events_read/', '/readyz']) {
            probes.push(await send(api.port, 'GET', url));
          }
        }
        await sleep(250);
      }
      await cluster.start();
      const back = await Promise.all(apis.map((api) => untilServing(api, buyers.pop()!)));
      recoveries.push(Math.max(...back));
    }
    await load.stop();

    for (const api of apis) expect(api.running, `${api.name} exited`).toBe(true);
    expect(probes.length).toBeGreaterThan(0);
    for (const probe of probes) {
      expect(probe.status, JSON.stringify(probe.body ?? probe.error)).toBe(503);
      expect(errorCode(probe)).toBe('service_unavailable');
      expect(Number(probe.retryAfter)).toBeGreaterThan(0);
    }
    expectOnlyUnavailable(load.seen);
    for (const ms of recoveries) expect(ms).toBeLessThan(RECOVERY_LIMIT_MS);
    summary.push(
      `  restarts (${OUTAGES.join(', ')}): ${probes.length} probes during outages, all 503; ` +
        `serving again after ${recoveries.map((ms) => `${ms} ms`).join(', ')}\n` +
        `    ${JSON.stringify(tally(load.seen))}`,
    );
  }, 180_000);

  it('loses no charge, no hold and no mail when a process is killed five times mid-load', async () => {
    const load = new Load();
    load.start(SHOPPERS);
    const victim = apis[0];
    for (let round = 0; round < KILLS; round += 1) {
      await sleep(1_500);
      await victim.kill('SIGKILL');
      await sleep(300);
      await victim.start();
      expect(apis[1].running, 'the other process exited').toBe(true);
    }
    await sleep(1_000);
    await load.stop();
    expectOnlyUnavailable(load.seen);

    // Every captured charge ends in a confirmed booking or a refund, by the sweep.
    let money = await moneyOf(scratch.database, fixture.eventId);
    const settledMs = await within(SETTLE_LIMIT_MS, async () => {
      money = await moneyOf(scratch.database, fixture.eventId);
      return money.orphanCharges === 0;
    });
    expect(money.orphanCharges).toBe(0);
    expect(money.ledger).toBe(money.bookings);
    expect(money.sandbox).toBe(money.bookings);

    // No inventory is held but by a pending booking whose hold has not lapsed.
    const stock = await consistencyOf(scratch.database, fixture.slotId, fixture.categoryId);
    const [lapsed] = rowsOf<{ count: number }>(
      await scratch.database.db.execute(sql`
        select count(*)::int as count from bookings
         where event_id = ${fixture.eventId} and status = 'pending' and expires_at < now()`),
    );
    expect(lapsed?.count).toBe(0);
    expect(stock.held).toBe(stock.pendingItems);
    expect(stock.sold).toBe(stock.soldTickets);

    // Every confirmed booking's buyer has their tickets by mail (at least once).
    const recipients = rowsOf<{ email: string }>(
      await scratch.database.db.execute(sql`
        select distinct u.email from bookings b join users u on u.id = b.user_id
         where b.event_id = ${fixture.eventId} and b.status = 'confirmed'`),
    ).map((row) => row.email.toLowerCase());
    expect(recipients.length).toBeGreaterThan(0);
    const missing = () => {
      const reached = new Set(sink.messages.flatMap((message) => message.to));
      return recipients.filter((email) => !reached.has(email));
    };
    const mailedMs = await within(SETTLE_LIMIT_MS, async () => missing().length === 0);
    expect(missing()).toEqual([]);

    summary.push(
      `  ${KILLS} kills: ${recipients.length} confirmed bookings, charges settled after ` +
        `${settledMs} ms, every confirmation mailed after ${mailedMs} ms ` +
        `(${sink.messages.length} messages in the sink)\n` +
        `    ${JSON.stringify(tally(load.seen))}`,
    );
  }, 480_000);
});
