import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../src/lib/db-rows';
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
  type ScratchDatabase,
  testDatabaseUrl,
} from './harness';

/**
 * Withdrawals on one PostgreSQL database served by two API processes: twenty requests at the same
 * instant against an available balance that covers three of them reserve exactly three; ten
 * requests under one Idempotency-Key make one request. The balance is checked and reserved under
 * a per-organizer, per-currency lock (decision 0016).
 */

const adminUrl = testDatabaseUrl();

const REQUESTS = 20;
const AMOUNT = 10_000;
/** Three requests' worth and a half. */
const EARNED = AMOUNT * 3 + AMOUNT / 2;

let scratch: ScratchDatabase;
let apis: [ApiProcess, ApiProcess];
let organizer: Account;
let accountId: number;

const portOf = (index: number) => apis[index % 2]!.port;

/** A paid booking's sale in the ledger, already available (its slot ended long ago, as far as money goes). */
async function creditAvailable(eventId: number, slotId: number, net: number) {
  const [buyer] = await createAccounts(scratch.database, 'attendee', 1);
  const booking = await one<{ id: number }>(
    scratch.database,
    sql`insert into bookings (user_id, event_id, event_date_id, status, currency, subtotal, total, expires_at, confirmed_at)
        values (${buyer!.id}, ${eventId}, ${slotId}, 'confirmed', 'SAR', ${net}, ${net}, now(), now())
        returning id`,
  );
  await scratch.database.db.execute(sql`
    with entry as (
      insert into journal_entries (kind, organizer_id, currency, event_id, booking_id, gross, net, available_at)
      values ('sale', ${organizer.id}::uuid, 'SAR', ${eventId}, ${booking.id}, ${net}, ${net}, now() - interval '1 day')
      returning id)
    insert into ledger_postings (entry_id, account, organizer_id, currency, amount, available_at)
    select entry.id, p.account, ${organizer.id}::uuid, 'SAR', p.amount, p.available_at
      from entry, (values ('buyer_payments', ${-net}::bigint, null::timestamptz),
                          ('organizer_pending', ${net}::bigint, now() - interval '1 day')) as p (account, amount, available_at)`);
}

function balance(answer: Answer) {
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  const lines = (answer.body as { results: Array<Record<string, number | string>> }).results;
  return lines.find((line) => line.currency === 'SAR');
}

beforeAll(async () => {
  scratch = await createScratchDatabase(adminUrl);
  const [portA, portB] = [await freePort(), await freePort()];
  apis = [new ApiProcess('api-a', portA, scratch.url), new ApiProcess('api-b', portB, scratch.url)];
  await Promise.all(apis.map((api) => api.start()));
  organizer = (await createAccounts(scratch.database, 'organizer', 1))[0]!;
  const fixture = await createPublishedEvent(apis[0].port, scratch.database, organizer, {
    title: 'Payout Night',
    quantity: 10,
    price: 0,
    maxPerOrder: 10,
  });
  await creditAvailable(fixture.eventId, fixture.slotId, EARNED);
  const account = await send(apis[1].port, 'POST', '/api/v1/withdrawal-accounts/', {
    auth: organizer.auth,
    body: {
      bank_name: 'Al Rajhi Bank',
      account_holder: 'Sami Events',
      iban: 'SA03 8000 0000 6080 1016 7519',
      swift: 'NCBKSAJE',
      currency: 'SAR',
    },
  });
  expect(account.status, JSON.stringify(account.body)).toBe(201);
  accountId = (account.body as { id: number }).id;
}, 90_000);

afterAll(async () => {
  for (const api of apis ?? []) {
    const errors = api.log.filter((line) => /"level":(50|60)/.test(line));
    if (errors.length > 0) console.error(`${api.name} logged:\n${errors.slice(0, 5).join('\n')}`);
  }
  await Promise.all((apis ?? []).map((api) => api.stop()));
  await scratch?.drop();
}, 30_000);

describe('withdrawal requests on two API processes', () => {
  it('reserves exactly the three requests the available balance covers', async () => {
    const answers = await Promise.all(
      Array.from({ length: REQUESTS }, (_, index) =>
        send(portOf(index), 'POST', '/api/v1/withdrawal/', {
          auth: organizer.auth,
          body: { account: accountId, amount: AMOUNT, currency: 'SAR', note: `rush ${index}` },
          idempotencyKey: `rush-${index}`,
        }),
      ),
    );
    const accepted = answers.filter((answer) => answer.status === 201);
    const refused = answers.filter((answer) => answer.status !== 201);
    expect(accepted).toHaveLength(3);
    expect(refused.map(errorCode)).toEqual(Array(REQUESTS - 3).fill('insufficient_balance'));
    expect(
      balance(await send(apis[0].port, 'GET', '/api/v1/balance/', { auth: organizer.auth })),
    ).toMatchObject({ available: EARNED - 3 * AMOUNT, reserved: 3 * AMOUNT, withdrawn: 0 });
    const rows = await one<{ n: number; reserved: number }>(
      scratch.database,
      sql`select count(*)::int as n,
                 (select coalesce(sum(amount), 0)::int from ledger_postings
                   where organizer_id = ${organizer.id}::uuid and account = 'organizer_reserved') as reserved
            from withdrawals where organizer_id = ${organizer.id}::uuid`,
    );
    expect(rows).toEqual({ n: 3, reserved: 3 * AMOUNT });
  });

  it('makes one request of ten sent under the same Idempotency-Key', async () => {
    // Release one reservation so that one more request fits.
    const [open] = rowsOf<{ id: number }>(
      await scratch.database.db.execute(
        sql`select id from withdrawals where status = 'requested' order by id limit 1`,
      ),
    );
    const cancelled = await send(apis[1].port, 'PATCH', `/api/v1/withdrawal/${open!.id}/`, {
      auth: organizer.auth,
      body: { status: 'cancelled' },
    });
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    const before = await one<{ n: number }>(
      scratch.database,
      sql`select count(*)::int as n from withdrawals`,
    );
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, index) =>
        send(portOf(index), 'POST', '/api/v1/withdrawal/', {
          auth: organizer.auth,
          body: { account: accountId, amount: AMOUNT, currency: 'SAR', note: 'once' },
          idempotencyKey: 'the-same-key',
        }),
      ),
    );
    for (const answer of answers) {
      // A twin still running is told to retry; every other answer is the one request.
      expect([201, 409], JSON.stringify(answer.body)).toContain(answer.status);
      if (answer.status === 409) expect(errorCode(answer)).toBe('idempotency_request_in_progress');
    }
    const ids = new Set(
      answers
        .filter((answer) => answer.status === 201)
        .map((answer) => (answer.body as { id: number }).id),
    );
    expect(ids.size).toBe(1);
    const after = await one<{ n: number }>(
      scratch.database,
      sql`select count(*)::int as n from withdrawals`,
    );
    expect(after.n).toBe(before.n + 1);
    // A retry after the rush answers the same request.
    const retry = await send(apis[0].port, 'POST', '/api/v1/withdrawal/', {
      auth: organizer.auth,
      body: { account: accountId, amount: AMOUNT, currency: 'SAR', note: 'once' },
      idempotencyKey: 'the-same-key',
    });
    expect(retry.status).toBe(201);
    expect(ids.has((retry.body as { id: number }).id)).toBe(true);
    expect(
      balance(await send(apis[1].port, 'GET', '/api/v1/balance/', { auth: organizer.auth })),
    ).toMatchObject({ available: EARNED - 3 * AMOUNT, reserved: 3 * AMOUNT });
  });
});
