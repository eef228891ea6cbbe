// A closed-loop load generator for the checkout: N buyers at once, each holding tickets
// (POST /api/v1/tickets/book/) and then paying for them (POST /api/v1/payment/pay/) with the
// sandbox card that succeeds, each call with its own Idempotency-Key, and starting over with the
// next buyer as soon as its payment is answered. autocannon cannot chain one request's answer
// into the next; undici's Pool keeps one connection per buyer.
import { randomUUID } from 'node:crypto';
import { Pool } from 'undici';
import { percentile } from './booking-pgbench.mjs';

/** The sandbox card that succeeds (packages/shared/src/bookings/cards.ts, TEST_CARDS.success). */
export const SUCCEEDING_CARD = '4242424242424242';

const latencySummary = (values) => {
  const sorted = Float64Array.from(values).sort();
  return {
    count: sorted.length,
    p50: percentile(sorted, 50),
    p99: percentile(sorted, 99),
    max: percentile(sorted, 100),
  };
};

/**
 * Runs `connections` buyers for `seconds` against `url`. `nextOrder()` answers the next buyer's
 * `{ token, body }` (the body of the hold). A buyer starts no new hold once the time is up, but
 * pays for the hold it has, so every hold answered 201 is paid or counted as an error.
 *
 * Answers `{ seconds, paid, paidBookings, soldOut, errors, errorExamples, hold, pay }`:
 * `seconds` from the first request to the last answer; `paidBookings` the ids answered 200 by
 * pay; `soldOut` the holds refused 409 sold_out (expected once a category runs out); `errors`
 * every other non-2xx answer, socket error or timeout; `hold` and `pay` latency summaries (ms).
 */
export async function runCheckout({ url, connections, seconds, nextOrder, timeoutMs = 30_000 }) {
  const pool = new Pool(url, {
    connections,
    pipelining: 1,
    headersTimeout: timeoutMs,
    bodyTimeout: timeoutMs,
  });
  const holdMs = [];
  const payMs = [];
  const paidBookings = [];
  const errorExamples = [];
  let soldOut = 0;
  let errors = 0;
  const fail = (step, detail) => {
    errors += 1;
    if (errorExamples.length < 5) errorExamples.push({ step, ...detail });
  };

  async function call(path, token, body) {
    const started = performance.now();
    const response = await pool.request({
      origin: url,
      path,
      method: 'POST',
      headers: {
        accept: 'application/json',
        'content-type': 'application/json',
        authorization: `Bearer ${token}`,
        'idempotency-key': randomUUID(),
      },
      body: JSON.stringify(body),
    });
    const text = await response.body.text();
    let json = null;
    try {
      json = JSON.parse(text);
    } catch {
      // not JSON: kept as text for the error report
    }
    return { status: response.statusCode, json, text, ms: performance.now() - started };
  }

  const started = performance.now();
  const deadline = started + seconds * 1000;
  async function buyer() {
    while (performance.now() < deadline) {
      const { token, body } = nextOrder();
      let hold;
      try {
        hold = await call('/api/v1/tickets/book/', token, body);
      } catch (error) {
        fail('hold', { error: error.code ?? error.message });
        continue;
      }
      if (hold.status === 409 && hold.json?.code === 'sold_out') {
        soldOut += 1;
        continue;
      }
      if (hold.status !== 201 || typeof hold.json?.id !== 'number') {
        fail('hold', { status: hold.status, answer: hold.text.slice(0, 300) });
        continue;
      }
      holdMs.push(hold.ms);
      let pay;
      try {
        pay = await call('/api/v1/payment/pay/', token, {
          booking: hold.json.id,
          payment_method: SUCCEEDING_CARD,
        });
      } catch (error) {
        fail('pay', { booking: hold.json.id, error: error.code ?? error.message });
        continue;
      }
      if (pay.status !== 200) {
        fail('pay', { booking: hold.json.id, status: pay.status, answer: pay.text.slice(0, 300) });
        continue;
      }
      payMs.push(pay.ms);
      paidBookings.push(hold.json.id);
    }
  }
  try {
    await Promise.all(Array.from({ length: connections }, buyer));
  } finally {
    await pool.close();
  }
  return {
    seconds: (performance.now() - started) / 1000,
    paid: paidBookings.length,
    paidBookings,
    soldOut,
    errors,
    errorExamples,
    hold: latencySummary(holdMs),
    pay: latencySummary(payMs),
  };
}
