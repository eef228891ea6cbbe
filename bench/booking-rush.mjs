// An on-sale rush over HTTP against PostgreSQL: thousands of buyers, each request another
// buyer's bearer token, POST /api/v1/tickets/book/ on one hot ticket category and on an event
// with 100 categories, at 64 and 256 connections. Beside each HTTP run, pgbench runs the minimal
// SQL of one booking (lib/booking-pgbench.sql) on the same tables of the same database, so
// bookings per second read as a ratio to what PostgreSQL alone does on this machine in this run
// (pgbench gets at most the connections max_connections leaves free; the table says so).
//
// The hot and spread categories hold 1,000,000 tickets each, so a run measures bookings while
// tickets remain (a sold-out category answers 409 by another path). The sell-out is a run of its
// own: a 5,000-ticket category under the highest connection count until nothing is left, then
// two seconds of refusals, which must all be sold_out. Afterwards, in SQL, no slot and category
// may have more tickets held or sold than its quantity, `held` must equal the pending bookings'
// items and every booked item must have its tickets. Any 5xx, socket error or timeout, any
// pgbench failure, or any oversell fails the run. Results go to bench/results/ (ignored by git).
//
// The checkout is the sale itself: N buyers at once (each connection count), closed loop, each
// holding 2 tickets (POST /api/v1/tickets/book/) and paying for them with the sandbox card
// (POST /api/v1/payment/pay/), each call with its own Idempotency-Key, on an event with 100
// categories and BENCH_CHECKOUT_SLOTS slots per run so no per-buyer limit binds
// (lib/checkout-load.mjs). The API sends its mail over SMTP to a sink in this process
// (lib/mail-sink.mjs); after each slice of load the run waits (up to BENCH_MAIL_WAIT seconds)
// until every booking paid in it has its confirmation email, and reports when the last arrived.
// Printed per connection count: paid bookings per second, p50/p99 of hold and of pay, that
// wait, pgbench's minimal booking transaction over the same 100 categories in the same run and
// the ratio, and the CPU per paid booking of the API (under load, and delivering afterwards),
// of PostgreSQL's backends and of a separate mail worker. Any non-2xx answer other than
// sold_out, a missing confirmation email, a paid booking not `confirmed` with exactly one
// payment, or a payment attempt left `charging` fails the run. With one and with two API
// processes:
//
//   BENCH_SCENARIOS=checkout BENCH_CONNECTIONS=64 npm run bench:booking
//   BENCH_SCENARIOS=checkout BENCH_CONNECTIONS=64 BENCH_PROCESSES=2 npm run bench:booking
//
// Environment: BENCH_DATABASE_URL (an admin URL; a fresh database is created next to it and
// dropped at the end), BENCH_PROCESSES (API processes behind one port, 1 or more),
// BENCH_CONNECTIONS (comma-separated), BENCH_DURATION and BENCH_WARMUP (seconds per run),
// BENCH_ROUNDS (HTTP and pgbench take turns in this many slices of a run),
// BENCH_SCENARIOS (some of hot,spread,checkout,sellout), BENCH_BUYERS, BENCH_TICKETS (per booking),
// BENCH_HOT_QUANTITY, BENCH_SELLOUT_QUANTITY (0 skips the sell-out), BENCH_IDEMPOTENCY (on:
// every request carries its own Idempotency-Key, as the web app sends), BENCH_PROFILE_DIR (CPU
// profiles of the API), DATABASE_POOL_MAX and HOLD_CONCURRENCY (per API process; 0028),
// BENCH_CHECKOUT_SLOTS (slots per checkout run, 8), BENCH_MAIL_WAIT (seconds to wait for the
// confirmation emails, 120), BENCH_WORKER (embedded: the mail worker runs in the API processes,
// the default; process: the API runs with MAIL_WORKER=external and `npm run worker -w
// @hafla/api` runs beside it, its CPU metered as the mail worker's), e.g.
//
//   BENCH_SCENARIOS=checkout BENCH_CONNECTIONS=64 BENCH_PROCESSES=2 BENCH_WORKER=process npm run bench:booking
import { randomBytes, randomUUID } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { createBenchDatabase } from './lib/bench-database.mjs';
import { checkInventory, slotTotals } from './lib/booking-checks.mjs';
import { startApi } from './lib/booking-cluster.mjs';
import { checkPayments, trackConfirmations } from './lib/checkout-checks.mjs';
import { runCheckout } from './lib/checkout-load.mjs';
import {
  accessToken,
  buyerId,
  insertBuyers,
  insertEvent,
  insertOrganizer,
  setPlatformSettings,
} from './lib/booking-fixtures.mjs';
import { freeConnections, pgbenchVersion, runPgbench } from './lib/booking-pgbench.mjs';
import { sampleBackends } from './lib/booking-waits.mjs';
import { exitCleanups } from './lib/cleanups.mjs';
import { runOf, saveResults } from './lib/results.mjs';
import { intFromEnv } from './lib/env.mjs';
import { startMailSink } from './lib/mail-sink.mjs';
import { hasWorkerScript, startMailWorkerProcess } from './lib/mail-worker-process.mjs';
import { processCpuMs, processTreeCpuMs, startCpuMeter } from './lib/process-cpu.mjs';
import { ROOT, freePort } from './lib/start-app.mjs';

const ADMIN_URL = process.env.BENCH_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';
const PROCESSES = intFromEnv('BENCH_PROCESSES', 1, 1);
const POOL_MAX = intFromEnv('DATABASE_POOL_MAX', 16, 1);
const HOLD_TURNS = intFromEnv('HOLD_CONCURRENCY', 4, 0);
const CONNECTIONS = (process.env.BENCH_CONNECTIONS || '64,256').split(',').map((value) => {
  const connections = Number(value.trim());
  if (!Number.isInteger(connections) || connections < 1) {
    console.error(`BENCH_CONNECTIONS must list positive integers (got ${value})`);
    process.exit(2);
  }
  return connections;
});
const DURATION = intFromEnv('BENCH_DURATION', 10, 1);
// HTTP and pgbench alternate in this many slices of DURATION / ROUNDS seconds each.
const ROUNDS = intFromEnv('BENCH_ROUNDS', 2, 1);
const WARMUP = intFromEnv('BENCH_WARMUP', 3, 0);
const BUYERS = intFromEnv('BENCH_BUYERS', 20_000, 1);
const TICKETS = intFromEnv('BENCH_TICKETS', 2, 1);
const HOT_QUANTITY = intFromEnv('BENCH_HOT_QUANTITY', 1_000_000, 1);
const SELLOUT_QUANTITY = intFromEnv('BENCH_SELLOUT_QUANTITY', 5_000, 0);
const SELLOUT_LIMIT = 120;
const SELLOUT_TAIL = 2;
const SCENARIOS = new Set(
  (process.env.BENCH_SCENARIOS || 'hot,spread,checkout,sellout').split(','),
);
const CHECKOUT = SCENARIOS.has('checkout');
const CHECKOUT_SLOTS = intFromEnv('BENCH_CHECKOUT_SLOTS', 8, 1);
const MAIL_WAIT = intFromEnv('BENCH_MAIL_WAIT', 120, 1);
// Where the mail worker runs: in the API processes, or as a process of its own.
const WORKER = process.env.BENCH_WORKER || 'embedded';
if (!['embedded', 'process'].includes(WORKER)) {
  console.error(`BENCH_WORKER must be embedded or process (got ${WORKER})`);
  process.exit(2);
}
if (WORKER === 'process' && !hasWorkerScript()) {
  console.error('BENCH_WORKER=process: apps/api has no `worker` script to run the mail worker');
  process.exit(2);
}
const IDEMPOTENCY = (process.env.BENCH_IDEMPOTENCY || 'on') !== 'off';
// A directory for the API processes' CPU profiles (node --cpu-prof), written when they stop.
const PROFILE_DIR = process.env.BENCH_PROFILE_DIR?.trim();
const SPREAD_CATEGORIES = 100;
const PRICE = 10_000;
const PGBENCH_SCRIPT = path.join(ROOT, 'bench', 'lib', 'booking-pgbench.sql');
const MAX_CONNECTIONS = Math.max(...CONNECTIONS);

// Resources to release, last first, on success, failure or Ctrl-C.
const { add: releaseLater, cleanUp } = exitCleanups('stopping the API and dropping the database…');

/** Waits until the API answers /readyz fast again: what a run left queued has drained. */
async function settle(url) {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    const started = performance.now();
    const ok = await fetch(`${url}/readyz`).then(
      (response) => response.ok,
      () => false,
    );
    if (ok && performance.now() - started < 50) return;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

/** Dead row versions of the last run go, so each run (HTTP or pgbench) starts alike. */
async function vacuum(client) {
  await client.query(
    'VACUUM (ANALYZE) bookings, booking_items, tickets, ticket_inventory, idempotency_keys, users, ' +
      'payments, payment_attempts, sandbox_charges, journal_entries, ledger_postings, event_sales_rollups, event_daily_sales, organizer_daily_sales, category_sales_rollups, mail_outbox',
  );
}

/** Each request another buyer (in turn over all buyers, across runs) and, when spread, category. */
function bookingRequests(tokens, counter, { eventId, slotId, categories }) {
  return [
    {
      method: 'POST',
      path: '/api/v1/tickets/book/',
      setupRequest: (request) => {
        const buyer = counter.next % tokens.length;
        counter.next += 1;
        const category = categories[Math.floor(Math.random() * categories.length)];
        return {
          ...request,
          headers: {
            ...request.headers,
            authorization: `Bearer ${tokens[buyer]}`,
            ...(IDEMPOTENCY ? { 'idempotency-key': randomUUID() } : {}),
          },
          body: JSON.stringify({
            event: eventId,
            event_date: slotId,
            items: [{ ticket_category: category, quantity: TICKETS }],
          }),
        };
      },
    },
  ];
}

function rush(url, connections, duration, requests) {
  return autocannon({
    url,
    connections,
    duration,
    timeout: 30,
    headers: { accept: 'application/json', 'content-type': 'application/json' },
    requests,
  });
}

/** Status counts of an autocannon result: created, refused (4xx), failed (5xx, sockets, timeouts). */
function outcomes(result) {
  const byStatus = Object.fromEntries(
    Object.entries(result.statusCodeStats ?? {}).map(([status, stats]) => [status, stats.count]),
  );
  const sum = (test) =>
    Object.entries(byStatus)
      .filter(([status]) => test(Number(status)))
      .reduce((total, [, count]) => total + count, 0);
  return {
    byStatus,
    created: byStatus['201'] ?? 0,
    refused: sum((status) => status >= 400 && status < 500),
    serverErrors: sum((status) => status >= 500),
    socketErrors: result.errors,
    timeouts: result.timeouts,
  };
}

const format = (value, digits = 0) =>
  value === undefined || value === null || Number.isNaN(value)
    ? '—'
    : Number(value).toFixed(digits);

function printTable(header, body) {
  const widths = header.map((title, i) =>
    Math.max(title.length, ...body.map((cells) => String(cells[i]).length)),
  );
  const line = (cells) =>
    cells
      .map((cell, i) =>
        i === 0 ? String(cell).padEnd(widths[i]) : String(cell).padStart(widths[i]),
      )
      .join('  ');
  console.log(line(header));
  console.log(widths.map((width) => '─'.repeat(width)).join('  '));
  for (const cells of body) console.log(line(cells));
}

async function main() {
  const started = Date.now();
  const pgbench = await pgbenchVersion();
  // The comparison is the point of this benchmark: without pgbench there is nothing to compare.
  if (!pgbench) throw new Error('pgbench is not on the PATH (Debian: apt-get install postgresql)');
  console.log(
    `Booking rush: ${PROCESSES} API process${PROCESSES > 1 ? 'es' : ''} (pool ${POOL_MAX}, hold turns ${HOLD_TURNS || 'off'} each), ` +
      `connections ${CONNECTIONS.join(' and ')}, ${WARMUP} s warm-up + ${DURATION} s per run, ` +
      `${BUYERS} buyers, ${TICKETS} tickets per booking, Idempotency-Key ${IDEMPOTENCY ? 'on' : 'off'}` +
      (CHECKOUT ? `, mail worker ${WORKER}` : '') +
      '; ' +
      `${os.cpus().length} CPUs, Node ${process.version}, ${pgbench}`,
  );
  const loadBefore = os.loadavg()[0];
  if (loadBefore > os.cpus().length * 0.5)
    console.log(
      `Note: load average ${loadBefore.toFixed(1)} on ${os.cpus().length} CPUs before starting; ` +
        'other work competes with the API and PostgreSQL, so the figures will be low and noisy.',
    );

  const database = await createBenchDatabase(ADMIN_URL);
  releaseLater(() => database.drop());
  console.log(`Database ${database.name} (dropped at the end)`);

  // The checkout's confirmation emails go over SMTP to a sink in this process.
  const sink = CHECKOUT ? await startMailSink() : null;
  if (sink) releaseLater(() => sink.close());

  const jwtSecret = randomBytes(48).toString('base64url');
  const api = await startApi({
    processes: PROCESSES,
    port: await freePort(),
    nodeArgs: PROFILE_DIR ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(PROFILE_DIR)}`] : [],
    env: {
      DATABASE_URL: database.url,
      DATABASE_POOL_MAX: String(POOL_MAX),
      HOLD_CONCURRENCY: String(HOLD_TURNS),
      JWT_SECRET: jwtSecret,
      SEED_DEMO: 'false',
      RATE_LIMITS: 'off',
      LOG_LEVEL: 'warn',
      ...(sink ? { SMTP_URL: sink.url } : {}),
      ...(WORKER === 'process' ? { MAIL_WORKER: 'external' } : {}),
    },
  });
  releaseLater(() => api.stop());
  console.log(`API ready on ${api.url} (migrated and seeded), pids ${api.pids.join(', ')}`);
  // Started once the API has migrated the database.
  const mailWorker =
    WORKER === 'process'
      ? startMailWorkerProcess({
          DATABASE_URL: database.url,
          DATABASE_POOL_MAX: String(POOL_MAX),
          JWT_SECRET: jwtSecret,
          SEED_DEMO: 'false',
          ...(sink ? { SMTP_URL: sink.url } : {}),
        })
      : null;
  if (mailWorker) {
    releaseLater(() => mailWorker.stop());
    console.log(`Mail worker started as its own process (npm pid ${mailWorker.pid})`);
  }

  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  releaseLater(() => client.end());
  const postgres = (await client.query('SHOW server_version')).rows[0].server_version;

  const fixturesStarted = performance.now();
  const runSlots = CONNECTIONS.flatMap((connections) => [
    `http-${connections}`,
    `pgbench-${connections}`,
  ]);
  await client.query('BEGIN');
  await insertOrganizer(client);
  await insertBuyers(client, BUYERS);
  const hot = await insertEvent(client, {
    title: 'Rush: one hot category',
    categories: 1,
    quantity: HOT_QUANTITY,
    slots: runSlots,
  });
  const spread = await insertEvent(client, {
    title: 'Rush: 100 categories',
    categories: SPREAD_CATEGORIES,
    quantity: HOT_QUANTITY,
    slots: runSlots,
  });
  // Each run of the checkout books on slots of its own, several so no buyer meets a per-slot limit.
  const checkoutEvent = CHECKOUT
    ? await insertEvent(client, {
        title: 'Rush: checkout over 100 categories',
        categories: SPREAD_CATEGORIES,
        quantity: HOT_QUANTITY,
        slots: CONNECTIONS.flatMap((connections) => [
          ...Array.from({ length: CHECKOUT_SLOTS }, (_, k) => `http-${connections}-${k}`),
          `pgbench-${connections}`,
        ]),
      })
    : null;
  const sellout =
    SELLOUT_QUANTITY > 0 && SCENARIOS.has('sellout')
      ? await insertEvent(client, {
          title: 'Rush: sells out',
          categories: 1,
          quantity: SELLOUT_QUANTITY,
          slots: ['http'],
        })
      : null;
  // A buyer books in several runs: more open holds than a real buyer gets, and holds that outlast
  // the whole benchmark, so the sweep frees nothing while a run is measured.
  await setPlatformSettings(client, { max_open_holds: 1000, hold_minutes: 120 });
  await client.query('COMMIT');
  await client.query('VACUUM (ANALYZE)');
  const contiguous = spread.categories.every((id, index) => id === spread.categories[0] + index);
  if (!contiguous) throw new Error('the 100 categories do not have consecutive ids');
  const tokens = Array.from({ length: BUYERS }, (_, index) =>
    accessToken(jwtSecret, buyerId(index + 1), 4 * 3600),
  );
  console.log(
    `Fixtures: ${BUYERS} buyers with tokens, a hot event (1 category × ${HOT_QUANTITY}), ` +
      `an event with ${SPREAD_CATEGORIES} categories (× ${HOT_QUANTITY} each)` +
      (checkoutEvent
        ? `, a checkout event (${SPREAD_CATEGORIES} categories, ${CHECKOUT_SLOTS} slots per run)`
        : '') +
      (sellout ? `, a sell-out event (1 category × ${SELLOUT_QUANTITY})` : '') +
      ` in ${((performance.now() - fixturesStarted) / 1000).toFixed(1)} s (PostgreSQL ${postgres})`,
  );

  // One sample booking first: a refusal here would make every run meaningless.
  const sample = await fetch(`${api.url}/api/v1/tickets/book/`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      authorization: `Bearer ${accessToken(jwtSecret, buyerId(BUYERS), 600)}`,
    },
    body: JSON.stringify({
      event: hot.id,
      event_date: hot.slots[runSlots[0]],
      items: [{ ticket_category: hot.categories[0], quantity: TICKETS }],
    }),
  });
  if (sample.status !== 201) {
    throw new Error(
      `a sample booking answered ${sample.status}: ${JSON.stringify(await sample.json())}`,
    );
  }

  const counter = { next: 0 };
  const scenarios = [
    { key: 'hot', name: 'hot category', event: hot },
    { key: 'spread', name: `${SPREAD_CATEGORIES} categories`, event: spread },
  ].filter((scenario) => SCENARIOS.has(scenario.key));
  const rows = [];
  /** One HTTP slice of a run: bookings, the backends' states and the CPU they cost. */
  async function httpSlice(connections, seconds, requests) {
    await settle(api.url);
    const apiCpuStart = api.pids.map(processCpuMs);
    const stopDbMeter = await startCpuMeter(client, database.name, null);
    const stopSampling = sampleBackends(client, database.name);
    // This process is the load generator (autocannon), and samples the backends besides.
    const loadStart = process.cpuUsage();
    const result = await rush(api.url, connections, seconds, requests);
    const load = process.cpuUsage(loadStart);
    const backends = await stopSampling();
    const dbCpu = await stopDbMeter();
    const apiCpuMs = api.pids
      .map((pid, index) => (processCpuMs(pid) ?? 0) - (apiCpuStart[index] ?? 0))
      .reduce((sum, ms) => sum + ms, 0);
    return {
      result,
      http: outcomes(result),
      backends,
      apiCpuMs,
      dbCpuMs: dbCpu.databaseMs,
      loadCpuMs: (load.user + load.system) / 1000,
    };
  }

  /** One pgbench slice of a run, with as many clients as PostgreSQL still accepts. */
  async function pgbenchSlice(scenario, connections, seconds) {
    await settle(api.url);
    const { max, free } = await freeConnections(client);
    const clients = Math.min(connections, free);
    const bench = await runPgbench({
      url: database.url,
      script: PGBENCH_SCRIPT,
      clients,
      jobs: 2,
      duration: seconds,
      defines: {
        event: scenario.event.id,
        slot: scenario.event.slots[`pgbench-${connections}`],
        first_category: scenario.event.categories[0],
        categories: scenario.event.categories.length,
        buyers: BUYERS,
        tickets: TICKETS,
        price: PRICE,
      },
      meter: { client, database: database.name },
    });
    const failed = bench.failed + bench.aborted + (bench.exitCode === 0 ? 0 : 1);
    if (failed) console.log(`\n  pgbench FAILED:\n${bench.output}`);
    return { ...bench, clients, maxConnections: max, failed };
  }

  const sum = (values) => values.reduce((total, value) => total + (value ?? 0), 0);
  const slice = Math.max(1, Math.round(DURATION / ROUNDS));
  const measured = slice * ROUNDS;
  for (const scenario of scenarios) {
    for (const connections of CONNECTIONS) {
      const slotId = scenario.event.slots[`http-${connections}`];
      const requests = bookingRequests(tokens, counter, {
        eventId: scenario.event.id,
        slotId,
        categories: scenario.event.categories,
      });
      await settle(api.url);
      process.stdout.write(`  ${scenario.name}, ${connections} connections: `);
      const warm = WARMUP > 0 ? outcomes(await rush(api.url, connections, WARMUP, requests)) : null;
      // After the warm-up, so the planner knows the tables as a rush finds them (never empty).
      await settle(api.url);
      await vacuum(client);
      // HTTP and pgbench take turns, so both meet whatever else the machine is doing alike.
      const httpSlices = [];
      const pgbenchSlices = [];
      for (let round = 0; round < ROUNDS; round += 1) {
        httpSlices.push(await httpSlice(connections, slice, requests));
        pgbenchSlices.push(await pgbenchSlice(scenario, connections, slice));
      }
      const created = sum(httpSlices.map((each) => each.http.created));
      const http = {
        byStatus: {},
        created,
        refused: sum(httpSlices.map((each) => each.http.refused)),
        serverErrors: sum(httpSlices.map((each) => each.http.serverErrors)),
        socketErrors: sum(httpSlices.map((each) => each.http.socketErrors)),
        timeouts: sum(httpSlices.map((each) => each.http.timeouts)),
      };
      for (const each of httpSlices)
        for (const [status, count] of Object.entries(each.http.byStatus))
          http.byStatus[status] = (http.byStatus[status] ?? 0) + count;
      const bookingsPerSecond = created / measured;
      // Percentiles do not add up across slices: the worse slice's stands for the run.
      const p99 = Math.max(...httpSlices.map((each) => each.result.latency.p99));
      const backendKinds = Object.keys(httpSlices[0].backends.backends);
      const backends = Object.fromEntries(
        backendKinds.map((kind) => [
          kind,
          sum(httpSlices.map((each) => each.backends.backends[kind])) / ROUNDS,
        ]),
      );
      const apiCpuMs = sum(httpSlices.map((each) => each.apiCpuMs));
      const dbCpuMs = httpSlices.some((each) => each.dbCpuMs === null)
        ? null
        : sum(httpSlices.map((each) => each.dbCpuMs));
      const loadCpuMs = sum(httpSlices.map((each) => each.loadCpuMs));
      const pgbenchTransactions = sum(pgbenchSlices.map((each) => each.transactions));
      const pgbenchDbCpuMs = pgbenchSlices.some((each) => each.cpu?.databaseMs == null)
        ? null
        : sum(pgbenchSlices.map((each) => each.cpu.databaseMs));
      const pgbenchOwnCpuMs = sum(pgbenchSlices.map((each) => each.cpu?.pgbenchMs ?? 0));
      const pgbenchTps = sum(pgbenchSlices.map((each) => each.tps)) / ROUNDS;
      const pgbenchClients = Math.min(...pgbenchSlices.map((each) => each.clients));
      const pgbenchFailed = sum(pgbenchSlices.map((each) => each.failed));
      console.log(
        `HTTP ${format(bookingsPerSecond)} bookings/s, p99 ${format(p99)} ms` +
          (http.refused ? `, ${http.refused} refused ${JSON.stringify(http.byStatus)}` : '') +
          `; pgbench ${format(pgbenchTps)} tps` +
          (pgbenchClients < connections
            ? ` (${pgbenchClients} clients: max_connections is ${pgbenchSlices[0].maxConnections})`
            : ''),
      );
      console.log(
        `      backends on average: ${backends.running.toFixed(1)} running, ${backends.lock.toFixed(1)} waiting for a lock, ` +
          `${backends.wal.toFixed(1)} on the WAL, ${backends.lwlock.toFixed(1)} on other LWLocks, ` +
          `${backends.idleInTransaction.toFixed(1)} idle in a transaction (waiting for the API), ${backends.idle.toFixed(1)} idle; ` +
          `CPU per booking: API ${format(apiCpuMs / Math.max(1, created), 2)} ms, ` +
          `PostgreSQL ${format((dbCpuMs ?? NaN) / Math.max(1, created), 2)} ms, ` +
          `load generator ${format(loadCpuMs / Math.max(1, created), 2)} ms; ` +
          `per pgbench transaction: PostgreSQL ` +
          `${format((pgbenchDbCpuMs ?? NaN) / Math.max(1, pgbenchTransactions), 2)} ms, ` +
          `pgbench ${format(pgbenchOwnCpuMs / Math.max(1, pgbenchTransactions), 2)} ms`,
      );
      const { lockWaits, busiest } = httpSlices.at(-1).backends;
      for (const { statement, backends: count } of busiest.filter((each) => each.backends >= 0.1))
        console.log(`      ${count.toFixed(1)} running ${statement.slice(0, 140)}…`);
      for (const { statement, backends: count } of lockWaits.filter((each) => each.backends >= 0.1))
        console.log(`      ${count.toFixed(1)} waiting on ${statement.slice(0, 140)}…`);
      const slot = await slotTotals(client, slotId);
      rows.push({
        scenario: scenario.name,
        connections,
        pgbenchClients,
        bookingsPerSecond,
        p99,
        ...http,
        warmup: warm,
        errors: http.serverErrors + http.socketErrors + http.timeouts + (warm?.serverErrors ?? 0),
        pgbench: {
          tps: pgbenchTps,
          transactions: pgbenchTransactions,
          p99: Math.max(...pgbenchSlices.map((each) => each.p99 ?? 0)),
          failed: pgbenchFailed,
        },
        ratio: bookingsPerSecond / pgbenchTps,
        backends,
        slices: {
          http: httpSlices.map((each) => ({
            created: each.http.created,
            p99: each.result.latency.p99,
          })),
          pgbench: pgbenchSlices.map((each) => ({ tps: each.tps, clients: each.clients })),
        },
        cpuMsPerBooking: {
          api: apiCpuMs / Math.max(1, created),
          database: dbCpuMs === null ? null : dbCpuMs / Math.max(1, created),
          loadGenerator: loadCpuMs / Math.max(1, created),
        },
        cpuMsPerPgbenchTransaction: {
          database:
            pgbenchDbCpuMs === null ? null : pgbenchDbCpuMs / Math.max(1, pgbenchTransactions),
          pgbench: pgbenchOwnCpuMs / Math.max(1, pgbenchTransactions),
        },
        slot,
        answeredButMissing: Math.max(0, created - slot.bookings),
      });
    }
  }

  // The checkout: hold and pay over HTTP, closed loop, beside pgbench over the same 100
  // categories; after each slice of load, the wait for its confirmation emails.
  const checkoutRows = [];
  const paidBookings = [];
  const mail = sink ? trackConfirmations(sink, client) : null;
  /** The checkout's next buyer (in turn, as the other scenarios), slot and category. */
  const checkoutOrders = (connections) => {
    const slots = Array.from(
      { length: CHECKOUT_SLOTS },
      (_, k) => checkoutEvent.slots[`http-${connections}-${k}`],
    );
    const { categories } = checkoutEvent;
    return () => {
      const buyer = counter.next % tokens.length;
      counter.next += 1;
      return {
        token: tokens[buyer],
        body: {
          event: checkoutEvent.id,
          event_date: slots[Math.floor(Math.random() * slots.length)],
          items: [
            {
              ticket_category: categories[Math.floor(Math.random() * categories.length)],
              quantity: TICKETS,
            },
          ],
        },
      };
    };
  };
  /** CPU of the API processes, PostgreSQL's backends and this process from now until stopped. */
  async function startMeters() {
    const workerCpu = () => (mailWorker ? (processTreeCpuMs(mailWorker.pid) ?? 0) : 0);
    const workerStart = workerCpu();
    const apiStart = api.pids.map(processCpuMs);
    const stopDb = await startCpuMeter(client, database.name, null);
    const ownStart = process.cpuUsage();
    return async () => {
      const own = process.cpuUsage(ownStart);
      const db = await stopDb();
      return {
        apiMs: sum(api.pids.map((pid, index) => (processCpuMs(pid) ?? 0) - (apiStart[index] ?? 0))),
        dbMs: db.databaseMs,
        workerMs: workerCpu() - workerStart,
        ownMs: (own.user + own.system) / 1000,
      };
    };
  }
  /** One slice of checkout load, then the wait for the confirmation emails of what it sold. */
  async function checkoutSlice(connections, seconds, nextOrder) {
    await settle(api.url);
    const stopLoadMeters = await startMeters();
    const stopSampling = sampleBackends(client, database.name);
    const load = await runCheckout({ url: api.url, connections, seconds, nextOrder });
    const loadEnded = performance.now();
    const backends = await stopSampling();
    const loadCpu = await stopLoadMeters();
    paidBookings.push(...load.paidBookings);
    const stopMailMeters = await startMeters();
    const delivery = await mail.waitFor(load.paidBookings, loadEnded, MAIL_WAIT * 1000);
    const mailCpu = await stopMailMeters();
    return { load, backends, loadCpu, delivery, mailCpu };
  }
  if (checkoutEvent) {
    for (const connections of CONNECTIONS) {
      const nextOrder = checkoutOrders(connections);
      await settle(api.url);
      process.stdout.write(`  checkout, ${connections} buyers: `);
      let warm = null;
      if (WARMUP > 0) {
        const load = await runCheckout({ url: api.url, connections, seconds: WARMUP, nextOrder });
        paidBookings.push(...load.paidBookings);
        const delivery = await mail.waitFor(load.paidBookings, performance.now(), MAIL_WAIT * 1000);
        warm = { paid: load.paid, errors: load.errors, missingMail: delivery.missing.length };
      }
      await settle(api.url);
      await vacuum(client);
      const slices = [];
      const pgbenchSlices = [];
      for (let round = 0; round < ROUNDS; round += 1) {
        slices.push(await checkoutSlice(connections, slice, nextOrder));
        pgbenchSlices.push(await pgbenchSlice({ event: checkoutEvent }, connections, slice));
      }
      const paid = sum(slices.map((each) => each.load.paid));
      const loadSeconds = sum(slices.map((each) => each.load.seconds));
      const paidPerSecond = paid / loadSeconds;
      // Percentiles do not add up across slices: the worse slice's stands for the run.
      const worst = (pick) => Math.max(...slices.map((each) => pick(each) ?? 0));
      const lastMailMs = worst((each) => each.delivery.lastAfterMs);
      const missingMail = sum(slices.map((each) => each.delivery.missing.length));
      const errors = sum(slices.map((each) => each.load.errors)) + (warm?.errors ?? 0);
      const errorExamples = slices.flatMap((each) => each.load.errorExamples).slice(0, 5);
      const nullable = (values) => (values.some((value) => value === null) ? null : sum(values));
      const cpu = {
        apiLoad: sum(slices.map((each) => each.loadCpu.apiMs)),
        apiDelivery: sum(slices.map((each) => each.mailCpu.apiMs)),
        database: nullable(slices.flatMap((each) => [each.loadCpu.dbMs, each.mailCpu.dbMs])),
        worker: sum(slices.map((each) => each.loadCpu.workerMs + each.mailCpu.workerMs)),
        loadGenerator: sum(slices.map((each) => each.loadCpu.ownMs + each.mailCpu.ownMs)),
      };
      const perPaid = (ms) => (ms === null ? null : ms / Math.max(1, paid));
      const pgbenchTps = sum(pgbenchSlices.map((each) => each.tps)) / ROUNDS;
      const pgbenchTransactions = sum(pgbenchSlices.map((each) => each.transactions));
      const pgbenchDbCpuMs = nullable(pgbenchSlices.map((each) => each.cpu?.databaseMs ?? null));
      const row = {
        connections,
        pgbenchClients: Math.min(...pgbenchSlices.map((each) => each.clients)),
        paid,
        loadSeconds,
        paidPerSecond,
        hold: {
          p50: worst((each) => each.load.hold.p50),
          p99: worst((each) => each.load.hold.p99),
        },
        pay: { p50: worst((each) => each.load.pay.p50), p99: worst((each) => each.load.pay.p99) },
        soldOut: sum(slices.map((each) => each.load.soldOut)),
        errors,
        errorExamples,
        warmup: warm,
        mail: {
          lastAfterSeconds: lastMailMs / 1000,
          missing: missingMail + (warm?.missingMail ?? 0),
          waitedUpTo: MAIL_WAIT,
        },
        pgbench: {
          tps: pgbenchTps,
          transactions: pgbenchTransactions,
          p99: Math.max(...pgbenchSlices.map((each) => each.p99 ?? 0)),
          failed: sum(pgbenchSlices.map((each) => each.failed)),
        },
        ratio: paidPerSecond / pgbenchTps,
        backends: slices.at(-1).backends.backends,
        slices: slices.map((each) => ({
          paid: each.load.paid,
          seconds: each.load.seconds,
          holdP99: each.load.hold.p99,
          payP99: each.load.pay.p99,
          lastMailAfterMs: each.delivery.lastAfterMs,
        })),
        cpuMsPerPaidBooking: {
          apiUnderLoad: perPaid(cpu.apiLoad),
          apiDelivering: perPaid(cpu.apiDelivery),
          api: perPaid(cpu.apiLoad + cpu.apiDelivery),
          database: perPaid(cpu.database),
          mailWorker: mailWorker ? perPaid(cpu.worker) : null,
          loadGeneratorAndSink: perPaid(cpu.loadGenerator),
        },
        cpuMsPerPgbenchTransaction: {
          database:
            pgbenchDbCpuMs === null ? null : pgbenchDbCpuMs / Math.max(1, pgbenchTransactions),
        },
      };
      checkoutRows.push(row);
      const c = row.cpuMsPerPaidBooking;
      console.log(
        `${format(paidPerSecond)} paid bookings/s, hold p50/p99 ${format(row.hold.p50)}/${format(row.hold.p99)} ms, ` +
          `pay p50/p99 ${format(row.pay.p50)}/${format(row.pay.p99)} ms, ${errors} errors` +
          (row.soldOut ? `, ${row.soldOut} sold out` : '') +
          `; last confirmation ${format(row.mail.lastAfterSeconds, 1)} s after the load` +
          (row.mail.missing ? ` (${row.mail.missing} MISSING after ${MAIL_WAIT} s)` : '') +
          `; pgbench ${format(pgbenchTps)} tps (ratio ${format(row.ratio * 100, 1)}%)`,
      );
      console.log(
        `      CPU per paid booking: API ${format(c.api, 2)} ms (${format(c.apiUnderLoad, 2)} under load + ` +
          `${format(c.apiDelivering, 2)} delivering after it), PostgreSQL ${format(c.database, 2)} ms, ` +
          (mailWorker ? `mail worker ${format(c.mailWorker, 2)} ms, ` : '') +
          `load generator and mail sink ${format(c.loadGeneratorAndSink, 2)} ms; ` +
          `per pgbench transaction: PostgreSQL ${format(row.cpuMsPerPgbenchTransaction.database, 2)} ms`,
      );
      for (const example of errorExamples) console.log(`      error: ${JSON.stringify(example)}`);
    }
  }
  const payments = checkoutEvent ? await checkPayments(client, paidBookings) : null;
  const mailSummary = mail ? (await mail.update(), mail.summary(paidBookings)) : null;

  let selloutRow = null;
  if (sellout) {
    const slotId = sellout.slots.http;
    await vacuum(client);
    await settle(api.url);
    process.stdout.write(`  sell-out of ${SELLOUT_QUANTITY}, ${MAX_CONNECTIONS} connections: `);
    // Runs until the category is gone (at most SELLOUT_LIMIT seconds), then SELLOUT_TAIL seconds
    // more, so the refusals of a sold-out category are measured too.
    const rushStarted = performance.now();
    const tracker = rush(
      api.url,
      MAX_CONNECTIONS,
      SELLOUT_LIMIT,
      bookingRequests(tokens, counter, {
        eventId: sellout.id,
        slotId,
        categories: sellout.categories,
      }),
    );
    let finished = false;
    const done = Promise.resolve(tracker).finally(() => (finished = true));
    let soldOutAfter = null;
    while (!finished) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      if (soldOutAfter === null && (await slotTotals(client, slotId)).taken >= SELLOUT_QUANTITY) {
        soldOutAfter = (performance.now() - rushStarted) / 1000;
        setTimeout(() => tracker.stop(), SELLOUT_TAIL * 1000);
      }
    }
    const result = await done;
    const http = outcomes(result);
    await settle(api.url);
    const slot = await slotTotals(client, slotId);
    const soldOut = slot.taken === SELLOUT_QUANTITY;
    console.log(
      `${http.created} booked, ${http.refused} refused ${JSON.stringify(http.byStatus)}; ` +
        `${slot.taken} of ${SELLOUT_QUANTITY} tickets taken by ${slot.bookings} bookings` +
        (soldOutAfter === null
          ? ` (not sold out in ${SELLOUT_LIMIT} s)`
          : `, sold out after ${soldOutAfter.toFixed(1)} s (${format(slot.bookings / soldOutAfter)} bookings/s)`),
    );
    selloutRow = {
      connections: MAX_CONNECTIONS,
      ...http,
      p99: result.latency.p99,
      errors: http.serverErrors + http.socketErrors + http.timeouts,
      slot,
      soldOut,
      soldOutAfter,
      answeredButMissing: Math.max(0, http.created - slot.bookings),
      // Every refusal of a sell-out must be sold_out (409), nothing else.
      otherRefusals: http.refused - (http.byStatus['409'] ?? 0),
    };
  }

  // Requests the load generator gave up on at the end of a run may still be running.
  await settle(api.url);
  const inventory = await checkInventory(client);
  const oversellOk =
    inventory.oversold === 0 &&
    inventory.heldMismatch === 0 &&
    inventory.ticketMismatch === 0 &&
    rows.every((row) => row.answeredButMissing === 0) &&
    (!selloutRow || selloutRow.answeredButMissing === 0);
  const check = oversellOk
    ? `ok (${inventory.pairs} slot×category pairs)`
    : `FAILED: ${inventory.oversold} oversold, ${inventory.heldMismatch} held ≠ pending items, ` +
      `${inventory.ticketMismatch} tickets ≠ items`;

  // The autocannon scenarios' table (a checkout alone has its own below).
  if (rows.length > 0 || selloutRow) {
    console.log(
      `\nBookings per second over HTTP (${PROCESSES} API process${PROCESSES > 1 ? 'es' : ''}, pool ${POOL_MAX} each; ` +
        `${TICKETS} tickets per booking) beside pgbench on the same SQL tables (${measured} s each, ` +
        `taking turns in ${ROUNDS} slices; tps without connection time; p99 of the worse slice); ` +
        `ratio = HTTP ÷ pgbench; errors = 5xx, socket errors and timeouts over HTTP, failed or ` +
        `aborted transactions in pgbench:\n`,
    );
    printTable(
      [
        'scenario',
        'conns',
        'bookings/s',
        'p99 ms',
        'pgbench tps',
        'pgbench p99',
        'ratio',
        'refused',
        'errors',
        'oversell check',
      ],
      [
        ...rows.map((row) => [
          row.scenario,
          row.pgbenchClients === row.connections
            ? String(row.connections)
            : `${row.connections} (pgbench ${row.pgbenchClients})`,
          format(row.bookingsPerSecond),
          format(row.p99),
          format(row.pgbench.tps),
          format(row.pgbench.p99, 1),
          `${format(row.ratio * 100)}%`,
          String(row.refused),
          `${row.errors}${row.pgbench.failed ? ` + pgbench ${row.pgbench.failed}` : ''}`,
          check,
        ]),
        ...(selloutRow
          ? [
              [
                `sell-out of ${SELLOUT_QUANTITY}`,
                String(selloutRow.connections),
                selloutRow.soldOutAfter === null
                  ? '—'
                  : format(selloutRow.slot.bookings / selloutRow.soldOutAfter),
                format(selloutRow.p99),
                '—',
                '—',
                '—',
                String(selloutRow.refused),
                String(selloutRow.errors),
                `${check}; ${selloutRow.slot.taken}/${SELLOUT_QUANTITY} taken` +
                  (selloutRow.otherRefusals > 0
                    ? `, ${selloutRow.otherRefusals} refusals other than 409`
                    : ''),
              ],
            ]
          : []),
      ],
    );
  }
  if (!oversellOk) console.log(JSON.stringify(inventory.examples, null, 2));

  const paymentsOk =
    !payments ||
    (payments.missing === 0 &&
      payments.notConfirmed === 0 &&
      payments.paymentMismatch === 0 &&
      payments.charging === 0);
  const mailOk = !mailSummary || (mailSummary.missing === 0 && mailSummary.twiceQueued === 0);
  if (checkoutRows.length > 0) {
    const paymentCheck = paymentsOk
      ? `ok (${payments.bookings} paid: confirmed, one payment each; none charging)`
      : `FAILED: ${payments.missing} missing, ${payments.notConfirmed} not confirmed, ` +
        `${payments.paymentMismatch} without exactly one payment, ${payments.charging} attempts charging`;
    console.log(
      `\nCheckout over HTTP (${PROCESSES} API process${PROCESSES > 1 ? 'es' : ''}, pool ${POOL_MAX} each; ` +
        `hold ${TICKETS} tickets then pay, closed loop, one buyer per connection; ${measured} s each, ` +
        `taking turns with pgbench in ${ROUNDS} slices; percentiles of the worse slice); ratio = ` +
        `paid bookings/s ÷ pgbench tps of the minimal booking over ${SPREAD_CATEGORIES} categories; ` +
        `last mail = the last confirmation of a slice's bookings, seconds after its load stopped; ` +
        `CPU in ms per paid booking (API under load + delivering after it):\n`,
    );
    printTable(
      [
        'conns',
        'paid/s',
        'hold p50',
        'hold p99',
        'pay p50',
        'pay p99',
        'last mail s',
        'pgbench tps',
        'ratio',
        'errors',
        'CPU API',
        'CPU PG',
        'CPU worker',
      ],
      checkoutRows.map((row) => [
        row.pgbenchClients === row.connections
          ? String(row.connections)
          : `${row.connections} (pgbench ${row.pgbenchClients})`,
        format(row.paidPerSecond, 1),
        format(row.hold.p50),
        format(row.hold.p99),
        format(row.pay.p50),
        format(row.pay.p99),
        format(row.mail.lastAfterSeconds, 1) +
          (row.mail.missing ? ` (${row.mail.missing} missing)` : ''),
        format(row.pgbench.tps),
        `${format(row.ratio * 100, 1)}%`,
        `${row.errors}${row.pgbench.failed ? ` + pgbench ${row.pgbench.failed}` : ''}`,
        `${format(row.cpuMsPerPaidBooking.api, 1)} (${format(row.cpuMsPerPaidBooking.apiUnderLoad, 1)}+${format(row.cpuMsPerPaidBooking.apiDelivering, 1)})`,
        format(row.cpuMsPerPaidBooking.database, 1),
        row.cpuMsPerPaidBooking.mailWorker === null
          ? 'embedded'
          : format(row.cpuMsPerPaidBooking.mailWorker, 1),
      ]),
    );
    console.log(
      `\nOversell check: ${check}. Payments: ${paymentCheck}. Confirmation emails: ` +
        `${mailSummary.messages} taken by the SMTP sink; ${mailSummary.missing} paid bookings without one, ` +
        `${mailSummary.twiceQueued} confirmed twice, ${mailSummary.redelivered} delivered twice (same Message-ID)` +
        (mailSummary.other ? `, ${mailSummary.other} other messages` : ''),
    );
    if (!paymentsOk) console.log(JSON.stringify(payments.examples, null, 2));
  }

  saveResults(
    'booking-rush',
    {
      ...runOf(started, loadBefore, { postgres, pgbench }),
      settings: {
        processes: PROCESSES,
        poolMax: POOL_MAX,
        holdConcurrency: HOLD_TURNS,
        connections: CONNECTIONS,
        duration: DURATION,
        rounds: ROUNDS,
        warmup: WARMUP,
        buyers: BUYERS,
        tickets: TICKETS,
        hotQuantity: HOT_QUANTITY,
        selloutQuantity: SELLOUT_QUANTITY,
        idempotency: IDEMPOTENCY,
        checkoutSlots: CHECKOUT_SLOTS,
        mailWait: MAIL_WAIT,
        mailWorker: WORKER,
      },
      runs: rows,
      checkout:
        checkoutRows.length > 0 ? { runs: checkoutRows, payments, mail: mailSummary } : null,
      sellout: selloutRow,
      inventory,
    },

    started,
  );

  const failures = [
    ...rows
      .filter((row) => row.errors > 0 || row.pgbench.failed > 0)
      .map(
        (row) =>
          `${row.scenario} at ${row.connections}: ${row.errors} HTTP errors, ${row.pgbench.failed} pgbench failures`,
      ),
    ...(selloutRow && (selloutRow.errors > 0 || selloutRow.otherRefusals > 0 || !selloutRow.soldOut)
      ? [
          `sell-out: ${selloutRow.errors} errors, ${selloutRow.otherRefusals} refusals other than ` +
            `sold_out, ${selloutRow.slot.taken} of ${SELLOUT_QUANTITY} tickets taken`,
        ]
      : []),
    ...checkoutRows
      .filter((row) => row.errors > 0 || row.pgbench.failed > 0 || row.mail.missing > 0)
      .map(
        (row) =>
          `checkout at ${row.connections}: ${row.errors} HTTP errors, ${row.pgbench.failed} ` +
          `pgbench failures, ${row.mail.missing} confirmation emails missing after ${MAIL_WAIT} s`,
      ),
    ...(oversellOk ? [] : ['the inventory check']),
    ...(paymentsOk ? [] : ['the payments check']),
    ...(mailOk ? [] : ['the confirmation emails check']),
  ];
  if (failures.length > 0) console.error(`FAILED: ${failures.join('; ')}`);
  return failures.length === 0;
}

let ok = false;
try {
  ok = await main();
} catch (error) {
  console.error(error);
} finally {
  await cleanUp();
}
process.exit(ok ? 0 : 1);
