import { randomBytes, randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../src/lib/db-rows';
import { signTicketCode, ticketQrKey } from '../src/lib/tickets/ticket-code';
import {
  ApiProcess,
  createAccounts,
  createPublishedEvent,
  createScratchDatabase,
  freePort,
  JWT_SECRET,
  one,
  send,
  type Account,
  type Answer,
  type EventFixture,
  type ScratchDatabase,
  testDatabaseUrl,
} from './harness';

/**
 * The door on one PostgreSQL database served by two API processes: twenty ushers scan one ticket
 * at the same instant, and five devices sync a thousand queued offline scans at once. A ticket
 * is checked in once, whatever the interleaving (decision 0014).
 */

const adminUrl = testDatabaseUrl();

const USHERS = 20;
const TICKETS = 200;
const DEVICES = 5;
const SCANS_PER_DEVICE = 200;
const BATCH = 100;

let scratch: ScratchDatabase;
let apis: [ApiProcess, ApiProcess];
let organizer: Account;
let ushers: Account[];
let fixture: EventFixture;
let codes: Array<{ id: number; qr: string }>;

const portOf = (index: number) => apis[index % 2]!.port;

function ok<T>(answer: Answer, status = 200): T {
  expect(answer.status, JSON.stringify(answer.body ?? answer.error)).toBe(status);
  return answer.body as T;
}

/** A confirmed booking of `count` valid tickets, inserted by SQL; answers their ids and secrets. */
async function insertTickets(count: number) {
  const [buyer] = await createAccounts(scratch.database, 'attendee', 1);
  const booking = await one<{ id: number }>(
    scratch.database,
    sql`insert into bookings (user_id, event_id, event_date_id, status, currency, subtotal, total, expires_at, confirmed_at)
        values (${buyer!.id}, ${fixture.eventId}, ${fixture.slotId}, 'confirmed', 'SAR', 0, 0, now(), now())
        returning id`,
  );
  const secrets = Array.from({ length: count }, () => randomBytes(16).toString('base64url'));
  const rows = rowsOf<{ id: number; secret: string }>(
    await scratch.database.db.execute(sql`
      insert into tickets (booking_id, user_id, event_id, event_date_id, ticket_category_id, status, price, secret)
      select ${booking.id}, ${buyer!.id}, ${fixture.eventId}, ${fixture.slotId}, ${fixture.categoryId}, 'valid', 0, s
        from unnest(${sql.raw(`array[${secrets.map((s) => `'${s}'`).join(',')}]`)}::text[]) as s
      returning id, secret`),
  );
  const key = ticketQrKey(JWT_SECRET);
  return rows.map((row) => ({ id: row.id, qr: signTicketCode(key, row) }));
}

beforeAll(async () => {
  scratch = await createScratchDatabase(adminUrl);
  const [portA, portB] = [await freePort(), await freePort()];
  apis = [new ApiProcess('api-a', portA, scratch.url), new ApiProcess('api-b', portB, scratch.url)];
  await Promise.all(apis.map((api) => api.start()));
  organizer = (await createAccounts(scratch.database, 'organizer', 1))[0]!;
  ushers = await createAccounts(scratch.database, 'attendee', USHERS);
  fixture = await createPublishedEvent(apis[0].port, scratch.database, organizer, {
    title: 'Door Night',
    quantity: 1000,
    price: 0,
    maxPerOrder: 10,
  });
  const emails = rowsOf<{ email: string }>(
    await scratch.database.db.execute(
      sql`select email from users where id in ${ushers.map((usher) => usher.id)}`,
    ),
  );
  for (const [index, { email }] of emails.entries()) {
    ok(
      await send(portOf(index), 'POST', '/api/v1/ushers/', {
        auth: organizer.auth,
        body: { email, role: 'steward' },
      }),
      201,
    );
  }
  codes = await insertTickets(TICKETS + 1);
}, 90_000);

afterAll(async () => {
  for (const api of apis ?? []) {
    const errors = api.log.filter((line) => /"level":(50|60)/.test(line));
    if (errors.length > 0) console.error(`${api.name} logged:\n${errors.slice(0, 5).join('\n')}`);
  }
  await Promise.all((apis ?? []).map((api) => api.stop()));
  await scratch?.drop();
}, 30_000);

interface ScanAnswer {
  id: number;
  result: string;
  checked_in_at: string | null;
  checked_in_by: { id: string } | null;
  nonce?: string;
}

describe('door check-in on two processes', () => {
  it('20 ushers scanning one ticket at once: exactly one ok, 19 already_checked_in', async () => {
    const ticket = codes[TICKETS]!;
    const answers = await Promise.all(
      ushers.map((usher, index) =>
        send(portOf(index), 'POST', '/api/v1/check-ins/', {
          auth: usher.auth,
          body: { code: ticket.qr, event: fixture.eventId, nonce: randomUUID() },
        }),
      ),
    );
    const bodies = answers.map((answer) => ok<ScanAnswer>(answer));
    const winners = bodies.filter((body) => body.result === 'ok');
    expect(winners).toHaveLength(1);
    expect(bodies.filter((body) => body.result === 'already_checked_in')).toHaveLength(USHERS - 1);
    // Every other answer names the winner's time and user.
    for (const body of bodies) {
      expect(body.checked_in_by?.id).toBe(winners[0]!.checked_in_by?.id);
      expect(body.checked_in_at).toBe(winners[0]!.checked_in_at);
    }
    const row = await one<{ status: string; scans: number; oks: number }>(
      scratch.database,
      sql`select t.status,
                 (select count(*)::int from check_ins c where c.ticket_id = t.id) as scans,
                 (select count(*)::int from check_ins c where c.ticket_id = t.id and c.result = 'ok') as oks
            from tickets t where t.id = ${ticket.id}`,
    );
    expect(row).toEqual({ status: 'checked_in', scans: USHERS, oks: 1 });
  });

  it('1,000 queued offline scans from 5 devices sync with no ticket checked in twice', async () => {
    const base = Date.now() - 3_600_000;
    // Device d scans SCANS_PER_DEVICE tickets, overlapping the other devices' (every ticket is
    // scanned by one to three devices), at distinct device times.
    const devices = Array.from({ length: DEVICES }, (_, d) =>
      Array.from({ length: SCANS_PER_DEVICE }, (_, i) => {
        const ticket = codes[(i * (d + 1) * 7 + d * 13) % TICKETS]!;
        return {
          ticket: ticket.id,
          body: {
            code: ticket.qr,
            event: fixture.eventId,
            nonce: randomUUID(),
            device: `device-${d}`,
            scanned_at: new Date(
              base + (i * DEVICES + d) * 1000 + ((i * 7919 + d * 104729) % 997),
            ).toISOString(),
          },
        };
      }),
    );
    // Every device sends its batches at once, half through each process.
    const answered = await Promise.all(
      devices.map(async (scans, d) => {
        const results: ScanAnswer[] = [];
        const batches = [];
        for (let start = 0; start < scans.length; start += BATCH) {
          batches.push(scans.slice(start, start + BATCH));
        }
        const bodies = await Promise.all(
          batches.map((batch, b) =>
            send(portOf(d + b), 'POST', '/api/v1/check-ins/batch/', {
              auth: ushers[d]!.auth,
              body: { scans: batch.map((scan) => scan.body) },
            }),
          ),
        );
        for (const body of bodies) results.push(...ok<{ results: ScanAnswer[] }>(body).results);
        return results;
      }),
    );
    const all = devices.flat();
    const answers = answered.flat();
    expect(answers).toHaveLength(DEVICES * SCANS_PER_DEVICE);
    for (const answer of answers) expect(['ok', 'already_checked_in']).toContain(answer.result);

    // The earliest scan of each ticket by device time is the check-in the ticket records.
    const earliest = new Map<number, { at: number; user: string }>();
    all.forEach((scan, index) => {
      const at = Date.parse(scan.body.scanned_at);
      const user = ushers[Math.floor(index / SCANS_PER_DEVICE)]!.id;
      const known = earliest.get(scan.ticket);
      if (!known || at < known.at) earliest.set(scan.ticket, { at, user });
    });
    const rows = rowsOf<{ id: number; status: string; at: string; by: string }>(
      await scratch.database.db.execute(sql`
        select id, status, (extract(epoch from checked_in_at) * 1000)::bigint::text as at, checked_in_by as by
          from tickets where id in ${[...earliest.keys()]}`),
    );
    expect(rows).toHaveLength(earliest.size);
    for (const row of rows) {
      expect(row.status).toBe('checked_in');
      expect(Number(row.at)).toBe(earliest.get(row.id)!.at);
      expect(row.by).toBe(earliest.get(row.id)!.user);
    }
    const counted = await one<{ checked_in: number }>(
      scratch.database,
      sql`select count(*)::int as checked_in from tickets
           where event_id = ${fixture.eventId} and status = 'checked_in'`,
    );
    // The 20-usher ticket, plus each ticket scanned offline, once.
    expect(counted.checked_in).toBe(earliest.size + 1);
    const list = ok<{ counts: { checked_in: number } }>(
      await send(apis[1].port, 'GET', `/api/v1/tickets/?event=${fixture.eventId}&view=guest_list`, {
        auth: organizer.auth,
      }),
    );
    expect(list.counts.checked_in).toBe(earliest.size + 1);

    // A device that lost the answers sends its batch again: the same answers, nothing new.
    const before = await one<{ rows: number }>(
      scratch.database,
      sql`select count(*)::int as rows from check_ins`,
    );
    const again = ok<{ results: ScanAnswer[] }>(
      await send(apis[1].port, 'POST', '/api/v1/check-ins/batch/', {
        auth: ushers[0]!.auth,
        body: { scans: devices[0]!.slice(0, BATCH).map((scan) => scan.body) },
      }),
    );
    expect(again.results.map((answer) => answer.id)).toEqual(
      answered[0]!.slice(0, BATCH).map((answer) => answer.id),
    );
    const after = await one<{ rows: number }>(
      scratch.database,
      sql`select count(*)::int as rows from check_ins`,
    );
    expect(after.rows).toBe(before.rows);
  });
});
