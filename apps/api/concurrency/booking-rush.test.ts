import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_CARDS } from '@hafla/shared/bookings/payments';
import {
  ApiProcess,
  consistencyOf,
  createAccounts,
  createPublishedEvent,
  createScratchDatabase,
  errorCode,
  freePort,
  moneyOf,
  one,
  send,
  type Account,
  type EventFixture,
  type Answer,
  type ScratchDatabase,
  testDatabaseUrl,
} from './harness';

/**
 * Rushes on one PostgreSQL database served by two API processes: hundreds of buyers book and
 * pay at the same instant, spread over both processes, and the books must still balance — no
 * ticket sold twice, no promo code used beyond its limit, and a process killed mid-rush leaves
 * nothing the sweep cannot put right.
 */

const adminUrl = testDatabaseUrl();

const BUYERS = 200;
const QUANTITY = 50;
const MAX_PER_ORDER = 3;
const PRICE = 7500;

let scratch: ScratchDatabase;
let apis: [ApiProcess, ApiProcess];
let organizer: Account;
let accounts: Account[];
const summary: string[] = [];

/** Buyers nobody has used yet: each rush has its own. */
function takeBuyers(count: number): Account[] {
  const taken = accounts.splice(0, count);
  if (taken.length !== count) throw new Error('not enough buyer accounts');
  return taken;
}

beforeAll(async () => {
  scratch = await createScratchDatabase(adminUrl);
  const [portA, portB] = [await freePort(), await freePort()];
  apis = [new ApiProcess('api-a', portA, scratch.url), new ApiProcess('api-b', portB, scratch.url)];
  await Promise.all(apis.map((api) => api.start()));
  organizer = (await createAccounts(scratch.database, 'organizer', 1))[0]!;
  accounts = await createAccounts(scratch.database, 'attendee', 3 * BUYERS + 60);
}, 90_000);

afterAll(async () => {
  if (summary.length > 0) console.log(`\nBooking rush on PostgreSQL:\n${summary.join('\n')}\n`);
  // What the servers logged at error level, to explain any 5xx.
  for (const api of apis ?? []) {
    const errors = api.log.filter((line) => /"level":(50|60)/.test(line));
    if (errors.length > 0) console.error(`${api.name} logged:\n${errors.slice(0, 5).join('\n')}`);
  }
  await Promise.all((apis ?? []).map((api) => api.stop()));
  await scratch?.drop();
}, 30_000);

/** An API answer that must succeed; its JSON body. */
function ok<T>(answer: Answer, status: number): T {
  expect(answer.status, JSON.stringify(answer.body ?? answer.error)).toBe(status);
  return answer.body as T;
}

/** An event with one slot and one category, created and published through the API. */
function createEvent(quantity: number) {
  return createPublishedEvent(apis[0].port, scratch.database, organizer, {
    title: 'Rush Night',
    quantity,
    price: PRICE,
    maxPerOrder: MAX_PER_ORDER,
  });
}

interface Outcome {
  book: Answer;
  pay: Answer | null;
}

/**
 * Every buyer books at once and pays as soon as the hold is theirs. Buyer i books through one
 * process and pays through the other, so every sale crosses processes. `onAnswer` sees each
 * answer as it arrives (the crash rush kills a process midway).
 */
async function rush(
  fixture: EventFixture,
  buyers: Account[],
  order: (index: number) => { quantity: number; promo_code?: string },
  onAnswer: (port: number) => void = () => undefined,
): Promise<{ outcomes: Outcome[]; ms: number }> {
  const started = performance.now();
  const outcomes = await Promise.all(
    buyers.map(async (buyer, index): Promise<Outcome> => {
      const { quantity, promo_code } = order(index);
      const [bookPort, payPort] = [apis[index % 2]!.port, apis[(index + 1) % 2]!.port];
      const book = await send(bookPort, 'POST', '/api/v1/tickets/book/', {
        auth: buyer.auth,
        idempotencyKey: randomUUID(),
        body: {
          event: fixture.eventId,
          event_date: fixture.slotId,
          items: [{ ticket_category: fixture.categoryId, quantity }],
          ...(promo_code ? { promo_code } : {}),
        },
      });
      onAnswer(bookPort);
      if (book.status !== 201) return { book, pay: null };
      const pay = await send(payPort, 'POST', '/api/v1/payment/pay/', {
        auth: buyer.auth,
        idempotencyKey: randomUUID(),
        body: { booking: (book.body as { id: number }).id, payment_method: TEST_CARDS.success },
      });
      onAnswer(payPort);
      return { book, pay };
    }),
  );
  return { outcomes, ms: performance.now() - started };
}

const label = (stage: string, answer: Answer) =>
  answer.status === 0
    ? `${stage} network error`
    : `${stage} ${answer.status}${answer.status >= 400 ? ` ${errorCode(answer) ?? 'no envelope'}` : ''}`;

/** How many answers of each kind: "book 201", "book 409 sold_out", "pay 200", … */
function tally(outcomes: Outcome[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const outcome of outcomes) {
    for (const [stage, answer] of [
      ['book', outcome.book],
      ['pay', outcome.pay],
    ] as const) {
      if (!answer) continue;
      const key = label(stage, answer);
      counts[key] = (counts[key] ?? 0) + 1;
    }
  }
  return counts;
}

/** No answer is a server error, and every refusal is a 4xx error envelope. */
function expectOnlyClientRefusals(outcomes: Outcome[]): void {
  for (const answer of outcomes.flatMap((outcome) => [outcome.book, outcome.pay])) {
    if (!answer || answer.status === 0) continue;
    expect(answer.status, JSON.stringify(answer.body)).toBeLessThan(500);
    if (answer.status >= 400) expect(errorCode(answer), JSON.stringify(answer.body)).not.toBeNull();
  }
}

function report(name: string, outcomes: Outcome[], ms: number, extra = ''): void {
  const confirmed = outcomes.filter((outcome) => outcome.pay?.status === 200).length;
  const requests = outcomes.reduce((sum, outcome) => sum + 1 + (outcome.pay ? 1 : 0), 0);
  summary.push(
    `  ${name}: ${outcomes.length} buyers in ${(ms / 1000).toFixed(2)} s — ` +
      `${((outcomes.length / ms) * 1000).toFixed(0)} booking attempts/s, ` +
      `${((requests / ms) * 1000).toFixed(0)} requests/s, ${confirmed} confirmed${extra}\n` +
      `    ${JSON.stringify(tally(outcomes))}`,
  );
}

describe('two API processes, one PostgreSQL database', () => {
  it(`sells exactly ${QUANTITY} tickets to ${BUYERS} buyers rushing at once`, async () => {
    const fixture = await createEvent(QUANTITY);
    // 1, 2 or 3 tickets; every tenth buyer asks for one more than an order may hold.
    const quantityOf = (index: number) => (index % 10 === 9 ? MAX_PER_ORDER + 1 : (index % 3) + 1);
    const { outcomes, ms } = await rush(fixture, takeBuyers(BUYERS), (index) => ({
      quantity: quantityOf(index),
    }));
    report('rush', outcomes, ms);
    expectOnlyClientRefusals(outcomes);

    outcomes.forEach((outcome, index) => {
      const { book, pay } = outcome;
      expect(book.status, `buyer ${index}: ${JSON.stringify(book.body ?? book.error)}`).not.toBe(0);
      if (quantityOf(index) > MAX_PER_ORDER) {
        expect([book.status, errorCode(book)]).toEqual([400, 'max_per_order_exceeded']);
      } else if (book.status !== 201) {
        expect([book.status, errorCode(book)]).toEqual([409, 'sold_out']);
      } else {
        expect(pay?.status, JSON.stringify(pay?.body)).toBe(200);
      }
    });
    // Both processes sold tickets.
    for (const parity of [0, 1]) {
      expect(outcomes.some((outcome, index) => index % 2 === parity && outcome.pay)).toBe(true);
    }

    const state = await consistencyOf(scratch.database, fixture.slotId, fixture.categoryId);
    expect(state).toMatchObject({
      sold: QUANTITY,
      held: 0,
      soldTickets: QUANTITY,
      pendingItems: 0,
    });
    expect(state.largestBooking).toBeLessThanOrEqual(MAX_PER_ORDER);
    const sales = outcomes.filter((outcome) => outcome.pay?.status === 200).length;
    expect(state.confirmedBookings).toBe(sales);

    const money = await moneyOf(scratch.database, fixture.eventId);
    expect(money.bookings).toBe(QUANTITY * PRICE);
    expect(money).toEqual({
      ledger: money.bookings,
      bookings: money.bookings,
      sandbox: money.bookings,
      orphanCharges: 0,
    });
  });

  it(`lets exactly 10 of ${BUYERS} buyers use a promo code limited to 10 uses`, async () => {
    const fixture = await createEvent(1000);
    const code = ok<{ id: number }>(
      await send(apis[1].port, 'POST', '/api/v1/promo_codes/', {
        auth: organizer.auth,
        body: {
          event: fixture.eventId,
          code: 'RUSH-TEN',
          discount_type: 'percentage',
          value: 20,
          max_uses: 10,
        },
      }),
      201,
    );
    const { outcomes, ms } = await rush(fixture, takeBuyers(BUYERS), (index) => ({
      quantity: (index % 2) + 1,
      promo_code: index % 3 === 0 ? 'rush-ten' : 'RUSH-TEN',
    }));
    report('promo rush', outcomes, ms);
    expectOnlyClientRefusals(outcomes);
    for (const { book, pay } of outcomes) {
      if (book.status === 201) expect(pay?.status, JSON.stringify(pay?.body)).toBe(200);
      else expect([book.status, errorCode(book)]).toEqual([409, 'promo_code_exhausted']);
    }
    expect(outcomes.filter((outcome) => outcome.book.status === 201)).toHaveLength(10);

    const uses = await one<{ uses: number; bookings: number; confirmed: number; held: number }>(
      scratch.database,
      sql`select (select uses from promo_codes where id = ${code.id}) as uses,
                 (select count(*) from bookings where promo_code_id = ${code.id})::int as bookings,
                 (select count(*) from bookings where promo_code_id = ${code.id}
                     and status = 'confirmed' and discount > 0)::int as confirmed,
                 (select coalesce(sum(uses), 0) from promo_code_redemptions
                   where promo_code_id = ${code.id})::int as held`,
    );
    expect(uses).toEqual({ uses: 10, bookings: 10, confirmed: 10, held: 10 });
    const state = await consistencyOf(scratch.database, fixture.slotId, fixture.categoryId);
    expect(state.held).toBe(0);
    expect(state.sold).toBe(state.soldTickets);
    const money = await moneyOf(scratch.database, fixture.eventId);
    expect(money).toEqual({
      ledger: money.bookings,
      bookings: money.bookings,
      sandbox: money.bookings,
      orphanCharges: 0,
    });
  });

  it('stays consistent when one process is killed mid-rush, and the sweep frees its holds', async () => {
    const fixture = await createEvent(QUANTITY);
    const [, victim] = apis;
    let answers = 0;
    let killed: Promise<void> | null = null;
    const { outcomes, ms } = await rush(
      fixture,
      takeBuyers(BUYERS),
      (index) => ({ quantity: (index % 3) + 1 }),
      (port) => {
        if (port !== victim.port) return;
        answers += 1;
        // A third of the way through its share, with bookings and payments in flight on both.
        if (answers === Math.round(BUYERS / 6)) killed = victim.kill('SIGKILL');
      },
    );
    expect(killed).not.toBeNull();
    await killed;
    expectOnlyClientRefusals(outcomes);
    const lost = outcomes.filter(
      (outcome) => outcome.book.status === 0 || outcome.pay?.status === 0,
    ).length;
    // Every network failure is the killed process's: the other answered everything.
    outcomes.forEach((outcome, index) => {
      if (index % 2 === 0) expect(outcome.book.status).not.toBe(0);
      else if (outcome.pay) expect(outcome.pay.status).not.toBe(0);
    });
    for (const { book, pay } of outcomes) {
      if (book.status >= 400) expect([book.status, errorCode(book)]).toEqual([409, 'sold_out']);
      if (pay && pay.status !== 0) expect(pay.status, JSON.stringify(pay.body)).toBe(200);
    }

    const restartStarted = performance.now();
    await victim.start();
    const restartMs = performance.now() - restartStarted;

    // Whatever the crash cut short was rolled back whole: the inventory matches the tables.
    const afterCrash = await consistencyOf(scratch.database, fixture.slotId, fixture.categoryId);
    expect(afterCrash.sold + afterCrash.held).toBeLessThanOrEqual(QUANTITY);
    expect(afterCrash.sold).toBe(afterCrash.soldTickets);
    expect(afterCrash.held).toBe(afterCrash.pendingItems);
    expect(afterCrash.largestBooking).toBeLessThanOrEqual(MAX_PER_ORDER);

    // The holds whose payment died with the process lapse; the sweep (every second) frees them.
    await scratch.database.db.execute(sql`
      update bookings set expires_at = now() - interval '1 second'
       where event_date_id = ${fixture.slotId} and status = 'pending'`);
    let swept = afterCrash;
    for (let tries = 0; tries < 100; tries += 1) {
      swept = await consistencyOf(scratch.database, fixture.slotId, fixture.categoryId);
      if (swept.pendingBookings === 0) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(swept).toMatchObject({ held: 0, pendingItems: 0, pendingBookings: 0 });
    expect(swept.sold).toBe(swept.soldTickets);
    expect(swept.sold).toBe(afterCrash.sold);

    const money = await moneyOf(scratch.database, fixture.eventId);
    expect(money.ledger).toBe(money.bookings);
    expect(money.bookings).toBe(swept.sold * PRICE);

    // The restarted process sells what is left, and not one ticket more.
    const left = QUANTITY - swept.sold;
    const mopUp = await rush(fixture, takeBuyers(60), () => ({ quantity: 1 }));
    expectOnlyClientRefusals(mopUp.outcomes);
    expect(mopUp.outcomes.filter((outcome) => outcome.pay?.status === 200)).toHaveLength(left);
    const final = await consistencyOf(scratch.database, fixture.slotId, fixture.categoryId);
    expect(final).toMatchObject({ sold: QUANTITY, held: 0, soldTickets: QUANTITY });

    report(
      'crash rush',
      outcomes,
      ms,
      `; ${lost} buyers lost a request to the killed process, ${afterCrash.pendingBookings} holds ` +
        `(${afterCrash.held} tickets) left pending and swept, restart ${(restartMs / 1000).toFixed(1)} s, ` +
        `${left} tickets sold afterwards, ${money.orphanCharges} sandbox charges without a payment`,
    );
  });
});
