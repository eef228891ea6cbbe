// A rush on reserved seats over HTTP against PostgreSQL (issue 16), on a 20,000-seat chart
// (lib/seat-chart-fixture.mjs) attached to the event's dates through the API:
//
// 1. Seat holds per second: BENCH_CONNECTIONS buyers at once (64 by default, over
//    BENCH_PROCESSES API processes, 2 by default), each request another buyer holding its own
//    pair of seats (POST /api/v1/tickets/book/ with `seats`) on one date until its chart is
//    full, then the next date: every request contends for one date's seat lock, as an on-sale
//    does. Beside it, pgbench runs the minimal SQL of one seat hold (lib/seat-pgbench.sql: the
//    seat lock, the read the orphan rule judges, booking, line, tickets with seats, the seat
//    claim and the inventory raise) on the same tables of the same database, and the table
//    prints the ratio. Any answer but 201, any pgbench failure, a seat held by a booking that
//    has no ticket for it (or the reverse) or `held` that differs from the pending tickets fails
//    the run.
// 2. Open maps told of a sale: BENCH_SOCKETS anonymous sockets (1,000 by default, spread over
//    the processes, so most pushes cross them through the PostgreSQL adapter) join one date's
//    seat room (`seats:join`, as the seat map does); a buyer holds two seats and pays for them,
//    BENCH_FANOUT_ROUNDS times, and the run times how long each socket waits, from the moment
//    the payment is sent, until it has heard both seats `sold`. The limit is the issue's: within
//    1 s, printed as a ratio. A socket that does not hear it within 30 s fails the run.
//
// Results go to bench/results/ (ignored by git). Run with `npm run bench:seats`.
//
// Environment: BENCH_DATABASE_URL (an admin URL; a fresh database is created next to it and
// dropped at the end), BENCH_PROCESSES, BENCH_CONNECTIONS, BENCH_DURATION (seconds of each
// run), BENCH_SOCKETS, BENCH_FANOUT_ROUNDS, DATABASE_POOL_MAX.
import { randomBytes, randomUUID } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import autocannon from 'autocannon';
import pg from 'pg';
import { io } from 'socket.io-client';
import { createBenchDatabase } from './lib/bench-database.mjs';
import { startApi } from './lib/booking-cluster.mjs';
import {
  accessToken,
  buyerId,
  insertBuyers,
  insertEvent,
  insertOrganizer,
  setPlatformSettings,
} from './lib/booking-fixtures.mjs';
import { freeConnections, percentile, pgbenchVersion, runPgbench } from './lib/booking-pgbench.mjs';
import { SUCCEEDING_CARD } from './lib/checkout-load.mjs';
import { exitCleanups } from './lib/cleanups.mjs';
import { saveResults } from './lib/results.mjs';
import { intFromEnv } from './lib/env.mjs';
import { processCpuMs, startCpuMeter } from './lib/process-cpu.mjs';
import {
  CATEGORY_KEY,
  CHART_SEATS,
  PAIRS,
  SEATS_PER_ROW,
  SEATS_PER_SECTION,
  bigChart,
  pairSeats,
} from './lib/seat-chart-fixture.mjs';
import { ROOT, freePort } from './lib/start-app.mjs';

const ADMIN_URL = process.env.BENCH_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';
const PROCESSES = intFromEnv('BENCH_PROCESSES', 2, 1);
const CONNECTIONS = intFromEnv('BENCH_CONNECTIONS', 64, 1);
const DURATION = intFromEnv('BENCH_DURATION', 10, 1);
const SOCKETS = intFromEnv('BENCH_SOCKETS', 1_000, 1);
const FANOUT_ROUNDS = intFromEnv('BENCH_FANOUT_ROUNDS', 5, 1);
const POOL_MAX = intFromEnv('DATABASE_POOL_MAX', 16, 1);
/** Dates each run may fill, one after the other (10,000 pairs each). */
const SLOTS_PER_RUN = 4;
const PRICE = 10_000;
const FANOUT_LIMIT_MS = 1_000;
const FANOUT_TIMEOUT_MS = 30_000;
const PGBENCH_SCRIPT = path.join(ROOT, 'bench', 'lib', 'seat-pgbench.sql');

const { add: releaseLater, cleanUp } = exitCleanups('stopping the API and dropping the database…');

const format = (value, digits = 0) =>
  value === undefined || value === null || Number.isNaN(value)
    ? '—'
    : Number(value).toFixed(digits);

async function api(url, token, method, route, body) {
  const response = await fetch(`${url}${route}`, {
    method,
    headers: {
      accept: 'application/json',
      authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      'idempotency-key': randomUUID(),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${route} answered ${response.status}: ${text}`);
  return JSON.parse(text);
}

/** The chart, published through the API and attached to every slot. */
async function attachChart(url, organizerToken, slots, categoryId) {
  const chart = await api(url, organizerToken, 'POST', '/api/v1/charts/', {
    name: 'Bench arena',
    draft: bigChart(),
  });
  await api(url, organizerToken, 'POST', `/api/v1/charts/${chart.id}/publish/`);
  for (const slot of slots) {
    await api(url, organizerToken, 'PUT', `/api/v1/event_dates/${slot}/chart/`, {
      chart: chart.id,
      categories: { [CATEGORY_KEY]: categoryId },
    });
  }
}

/** Seat holds over HTTP: request n is buyer n + 1 holding pair n, date by date. */
async function httpHolds(url, secret, eventId, slots) {
  let next = 0;
  const result = await autocannon({
    url,
    connections: CONNECTIONS,
    duration: DURATION,
    timeout: 30,
    headers: { accept: 'application/json', 'content-type': 'application/json' },
    requests: [
      {
        method: 'POST',
        path: '/api/v1/tickets/book/',
        setupRequest: (request) => {
          const pair = next;
          next += 1;
          const slot = slots[Math.floor(pair / PAIRS)];
          if (slot === undefined) throw new Error('the run used every seat of its dates');
          return {
            ...request,
            headers: {
              ...request.headers,
              authorization: `Bearer ${accessToken(secret, buyerId(pair + 1), 3_600)}`,
              'idempotency-key': randomUUID(),
            },
            body: JSON.stringify({
              event: eventId,
              event_date: slot,
              items: [],
              seats: pairSeats(pair % PAIRS),
            }),
          };
        },
      },
    ],
  });
  const byStatus = Object.fromEntries(
    Object.entries(result.statusCodeStats ?? {}).map(([status, stats]) => [status, stats.count]),
  );
  const created = byStatus['201'] ?? 0;
  const others = Object.entries(byStatus).filter(([status]) => status !== '201');
  return {
    holdsPerSecond: created / DURATION,
    created,
    others: Object.fromEntries(others),
    errors: result.errors + result.timeouts,
    p50: result.latency.p50,
    p99: result.latency.p99,
  };
}

/** What the runs left must add up: every claimed seat is its booking's ticket's, once. */
async function checkSeats(client, slots) {
  const {
    rows: [row],
  } = await client.query(
    `SELECT
       (SELECT count(*)::int FROM event_date_seats s
         WHERE s.event_date_id = ANY($1::int[]) AND s.booking_id IS NOT NULL
           AND NOT EXISTS (SELECT 1 FROM tickets t WHERE t.booking_id = s.booking_id
                             AND t.seat_id = s.seat_id AND t.event_date_id = s.event_date_id))
         AS seats_without_ticket,
       (SELECT count(*)::int FROM tickets t
         WHERE t.event_date_id = ANY($1::int[])
           AND NOT EXISTS (SELECT 1 FROM event_date_seats s WHERE s.event_date_id = t.event_date_id
                             AND s.seat_id = t.seat_id AND s.booking_id = t.booking_id))
         AS tickets_without_seat,
       (SELECT count(*)::int FROM ticket_inventory i
         WHERE i.event_date_id = ANY($1::int[])
           AND i.held <> (SELECT count(*) FROM tickets t WHERE t.event_date_id = i.event_date_id
                            AND t.ticket_category_id = i.ticket_category_id
                            AND t.status = 'pending'))
         AS inventory_mismatches,
       (SELECT count(*)::int FROM event_date_seats
         WHERE event_date_id = ANY($1::int[]) AND booking_id IS NOT NULL) AS seats_taken`,
    [slots],
  );
  return row;
}

/** Anonymous sockets in one date's seat room, a hundred connecting at a time. */
async function openMaps(url, slot) {
  const sockets = [];
  for (let start = 0; start < SOCKETS; start += 100) {
    const batch = Array.from({ length: Math.min(100, SOCKETS - start) }, async () => {
      const socket = io(url, {
        auth: { anonymous: true },
        transports: ['websocket'],
        reconnection: false,
        forceNew: true,
      });
      sockets.push(socket);
      socket.on('connect_error', () => undefined);
      await new Promise((resolve, reject) => {
        socket.once('connect', resolve);
        socket.once('connect_error', (error) =>
          reject(new Error(`a socket was refused: ${error.message}`)),
        );
      });
      const { ok } = await socket.timeout(10_000).emitWithAck('seats:join', { event_date: slot });
      if (!ok) throw new Error('a socket could not join the seat room');
    });
    await Promise.all(batch);
  }
  return sockets;
}

/** One sale seen by every open map: ms from the payment's request to each socket hearing it. */
async function fanoutRound(url, secret, sockets, eventId, slot, buyer, seats) {
  const token = accessToken(secret, buyerId(buyer), 3_600);
  const booking = await api(url, token, 'POST', '/api/v1/tickets/book/', {
    event: eventId,
    event_date: slot,
    items: [],
    seats,
  });
  let sentAt = 0;
  const heard = new Array(sockets.length).fill(null);
  let told = 0;
  let allTold;
  const done = new Promise((resolve) => (allTold = resolve));
  const listeners = sockets.map((socket, index) => {
    const sold = new Set();
    const listener = (change) => {
      if (sentAt === 0 || heard[index] !== null) return;
      for (const seat of change.seats ?? [])
        if (seats.includes(seat.id) && seat.status === 'sold') sold.add(seat.id);
      if (sold.size < seats.length) return;
      heard[index] = performance.now() - sentAt;
      told += 1;
      if (told === sockets.length) allTold();
    };
    socket.on('seats:changed', listener);
    return listener;
  });
  sentAt = performance.now();
  await api(url, token, 'POST', '/api/v1/payment/pay/', {
    booking: booking.id,
    payment_method: SUCCEEDING_CARD,
  });
  const answeredMs = performance.now() - sentAt;
  await Promise.race([done, new Promise((resolve) => setTimeout(resolve, FANOUT_TIMEOUT_MS))]);
  sockets.forEach((socket, index) => socket.off('seats:changed', listeners[index]));
  const times = heard.filter((value) => value !== null).sort((a, b) => a - b);
  return {
    told,
    answeredMs,
    p50: percentile(times, 50),
    p99: percentile(times, 99),
    last: times.at(-1) ?? null,
  };
}

async function main() {
  const pgbench = await pgbenchVersion();
  const database = await createBenchDatabase(ADMIN_URL);
  releaseLater(() => database.drop());
  const secret = randomBytes(32).toString('hex');
  const port = await freePort();
  const client = new pg.Client({ connectionString: database.url });
  const server = await startApi({
    processes: PROCESSES,
    port,
    env: {
      DATABASE_URL: database.url,
      DATABASE_POOL_MAX: String(POOL_MAX),
      JWT_SECRET: secret,
      SEED_DEMO: 'false',
    },
  });
  releaseLater(() => server.stop());
  await client.connect();
  releaseLater(() => client.end());

  const slotNames = [
    ...Array.from({ length: SLOTS_PER_RUN }, (_, index) => `http${index}`),
    ...Array.from({ length: SLOTS_PER_RUN }, (_, index) => `pgbench${index}`),
    'fanout',
  ];
  await insertOrganizer(client);
  await insertBuyers(client, PAIRS * SLOTS_PER_RUN);
  const event = await insertEvent(client, {
    title: 'Seat rush',
    categories: 1,
    quantity: CHART_SEATS,
    slots: slotNames,
  });
  await client.query('UPDATE ticket_categories SET price = $1 WHERE id = $2', [
    PRICE,
    event.categories[0],
  ]);
  await setPlatformSettings(client, { max_open_holds: 1000, hold_minutes: 120 });
  const {
    rows: [organizer],
  } = await client.query(`SELECT id FROM users WHERE email = 'rush-organizer@hafla.test'`);
  const organizerToken = accessToken(secret, organizer.id, 3_600, Date.now(), [
    'attendee',
    'organizer',
  ]);
  const httpSlots = slotNames.slice(0, SLOTS_PER_RUN).map((name) => event.slots[name]);
  const pgbenchSlots = slotNames
    .slice(SLOTS_PER_RUN, 2 * SLOTS_PER_RUN)
    .map((name) => event.slots[name]);
  const consecutive = pgbenchSlots.every((id, index) => id === pgbenchSlots[0] + index);
  if (!consecutive) throw new Error('the pgbench dates do not have consecutive ids');
  await attachChart(server.url, organizerToken, Object.values(event.slots), event.categories[0]);
  await client.query('CREATE SEQUENCE seat_bench_pairs');
  await client.query('VACUUM (ANALYZE)');

  console.log(
    `Seat rush: a ${CHART_SEATS.toLocaleString('en')}-seat chart, ${CONNECTIONS} connections, ` +
      `${PROCESSES} API process(es), ${DURATION} s per run, ${os.cpus().length} cores` +
      (pgbench ? `, ${pgbench}` : ', no pgbench'),
  );

  const meter = await startCpuMeter(client, database.name, null);
  const apiCpuStart = server.pids.reduce((sum, pid) => sum + (processCpuMs(pid) ?? 0), 0);
  const http = await httpHolds(server.url, secret, event.id, httpSlots);
  const apiCpuMs =
    server.pids.reduce((sum, pid) => sum + (processCpuMs(pid) ?? 0), 0) - apiCpuStart;
  const { databaseMs } = await meter();

  await client.query(
    'VACUUM (ANALYZE) bookings, booking_items, tickets, event_date_seats, ticket_inventory',
  );
  // pgbench gets at most the connections PostgreSQL still accepts (the table says how many).
  const pgbenchClients = Math.min(CONNECTIONS, (await freeConnections(client)).free);
  const sql = pgbench
    ? await runPgbench({
        url: database.url,
        script: PGBENCH_SCRIPT,
        clients: pgbenchClients,
        jobs: 2,
        duration: DURATION,
        defines: {
          event: event.id,
          first_slot: pgbenchSlots[0],
          category: event.categories[0],
          price: PRICE,
          pairs_per_slot: PAIRS,
          per_section: SEATS_PER_SECTION,
          per_row: SEATS_PER_ROW,
        },
        meter: { client, database: database.name },
      })
    : null;

  const checks = await checkSeats(client, [...httpSlots, ...pgbenchSlots]);

  const fanoutSlot = event.slots.fanout;
  const sockets = await openMaps(server.url, fanoutSlot);
  const rounds = [];
  try {
    for (let round = 0; round < FANOUT_ROUNDS; round += 1) {
      rounds.push(
        await fanoutRound(
          server.url,
          secret,
          sockets,
          event.id,
          fanoutSlot,
          PAIRS * SLOTS_PER_RUN - round,
          pairSeats(round),
        ),
      );
    }
  } finally {
    for (const socket of sockets) socket.disconnect();
  }

  const ratio = sql ? http.holdsPerSecond / sql.tps : null;
  console.log(
    '\n| run | holds/s | p50 | p99 | other answers | errors | CPU per hold (API + PostgreSQL) |',
  );
  console.log('|---|---|---|---|---|---|---|');
  console.log(
    `| HTTP seat holds | ${format(http.holdsPerSecond)} | ${http.p50} ms | ${http.p99} ms | ` +
      `${JSON.stringify(http.others)} | ${http.errors} | ` +
      `${format(apiCpuMs / http.created, 2)} + ${format(databaseMs / http.created, 2)} ms |`,
  );
  if (sql) {
    console.log(
      `| pgbench seat hold (${pgbenchClients} clients) | ${format(sql.tps)} | ${format(sql.p50, 1)} ms | ${format(sql.p99, 1)} ms | — | ` +
        `${sql.failed + sql.aborted} | — + ${format(sql.cpu?.databaseMs / sql.transactions, 2)} ms |`,
    );
    console.log(`\nHTTP / pgbench: ${format(ratio * 100)}%`);
  }
  console.log(
    `Seats: ${checks.seats_taken} taken, ${checks.seats_without_ticket} without their ticket, ` +
      `${checks.tickets_without_seat} tickets without their seat, ` +
      `${checks.inventory_mismatches} inventory rows whose held differs from pending tickets`,
  );
  console.log(`\n| sale | maps told | pay answer | p50 | p99 | last | last / 1 s |`);
  console.log('|---|---|---|---|---|---|---|');
  rounds.forEach((round, index) =>
    console.log(
      `| ${index + 1} | ${round.told}/${SOCKETS} | ${format(round.answeredMs)} ms | ` +
        `${format(round.p50)} ms | ${format(round.p99)} ms | ${format(round.last)} ms | ` +
        `${round.last === null ? '—' : `${format((round.last / FANOUT_LIMIT_MS) * 100)}%`} |`,
    ),
  );

  saveResults('seat-rush', {
    processes: PROCESSES,
    connections: CONNECTIONS,
    http,
    pgbench: sql && { ...sql, output: undefined },
    checks,
    rounds,
  });

  const failures = [];
  if (Object.keys(http.others).length > 0 || http.errors > 0)
    failures.push('HTTP answers other than 201');
  if (sql && (sql.failed > 0 || sql.aborted > 0 || sql.exitCode !== 0))
    failures.push('pgbench failures');
  if (checks.seats_without_ticket + checks.tickets_without_seat + checks.inventory_mismatches > 0) {
    failures.push('seats, tickets and inventory disagree');
  }
  if (rounds.some((round) => round.told !== SOCKETS)) failures.push('a map did not hear a sale');
  if (failures.length > 0) {
    console.error(`FAILED: ${failures.join('; ')}`);
    process.exitCode = 1;
  }
}

try {
  await main();
} catch (error) {
  console.error(error);
  process.exitCode = 1;
} finally {
  await cleanUp();
}
