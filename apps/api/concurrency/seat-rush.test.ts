import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_CARDS } from '@hafla/shared/bookings/payments';
import { CHART_FORMAT_VERSION, type SeatChart } from '@hafla/shared/charts/chart-format';
import { layoutSection } from '@hafla/shared/charts/layout';
import { bestAvailable, ruleRowsOfChart } from '@hafla/shared/charts/seat-rules';
import {
  SEATS_CHANGED_EVENT,
  SEATS_JOIN_EVENT,
  SeatsChanged,
  type SeatMap,
} from '@hafla/shared/charts/seats';
import { io, type Socket } from 'socket.io-client';
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
  type EventFixture,
  type ScratchDatabase,
  testDatabaseUrl,
} from './harness';

/**
 * Seat rushes on one PostgreSQL database served by two API processes (decision 0020): buyers
 * race for the same seats through both processes; the database keeps every seat one booking's,
 * the orphan rule is judged under the slot's seat lock, and a process killed mid-rush leaves no
 * seat held past its hold.
 */

const adminUrl = testDatabaseUrl();

const ROWS = 5;
const SEATS_PER_ROW = 10;
const SEATS = ROWS * SEATS_PER_ROW;
const PRICE = 6000;

let scratch: ScratchDatabase;
let apis: [ApiProcess, ApiProcess];
let organizer: Account;
let accounts: Account[];
const summary: string[] = [];

function takeBuyers(count: number): Account[] {
  const taken = accounts.splice(0, count);
  if (taken.length !== count) throw new Error('not enough buyer accounts');
  return taken;
}

/** A hall of 5 rows × 10 seats, all of one category, the stage in front. */
function hall(): SeatChart {
  return {
    version: CHART_FORMAT_VERSION,
    venue: { width: 800, height: 600, seat_size: 20, background_image_url: null },
    stage: null,
    focal_point: { x: 400, y: 0 },
    categories: [{ key: 'seat', label_en: 'Seat', label_ar: 'مقعد', color: '#1976D2' }],
    sections: [
      layoutSection({
        id: 'hall',
        label_en: 'Hall',
        label_ar: 'القاعة',
        x: 400,
        y: 100,
        rows: ROWS,
        seatsPerRow: SEATS_PER_ROW,
        seatSpacing: 30,
        rowSpacing: 35,
        category: 'seat',
      }),
    ],
    areas: [],
  };
}

function ok<T>(answer: Answer, status: number): T {
  expect(answer.status, JSON.stringify(answer.body ?? answer.error)).toBe(status);
  return answer.body as T;
}

/** An event whose one slot sells the hall's seats (its category's own quantity is ignored). */
async function createSeatedEvent(title: string): Promise<EventFixture> {
  const fixture = await createPublishedEvent(apis[0].port, scratch.database, organizer, {
    title,
    quantity: 5,
    price: PRICE,
    maxPerOrder: 4,
  });
  const chart = ok<{ id: number }>(
    await send(apis[1].port, 'POST', '/api/v1/charts/', {
      auth: organizer.auth,
      body: { name: title, draft: hall() },
    }),
    201,
  );
  ok(
    await send(apis[1].port, 'POST', `/api/v1/charts/${chart.id}/publish/`, {
      auth: organizer.auth,
    }),
    200,
  );
  ok(
    await send(apis[0].port, 'PUT', `/api/v1/event_dates/${fixture.slotId}/chart/`, {
      auth: organizer.auth,
      body: { chart: chart.id, categories: { seat: fixture.categoryId } },
    }),
    200,
  );
  return fixture;
}

const bookSeats = (port: number, buyer: Account, fixture: EventFixture, seats: string[]) =>
  send(port, 'POST', '/api/v1/tickets/book/', {
    auth: buyer.auth,
    idempotencyKey: randomUUID(),
    body: { event: fixture.eventId, event_date: fixture.slotId, items: [], seats },
  });

const payFor = (port: number, buyer: Account, booking: number) =>
  send(port, 'POST', '/api/v1/payment/pay/', {
    auth: buyer.auth,
    idempotencyKey: randomUUID(),
    body: { booking, payment_method: TEST_CARDS.success },
  });

/** What the tables say of the slot's seats: holders, tickets and the inventory row. */
interface SeatState {
  /** Seats whose booking is confirmed. */
  sold: number;
  /** Seats whose booking is pending and within its hold. */
  held: number;
  /** Seats whose holder is a booking that is neither live nor paid (must be 0 once released). */
  stale: number;
  /** Live or paid tickets per seat above one (a seat sold twice): must be 0. */
  doubled: number;
  /** Paid tickets with a seat. */
  soldTickets: number;
  inventorySold: number;
  inventoryHeld: number;
  pendingBookings: number;
}

function seatStateOf(fixture: EventFixture): Promise<SeatState> {
  return one<SeatState>(
    scratch.database,
    sql`
      select
        (select count(*) from event_date_seats s join bookings b on b.id = s.booking_id
          where s.event_date_id = ${fixture.slotId} and b.status = 'confirmed')::int as "sold",
        (select count(*) from event_date_seats s join bookings b on b.id = s.booking_id
          where s.event_date_id = ${fixture.slotId} and b.status = 'pending'
            and b.expires_at > now())::int as "held",
        (select count(*) from event_date_seats s join bookings b on b.id = s.booking_id
          where s.event_date_id = ${fixture.slotId}
            and (b.status in ('expired', 'cancelled')
                 or (b.status = 'pending' and b.expires_at <= now())))::int as "stale",
        (select coalesce(sum(n - 1), 0) from (
           select count(*) as n from tickets t join bookings b on b.id = t.booking_id
            where t.event_date_id = ${fixture.slotId} and t.seat_id is not null
              and (b.status = 'confirmed' or (b.status = 'pending' and b.expires_at > now()))
            group by t.seat_id) as per_seat)::int as "doubled",
        (select count(*) from tickets t
          where t.event_date_id = ${fixture.slotId} and t.seat_id is not null
            and t.status in ('valid', 'pending_approval', 'checked_in'))::int as "soldTickets",
        (select coalesce(sum(sold), 0) from ticket_inventory
          where event_date_id = ${fixture.slotId})::int as "inventorySold",
        (select coalesce(sum(held), 0) from ticket_inventory
          where event_date_id = ${fixture.slotId})::int as "inventoryHeld",
        (select count(*) from bookings
          where event_date_id = ${fixture.slotId} and status = 'pending')::int as "pendingBookings"`,
  );
}

/** Each confirmed booking's seats must be exactly its tickets' seats. */
async function expectSeatsMatchTickets(fixture: EventFixture): Promise<void> {
  const mismatched = rowsOf<{ booking_id: number }>(
    await scratch.database.db.execute(sql`
      select t.booking_id from tickets t join bookings b on b.id = t.booking_id
       where t.event_date_id = ${fixture.slotId} and b.status = 'confirmed'
         and not exists (select from event_date_seats s
                          where s.event_date_id = t.event_date_id and s.seat_id = t.seat_id
                            and s.booking_id = t.booking_id)`),
  );
  expect(mismatched).toEqual([]);
}

interface Buyer {
  outcome: 'paid' | 'gave_up' | 'lost';
  attempts: Record<string, number>;
}

/**
 * A buyer who wants `quantity` seats together: reads the seat map, asks for the best seats the
 * shared rules find (the seat map's own "best available"), and tries again with a fresh map
 * when someone was quicker (`seat_taken`, `orphan_seat`, `sold_out`); takes fewer seats when
 * fewer are left, pays once a hold is theirs. Books through one process, pays through the other.
 */
async function seatBuyer(
  index: number,
  buyer: Account,
  fixture: EventFixture,
  quantity: number,
  onAnswer: (port: number) => void = () => undefined,
): Promise<Buyer> {
  const attempts: Record<string, number> = {};
  const [bookPort, payPort] = [apis[index % 2]!.port, apis[(index + 1) % 2]!.port];
  for (let attempt = 0; attempt < 60; attempt++) {
    const read = await send(bookPort, 'GET', `/api/v1/event_dates/${fixture.slotId}/seats/`);
    onAnswer(bookPort);
    if (read.status === 0) return { outcome: 'lost', attempts };
    const map = ok<SeatMap>(read, 200);
    const status = new Map(map.seats.map((seat) => [seat.id, seat.status]));
    const rows = ruleRowsOfChart(map.seat_chart, (seat) => status.get(seat.id) === 'available');
    const free = map.seats.filter((seat) => seat.status === 'available').length;
    if (free === 0) return { outcome: 'gave_up', attempts };
    const pick = bestAvailable(rows, Math.min(quantity, free));
    if (!pick) return { outcome: 'gave_up', attempts };
    const booked = await bookSeats(bookPort, buyer, fixture, pick.seats);
    onAnswer(bookPort);
    const key = `${booked.status}${booked.status >= 400 ? ` ${errorCode(booked)}` : ''}`;
    attempts[key] = (attempts[key] ?? 0) + 1;
    if (booked.status === 0) return { outcome: 'lost', attempts };
    if (booked.status === 201) {
      const paid = await payFor(payPort, buyer, (booked.body as { id: number }).id);
      onAnswer(payPort);
      if (paid.status === 0) return { outcome: 'lost', attempts };
      expect(paid.status, JSON.stringify(paid.body)).toBe(200);
      return { outcome: 'paid', attempts };
    }
    expect(booked.status, JSON.stringify(booked.body)).toBe(409);
    expect(['seat_taken', 'orphan_seat', 'sold_out']).toContain(errorCode(booked));
    await new Promise((resolve) => setTimeout(resolve, 5 + Math.random() * 20));
  }
  return { outcome: 'gave_up', attempts };
}

function tallyOf(buyers: Buyer[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const buyer of buyers) {
    counts[buyer.outcome] = (counts[buyer.outcome] ?? 0) + 1;
    for (const [key, count] of Object.entries(buyer.attempts)) {
      counts[`book ${key}`] = (counts[`book ${key}`] ?? 0) + count;
    }
  }
  return counts;
}

beforeAll(async () => {
  scratch = await createScratchDatabase(adminUrl);
  const [portA, portB] = [await freePort(), await freePort()];
  apis = [new ApiProcess('api-a', portA, scratch.url), new ApiProcess('api-b', portB, scratch.url)];
  await Promise.all(apis.map((api) => api.start()));
  organizer = (await createAccounts(scratch.database, 'organizer', 1))[0]!;
  accounts = await createAccounts(scratch.database, 'attendee', 1 + 100 + 200 + 200 + 60);
}, 90_000);

afterAll(async () => {
  if (summary.length > 0) console.log(`\nSeat rush on PostgreSQL:\n${summary.join('\n')}\n`);
  for (const api of apis ?? []) {
    const errors = api.log.filter((line) => /"level":(50|60)/.test(line));
    if (errors.length > 0) console.error(`${api.name} logged:\n${errors.slice(0, 5).join('\n')}`);
  }
  await Promise.all((apis ?? []).map((api) => api.stop()));
  await scratch?.drop();
}, 30_000);

describe('seats on two API processes, one PostgreSQL database', () => {
  it('tells a seat map on one process of a hold and a sale made through the other', async () => {
    const fixture = await createSeatedEvent('Live Night');
    const socket: Socket = io(`http://127.0.0.1:${apis[0].port}`, {
      auth: { anonymous: true },
      transports: ['websocket'],
      reconnection: false,
      forceNew: true,
    });
    try {
      await new Promise<void>((resolve, reject) => {
        socket.once('connect', () => resolve());
        socket.once('connect_error', reject);
      });
      const heard: Array<{ at: number; change: SeatsChanged }> = [];
      socket.on(SEATS_CHANGED_EVENT, (payload: unknown) =>
        heard.push({ at: performance.now(), change: SeatsChanged.parse(payload) }),
      );
      expect(await socket.emitWithAck(SEATS_JOIN_EVENT, { event_date: fixture.slotId })).toEqual({
        ok: true,
      });
      const [buyer] = takeBuyers(1);
      const sent = performance.now();
      const held = ok<{ id: number }>(
        await bookSeats(apis[1].port, buyer!, fixture, ['hall.r2.s1', 'hall.r2.s2']),
        201,
      );
      await expect.poll(() => heard.length, { timeout: 1000 }).toBe(1);
      expect(heard[0]!.change).toEqual({
        event_date: fixture.slotId,
        seats: [
          { id: 'hall.r2.s1', status: 'held' },
          { id: 'hall.r2.s2', status: 'held' },
        ],
      });
      ok(await payFor(apis[1].port, buyer!, held.id), 200);
      await expect.poll(() => heard.length, { timeout: 1000 }).toBe(2);
      expect(heard[1]!.change.seats.map((seat) => seat.status)).toEqual(['sold', 'sold']);
      summary.push(
        `  live: a hold on api-b heard on api-a ${(heard[0]!.at - sent).toFixed(0)} ms after it was sent`,
      );
    } finally {
      socket.disconnect();
    }
  });

  it('lets exactly one of 100 buyers hold the same seat', async () => {
    const fixture = await createSeatedEvent('One Seat Night');
    const buyers = takeBuyers(100);
    const started = performance.now();
    const answers = await Promise.all(
      buyers.map((buyer, index) =>
        bookSeats(apis[index % 2]!.port, buyer, fixture, ['hall.r1.s5']),
      ),
    );
    const ms = performance.now() - started;
    const won = answers.filter((answer) => answer.status === 201);
    expect(won).toHaveLength(1);
    for (const answer of answers) {
      if (answer.status === 201) continue;
      expect([answer.status, errorCode(answer)], JSON.stringify(answer.body)).toEqual([
        409,
        'seat_taken',
      ]);
    }
    const holder = await one<{ booking_id: number | null }>(
      scratch.database,
      sql`select booking_id from event_date_seats
           where event_date_id = ${fixture.slotId} and seat_id = 'hall.r1.s5'`,
    );
    expect(holder.booking_id).toBe((won[0]!.body as { id: number }).id);
    expect(await seatStateOf(fixture)).toMatchObject({ held: 1, doubled: 0, inventoryHeld: 1 });
    summary.push(`  one seat: 100 buyers in ${(ms / 1000).toFixed(2)} s, 1 hold, 99 seat_taken`);
  });

  it(`sells all ${SEATS} seats to 200 buyers of 2–4 seats each, none twice`, async () => {
    const fixture = await createSeatedEvent('Full House');
    const started = performance.now();
    const buyers = await Promise.all(
      takeBuyers(200).map((buyer, index) => seatBuyer(index, buyer, fixture, 2 + (index % 3))),
    );
    const ms = performance.now() - started;
    const state = await seatStateOf(fixture);
    expect(state).toMatchObject({
      sold: SEATS,
      held: 0,
      stale: 0,
      doubled: 0,
      soldTickets: SEATS,
      inventorySold: SEATS,
      inventoryHeld: 0,
      pendingBookings: 0,
    });
    await expectSeatsMatchTickets(fixture);
    const map = ok<SeatMap>(
      await send(apis[1].port, 'GET', `/api/v1/event_dates/${fixture.slotId}/seats/`),
      200,
    );
    expect(new Set(map.seats.map((seat) => seat.status))).toEqual(new Set(['sold']));
    expect(map.counters).toEqual([
      expect.objectContaining({ category: 'seat', available: 0, total: SEATS }),
    ]);
    const tally = tallyOf(buyers);
    summary.push(
      `  full house: 200 buyers in ${(ms / 1000).toFixed(2)} s, ${SEATS} seats sold\n    ${JSON.stringify(tally)}`,
    );
  });

  it('leaves no seat held past its hold when a process is killed mid-rush', async () => {
    const fixture = await createSeatedEvent('Crash Night');
    const [, victim] = apis;
    let answers = 0;
    let killed: Promise<void> | null = null;
    const buyers = await Promise.all(
      takeBuyers(200).map((buyer, index) =>
        seatBuyer(index, buyer, fixture, 2 + (index % 3), (port) => {
          if (port !== victim.port) return;
          answers += 1;
          if (answers === 60) killed = victim.kill('SIGKILL');
        }),
      ),
    );
    expect(killed).not.toBeNull();
    await killed;
    await victim.start();

    const afterCrash = await seatStateOf(fixture);
    expect(afterCrash.doubled).toBe(0);
    expect(afterCrash.sold).toBe(afterCrash.soldTickets);
    expect(afterCrash.inventorySold).toBe(afterCrash.sold);
    expect(afterCrash.inventoryHeld).toBe(afterCrash.held + afterCrash.stale);

    // The holds whose payment died with the process lapse; the sweep (every second) frees them.
    await scratch.database.db.execute(sql`
      update bookings set expires_at = now() - interval '1 second'
       where event_date_id = ${fixture.slotId} and status = 'pending'`);
    let swept = afterCrash;
    for (let tries = 0; tries < 100; tries += 1) {
      swept = await seatStateOf(fixture);
      if (swept.pendingBookings === 0 && swept.stale === 0) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(swept).toMatchObject({ held: 0, stale: 0, pendingBookings: 0, inventoryHeld: 0 });
    expect(swept.sold).toBe(afterCrash.sold);
    const map = ok<SeatMap>(
      await send(apis[0].port, 'GET', `/api/v1/event_dates/${fixture.slotId}/seats/`),
      200,
    );
    expect(map.seats.filter((seat) => seat.status === 'held')).toEqual([]);

    // The restarted process sells what is left, and not one seat more.
    const left = SEATS - swept.sold;
    const mopUp = await Promise.all(
      takeBuyers(60).map((buyer, index) => seatBuyer(index, buyer, fixture, 1 + (index % 2))),
    );
    const final = await seatStateOf(fixture);
    expect(final).toMatchObject({ sold: SEATS, held: 0, stale: 0, doubled: 0 });
    await expectSeatsMatchTickets(fixture);
    summary.push(
      `  crash: ${JSON.stringify(tallyOf(buyers))}; after the crash ${afterCrash.held + afterCrash.stale} seats ` +
        `held by holds the sweep freed, ${left} seats sold afterwards (${JSON.stringify(tallyOf(mopUp))})`,
    );
  });
});
