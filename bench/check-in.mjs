// The door under load over HTTP against PostgreSQL: one event with BENCH_TICKETS (10,000) valid
// tickets and BENCH_SCANNERS (50) ushers, each connection scanning real QR payloads with
// POST /api/v1/check-ins/ (each request the next ticket and the next usher's token, a new
// nonce). Scans per second and latency are printed beside a bare node:http server's, measured in
// the same run on the same machine, twice: at a door's pace (each scanner BENCH_SCAN_RATE scans
// a second on average, at random moments: a person shows a ticket, it is scanned, the usher
// reads the result — one a second per lane is already a fast door), which is what the p99 target
// is judged on, and back to back (each connection sends its next scan the moment the last one is
// answered), which shows the most the server takes. Once the tickets run out, scans are of tickets already
// checked in (`already_checked_in`, the same path but for the winning update); the table says
// how many were each. Afterwards, in SQL, every ticket the scans checked in must be checked in
// once: as many `ok` scans as checked-in tickets. Any non-2xx answer, socket error or timeout
// fails the run. Results go to bench/results/ (ignored by git).
//
// Environment: BENCH_DATABASE_URL (an admin URL; a fresh database is created next to it and
// dropped at the end), BENCH_PROCESSES (API processes behind one port), BENCH_SCANNERS,
// BENCH_TICKETS, BENCH_DURATION and BENCH_WARMUP (seconds), DATABASE_POOL_MAX (per process),
// BENCH_PROFILE_DIR (CPU profiles of the API processes, node --cpu-prof, written when they stop).
import { randomBytes, randomUUID } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { Client } from 'undici';
import { startBareServer } from './lib/bare-server-process.mjs';
import { createBenchDatabase } from './lib/bench-database.mjs';
import { startApi } from './lib/booking-cluster.mjs';
import {
  accessToken,
  buyerId,
  insertBuyers,
  insertEvent,
  insertOrganizer,
} from './lib/booking-fixtures.mjs';
import { exitCleanups } from './lib/cleanups.mjs';
import { saveResults } from './lib/results.mjs';
import { intFromEnv } from './lib/env.mjs';
import { insertTickets, signTicketCode, ticketQrKey } from './lib/ticket-codes.mjs';
import { freePort } from './lib/start-app.mjs';

const ADMIN_URL = process.env.BENCH_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';
const PROCESSES = intFromEnv('BENCH_PROCESSES', 1, 1);
const POOL_MAX = intFromEnv('DATABASE_POOL_MAX', 16, 1);
const SCANNERS = intFromEnv('BENCH_SCANNERS', 50, 1);
const SCAN_RATE = intFromEnv('BENCH_SCAN_RATE', 1, 1);
const TICKETS = intFromEnv('BENCH_TICKETS', 10_000, 1);
const DURATION = intFromEnv('BENCH_DURATION', 10, 1);
const WARMUP = intFromEnv('BENCH_WARMUP', 3, 0);
const TARGET_P99_MS = 50;
const PROFILE_DIR = process.env.BENCH_PROFILE_DIR?.trim();

const { add: releaseLater, cleanUp } = exitCleanups(
  'stopping the servers and dropping the database…',
);

function load(url, duration, requests) {
  return autocannon({
    url,
    connections: SCANNERS,
    duration,
    timeout: 30,
    headers: { accept: 'application/json', 'content-type': 'application/json' },
    ...(requests ? { requests } : {}),
  });
}

/**
 * A door's pace: each scanner its own connection, scanning at random moments — Poisson arrivals
 * at `rate` a second (a person shows a ticket whenever they reach the front), the scanners
 * independent of each other. (autocannon's per-connection rate fires every connection on the same
 * tick: 50 scans at the same millisecond, once a second, which no door does.) A scan's latency is
 * counted from the moment it was due, so a slow answer that delays the next scan counts in full.
 */
async function paced(url, duration, rate, nextScan) {
  const latencies = [];
  let non2xx = 0;
  let errors = 0;
  const started = performance.now();
  const until = started + duration * 1000;
  const gap = () => (-Math.log(1 - Math.random()) * 1000) / rate;
  const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)));
  await Promise.all(
    Array.from({ length: SCANNERS }, async () => {
      const client = new Client(url, { keepAliveTimeout: 60_000 });
      try {
        for (let due = started + gap(); due < until; due += gap()) {
          await sleep(due - performance.now());
          const { headers, body } = nextScan();
          try {
            const response = await client.request({
              method: 'POST',
              path: '/api/v1/check-ins/',
              headers,
              body,
            });
            await response.body.dump();
            if (response.statusCode < 200 || response.statusCode >= 300) non2xx += 1;
          } catch {
            errors += 1;
          }
          latencies.push(performance.now() - due);
        }
      } finally {
        await client.close();
      }
    }),
  );
  latencies.sort((a, b) => a - b);
  const at = (q) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))];
  return {
    requests: { total: latencies.length, average: latencies.length / duration },
    latency: { p50: at(0.5), p99: at(0.99), max: latencies.at(-1) },
    non2xx,
    errors,
    timeouts: 0,
  };
}

const failures = (result) => result.non2xx + result.errors + result.timeouts;
const ms = (value) => (value === undefined ? '—' : String(Math.round(value)));

async function main() {
  const started = Date.now();
  console.log(
    `Check-in benchmark: ${TICKETS} tickets, ${SCANNERS} scanners, ${PROCESSES} API process${PROCESSES > 1 ? 'es' : ''} ` +
      `(pool ${POOL_MAX} each), ${WARMUP} s warm-up + ${DURATION} s, ${os.cpus().length} CPUs, Node ${process.version}`,
  );
  const loadBefore = os.loadavg()[0];
  if (loadBefore > os.cpus().length * 0.5)
    console.log(
      `Note: load average ${loadBefore.toFixed(1)} on ${os.cpus().length} CPUs before starting; ` +
        'other work competes with the servers, so the figures (the ceiling too) will be low and noisy.',
    );
  const database = await createBenchDatabase(ADMIN_URL);
  releaseLater(() => database.drop());
  console.log(`Database ${database.name} (dropped at the end)`);

  const bare = await startBareServer();
  releaseLater(() => bare.stop());

  const jwtSecret = randomBytes(48).toString('base64url');
  const api = await startApi({
    processes: PROCESSES,
    port: await freePort(),
    nodeArgs: PROFILE_DIR ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(PROFILE_DIR)}`] : [],
    env: {
      DATABASE_URL: database.url,
      DATABASE_POOL_MAX: String(POOL_MAX),
      JWT_SECRET: jwtSecret,
      SEED_DEMO: 'false',
      RATE_LIMITS: 'off',
      LOG_LEVEL: 'warn',
    },
  });
  releaseLater(() => api.stop());
  console.log(`API ready on ${api.url} (migrated and seeded)`);

  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  releaseLater(() => client.end());
  const postgres = (await client.query('SHOW server_version')).rows[0].server_version;

  // Fixtures: buyers 1…SCANNERS are the organizer's ushers; the last one holds every ticket.
  await client.query('BEGIN');
  await insertOrganizer(client);
  await insertBuyers(client, SCANNERS + 1);
  const event = await insertEvent(client, {
    title: 'Door night',
    categories: 1,
    quantity: TICKETS,
    slots: ['door'],
  });
  await client.query(
    `INSERT INTO ushers (organizer_id, email, role)
     SELECT (SELECT id FROM users WHERE email = 'rush-organizer@hafla.test'),
            'rush-buyer-' || g || '@hafla.test', 'steward'
       FROM generate_series(1, $1::int) g`,
    [SCANNERS],
  );
  const tickets = await insertTickets(client, {
    eventId: event.id,
    slotId: event.slots.door,
    categoryId: event.categories[0],
    userId: buyerId(SCANNERS + 1),
    count: TICKETS,
  });
  await client.query('COMMIT');
  await client.query('VACUUM (ANALYZE)');
  const key = ticketQrKey(jwtSecret);
  const codes = tickets.map((ticket) => signTicketCode(key, ticket));
  const tokens = Array.from({ length: SCANNERS }, (_, index) =>
    accessToken(jwtSecret, buyerId(index + 1), 3600),
  );
  console.log(`Fixtures: ${TICKETS} tickets, ${SCANNERS} ushers (PostgreSQL ${postgres})`);

  let next = 0;
  /** The next scan: the next ticket, the next usher's token, a new nonce. */
  const nextScan = () => {
    const n = next++;
    return {
      headers: {
        accept: 'application/json',
        'content-type': 'application/json',
        authorization: `Bearer ${tokens[n % SCANNERS]}`,
      },
      body: JSON.stringify({
        code: codes[n % TICKETS],
        event: event.id,
        nonce: randomUUID(),
        device: `bench-${n % SCANNERS}`,
      }),
    };
  };
  const scans = [
    {
      method: 'POST',
      path: '/api/v1/check-ins/',
      setupRequest: (request) => {
        const scan = nextScan();
        return { ...request, headers: { ...request.headers, ...scan.headers }, body: scan.body };
      },
    },
  ];

  const sample = await fetch(`${api.url}/api/v1/check-ins/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${tokens[0]}` },
    body: JSON.stringify({ code: codes[TICKETS - 1], event: event.id, nonce: randomUUID() }),
  });
  const sampleBody = await sample.json();
  if (sample.status !== 200 || sampleBody.result !== 'ok') {
    throw new Error(`a sample scan answered ${sample.status}: ${JSON.stringify(sampleBody)}`);
  }

  process.stdout.write('  bare node:http (ceiling): ');
  const ceiling = await load(bare.url, DURATION);
  console.log(`${Math.round(ceiling.requests.average)} req/s`);
  if (WARMUP > 0) {
    process.stdout.write('  warm-up: ');
    const warm = await load(api.url, WARMUP, scans);
    if (failures(warm) > 0) throw new Error(`the warm-up had ${failures(warm)} failures`);
    console.log(`${warm.requests.total} scans`);
  }
  const before = (
    await client.query(
      `SELECT count(*) FILTER (WHERE result = 'ok')::int AS ok, count(*)::int AS scans FROM check_ins`,
    )
  ).rows[0];
  process.stdout.write(`  POST /api/v1/check-ins/ at ${SCAN_RATE}/s per scanner: `);
  const atPace = await paced(api.url, DURATION, SCAN_RATE, nextScan);
  if (failures(atPace) > 0) throw new Error(`the paced run had ${failures(atPace)} failures`);
  console.log(`${Math.round(atPace.requests.average)} scans/s`);
  process.stdout.write('  POST /api/v1/check-ins/ back to back: ');
  const result = await load(api.url, DURATION, scans);
  console.log(`${Math.round(result.requests.average)} scans/s`);
  const after = (
    await client.query(
      `SELECT count(*) FILTER (WHERE result = 'ok')::int AS ok,
              count(*) FILTER (WHERE result = 'already_checked_in')::int AS already,
              count(*)::int AS scans,
              (SELECT count(*)::int FROM tickets WHERE status = 'checked_in') AS checked_in
         FROM check_ins`,
    )
  ).rows[0];

  const rows = [
    ['bare node:http (ceiling)', ceiling],
    [`check-ins, ${SCAN_RATE}/s per scanner`, atPace],
    ['check-ins, back to back', result],
  ].map(([name, run]) => ({
    name,
    rps: run.requests.average,
    p50: run.latency.p50,
    p99: run.latency.p99,
    max: run.latency.max,
    failures: failures(run),
  }));
  console.log(
    `\nScans per second and latency, ${SCANNERS} scanners, ${DURATION} s each (latency in whole ms):`,
  );
  const header = ['scenario', 'req/s', '× ceiling', 'p50', 'p99', 'max', 'failures'];
  const cells = rows.map((row) => [
    row.name,
    String(Math.round(row.rps)),
    (row.rps / rows[0].rps).toFixed(3),
    ms(row.p50),
    ms(row.p99),
    ms(row.max),
    String(row.failures),
  ]);
  const widths = header.map((title, i) => Math.max(title.length, ...cells.map((c) => c[i].length)));
  const line = (c) =>
    c.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]) : cell.padStart(widths[i]))).join('  ');
  console.log(line(header));
  console.log(widths.map((w) => '─'.repeat(w)).join('  '));
  for (const c of cells) console.log(line(c));
  const measured = {
    ok: after.ok - before.ok,
    already: after.already,
    scans: after.scans - before.scans,
  };
  console.log(
    `\nIn the measured runs: ${measured.scans} scans recorded, ${measured.ok} checked a ticket in; ` +
      `${after.checked_in} tickets checked in, ${after.ok} ok scans in all (they must be equal), ` +
      `${after.already} already_checked_in in all. p99 target ${TARGET_P99_MS} ms at a door's ` +
      `pace (${SCAN_RATE}/s per scanner): ${rows[1].p99 <= TARGET_P99_MS ? 'met' : 'missed'} ` +
      `(${ms(rows[1].p99)} ms); back to back, ${Math.round(rows[2].rps)} scans/s with p99 ${ms(rows[2].p99)} ms.`,
  );

  saveResults(
    'check-in',

    {
      when: new Date().toISOString(),
      seconds: (Date.now() - started) / 1000,
      settings: { TICKETS, SCANNERS, SCAN_RATE, PROCESSES, POOL_MAX, DURATION, WARMUP },
      machine: { cpus: os.cpus().length, loadBefore, node: process.version, postgres },
      rows,
      checks: { ...after, measured },
    },
  );

  const failed = rows.some((row) => row.failures > 0) || after.ok !== after.checked_in;
  if (failed) throw new Error('failures or a ticket checked in more than once: see above');
}

main()
  .then(cleanUp)
  .catch(async (error) => {
    console.error(error instanceof Error ? error.message : error);
    await cleanUp();
    process.exit(1);
  });
