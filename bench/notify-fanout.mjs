// A notification fan-out over realtime sockets against PostgreSQL: BENCH_SOCKETS ticket holders
// (1,000 by default) each connect a socket.io client with their own access token, spread over
// the API processes (BENCH_PROCESSES, 2 by default, so most pushes cross processes through
// @socket.io/postgres-adapter); then the organizer cancels the event with one PATCH and the run
// times how long each holder waits for the `event_cancelled` notification, from the moment the
// request is sent. The limit is the product's: a toast within 2 seconds (PRODUCT.md section 8),
// so the last socket's time is printed as a ratio to 2 s. Every holder must receive exactly one
// cancellation, and the notifications table must hold exactly one per holder; anything else
// fails the run. Results go to bench/results/ (ignored by git).
//
// Environment: BENCH_DATABASE_URL (an admin URL; a fresh database is created next to it and
// dropped at the end), BENCH_SOCKETS, BENCH_PROCESSES, BENCH_ROUNDS (events cancelled one after
// another, each with its own holders' sockets; the table shows each), DATABASE_POOL_MAX.
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { io } from 'socket.io-client';
import { createBenchDatabase } from './lib/bench-database.mjs';
import { startApi } from './lib/booking-cluster.mjs';
import {
  accessToken,
  buyerId,
  buyerIdSql,
  insertBuyers,
  insertEvent,
  insertOrganizer,
} from './lib/booking-fixtures.mjs';
import { exitCleanups } from './lib/cleanups.mjs';
import { saveResults } from './lib/results.mjs';
import { intFromEnv } from './lib/env.mjs';
import { freePort } from './lib/start-app.mjs';

const ADMIN_URL = process.env.BENCH_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';
const SOCKETS = intFromEnv('BENCH_SOCKETS', 1_000, 1);
const PROCESSES = intFromEnv('BENCH_PROCESSES', 2, 1);
const ROUNDS = intFromEnv('BENCH_ROUNDS', 3, 1);
const POOL_MAX = intFromEnv('DATABASE_POOL_MAX', 10, 1);
const LIMIT_MS = 2_000;
const DELIVERY_TIMEOUT_MS = 60_000;

const percentile = (sorted, p) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

/** Holders of one free ticket each to a fresh event, numbered first … first + SOCKETS − 1. */
async function insertHolders(client, title, first) {
  const event = await insertEvent(client, {
    title,
    categories: 1,
    quantity: SOCKETS,
    slots: ['show'],
  });
  const slot = event.slots.show;
  const category = event.categories[0];
  await client.query(`UPDATE ticket_categories SET price = 0 WHERE id = $1`, [category]);
  await client.query(
    `WITH made AS (
       INSERT INTO bookings (user_id, event_id, event_date_id, status, currency, subtotal, total,
                             expires_at, confirmed_at)
       SELECT ${buyerIdSql('g')}, $1, $2, 'confirmed', 'SAR', 0, 0, now(), now()
         FROM generate_series($4::int, $4::int + $5::int - 1) g
       RETURNING id, user_id),
     lines AS (
       INSERT INTO booking_items (booking_id, ticket_category_id, quantity, unit_price)
       SELECT id, $3, 1, 0 FROM made)
     INSERT INTO tickets (booking_id, user_id, event_id, event_date_id, ticket_category_id, status,
                          price, secret)
     SELECT id, user_id, $1, $2, $3, 'valid', 0, md5(random()::text) FROM made`,
    [event.id, slot, category, first, SOCKETS],
  );
  await client.query(
    `INSERT INTO ticket_inventory (event_date_id, ticket_category_id, sold) VALUES ($1, $2, $3)`,
    [slot, category, SOCKETS],
  );
  return event.id;
}

/** Connects every holder's socket (a hundred at a time); answers them once all are connected. */
async function connectAll(url, secret, first) {
  const sockets = [];
  for (let start = 0; start < SOCKETS; start += 100) {
    const batch = Array.from({ length: Math.min(100, SOCKETS - start) }, (_, index) => {
      const socket = io(url, {
        auth: { token: accessToken(secret, buyerId(first + start + index), 3_600) },
        transports: ['websocket'],
        reconnection: false,
        forceNew: true,
      });
      sockets.push(socket);
      return new Promise((resolve, reject) => {
        socket.once('connect', resolve);
        socket.once('connect_error', (error) =>
          reject(new Error(`a socket was refused: ${error.data?.code ?? error.message}`)),
        );
      });
    });
    await Promise.all(batch);
  }
  return sockets;
}

async function round(url, client, secret, organizerToken, number) {
  const first = 1 + (number - 1) * SOCKETS;
  const eventId = await insertHolders(client, `Fan-out ${number}`, first);
  const sockets = await connectAll(url, secret, first);
  const received = new Array(SOCKETS).fill(null);
  let duplicates = 0;
  let delivered = 0;
  let allDelivered;
  const done = new Promise((resolve) => (allDelivered = resolve));
  let sentAt = 0;
  sockets.forEach((socket, index) =>
    socket.on('notification', (notification) => {
      if (notification.kind !== 'event_cancelled' || notification.value !== eventId) return;
      if (received[index] !== null) {
        duplicates += 1;
        return;
      }
      received[index] = performance.now() - sentAt;
      delivered += 1;
      if (delivered === SOCKETS) allDelivered();
    }),
  );

  sentAt = performance.now();
  const response = await fetch(`${url}/api/v1/events/${eventId}/`, {
    method: 'PATCH',
    headers: { authorization: `Bearer ${organizerToken}`, 'content-type': 'application/json' },
    body: JSON.stringify({ status: 'cancelled' }),
  });
  const answeredMs = performance.now() - sentAt;
  if (response.status !== 200) {
    throw new Error(`the cancellation answered ${response.status}: ${await response.text()}`);
  }
  const timeout = new Promise((resolve) => setTimeout(resolve, DELIVERY_TIMEOUT_MS));
  await Promise.race([done, timeout]);
  // Late duplicates would show within a moment.
  await new Promise((resolve) => setTimeout(resolve, 500));
  for (const socket of sockets) socket.disconnect();

  const {
    rows: [stored],
  } = await client.query(
    `SELECT count(*)::int AS rows, count(DISTINCT user_id)::int AS users
       FROM notifications WHERE event_id = $1 AND kind = 'event_cancelled'`,
    [eventId],
  );
  const times = received.filter((value) => value !== null).sort((a, b) => a - b);
  return {
    round: number,
    sockets: SOCKETS,
    delivered,
    duplicates,
    storedRows: stored.rows,
    storedUsers: stored.users,
    answerMs: Math.round(answeredMs),
    p50Ms: times.length ? Math.round(percentile(times, 50)) : null,
    p99Ms: times.length ? Math.round(percentile(times, 99)) : null,
    lastMs: times.length ? Math.round(times[times.length - 1]) : null,
  };
}

// Resources to release, last first, on success, failure or Ctrl-C.
const { add: releaseLater, cleanUp } = exitCleanups('stopping the API and dropping the database…');

async function main() {
  const database = await createBenchDatabase(ADMIN_URL);
  releaseLater(() => database.drop());
  const secret = randomBytes(32).toString('hex');
  const port = await freePort();
  const client = new pg.Client({ connectionString: database.url });
  try {
    const api = await startApi({
      processes: PROCESSES,
      port,
      env: {
        DATABASE_URL: database.url,
        DATABASE_POOL_MAX: String(POOL_MAX),
        JWT_SECRET: secret,
        SEED_DEMO: 'false',
      },
    });
    releaseLater(() => api.stop());
    await client.connect();
    releaseLater(() => client.end());
    await insertOrganizer(client);
    await insertBuyers(client, SOCKETS * ROUNDS);
    const {
      rows: [organizer],
    } = await client.query(`SELECT id FROM users WHERE email = 'rush-organizer@hafla.test'`);
    const organizerToken = accessToken(secret, organizer.id, 3_600, Date.now(), [
      'attendee',
      'organizer',
    ]);

    console.log(
      `Fan-out: ${SOCKETS} sockets over ${PROCESSES} API process(es), ${ROUNDS} round(s), ` +
        `${os.cpus().length} cores, limit ${LIMIT_MS} ms to the last socket`,
    );
    const results = [];
    for (let number = 1; number <= ROUNDS; number += 1) {
      results.push(await round(api.url, client, secret, organizerToken, number));
    }

    console.log(
      '\n| round | sockets | delivered | duplicates | stored | PATCH answer | p50 | p99 | last | last / 2 s |',
    );
    console.log('|---|---|---|---|---|---|---|---|---|---|');
    for (const r of results) {
      console.log(
        `| ${r.round} | ${r.sockets} | ${r.delivered} | ${r.duplicates} | ${r.storedRows} | ` +
          `${r.answerMs} ms | ${r.p50Ms} ms | ${r.p99Ms} ms | ${r.lastMs} ms | ` +
          `${r.lastMs === null ? '—' : `${((r.lastMs / LIMIT_MS) * 100).toFixed(0)}%`} |`,
      );
    }
    const failures = results.filter(
      (r) =>
        r.delivered !== SOCKETS ||
        r.duplicates > 0 ||
        r.storedRows !== SOCKETS ||
        r.storedUsers !== SOCKETS,
    );
    saveResults('notify-fanout', { sockets: SOCKETS, processes: PROCESSES, results });
    if (failures.length > 0) {
      console.error(`FAILED: ${failures.length} round(s) lost or duplicated notifications`);
      process.exitCode = 1;
    }
  } finally {
    await cleanUp();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
