// The organizer dashboard at a million tickets, on PostgreSQL: one organizer with BENCH_EVENTS
// events (three ticket categories each) whose BENCH_TICKETS tickets sold over the last 365 days,
// about one booking in 33 refunded. Bookings, tickets, journal entries with their postings and the
// dashboard's rollups are inserted by SQL (set-based: the rollups with the same sums the ledger's
// trigger keeps one sale at a time, so the data takes seconds, not the hours a million checkouts
// would); then each dashboard call runs for BENCH_DURATION seconds at BENCH_CONNECTIONS
// connections and its p99 is printed with its ratio to the limit, 50 ms (issue 15). Before
// measuring, the answers are checked against the ledger itself: the year's sales data must equal
// the sums of the journal entries, the chart's buckets must add up to the same, and there must be
// one bucket per day, week or month of the range. Any wrong answer or any non-2xx fails the run;
// so does a p99 over the limit.
//
//   npm run bench:dashboard                         # 1,000,000 tickets
//   BENCH_TICKETS=20000 BENCH_DURATION=2 npm run bench:dashboard   # a quick check of the script
//
// Environment: BENCH_DATABASE_URL (an admin URL; a fresh database is created next to it and
// dropped at the end), BENCH_TICKETS, BENCH_EVENTS, BENCH_CONNECTIONS, BENCH_DURATION (seconds
// per call), BENCH_LIMIT_MS (50), BENCH_PROFILE_DIR (a CPU profile of the API, node --cpu-prof,
// written when it stops), BENCH_ONLY (measure only the calls whose name has it).
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { createBenchDatabase } from './lib/bench-database.mjs';
import { startApi } from './lib/booking-cluster.mjs';
import { accessToken, insertOrganizer } from './lib/booking-fixtures.mjs';
import { exitCleanups } from './lib/cleanups.mjs';
import { intFromEnv } from './lib/env.mjs';
import { startCpuMeter } from './lib/process-cpu.mjs';
import { freePort } from './lib/start-app.mjs';

const ADMIN_URL = process.env.BENCH_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';
const TICKETS = intFromEnv('BENCH_TICKETS', 1_000_000, 100);
const PROFILE_DIR = process.env.BENCH_PROFILE_DIR?.trim();
const ONLY = process.env.BENCH_ONLY?.trim();
const EVENTS = intFromEnv('BENCH_EVENTS', 20, 1);
const CONNECTIONS = intFromEnv('BENCH_CONNECTIONS', 4, 1);
const DURATION = intFromEnv('BENCH_DURATION', 10, 1);
const LIMIT_MS = intFromEnv('BENCH_LIMIT_MS', 50, 1);
const CATEGORIES = 3;
const PRICES = [5000, 10000, 25000];
/** Tickets per booking cycle 1, 2, 3, 4: 2.5 on average. */
const BOOKINGS = Math.round(TICKETS / 2.5);

const { add: releaseLater, cleanUp } = exitCleanups('stopping the dashboard bench');

/** The year of sales, inserted as the API would have written it. */
async function insertYear(client) {
  await insertOrganizer(client);
  const {
    rows: [organizer],
  } = await client.query(`SELECT id FROM users WHERE email = 'rush-organizer@hafla.test'`);
  await client.query(
    `INSERT INTO users (id, email, password_hash, first_name, last_name, user_type, language, is_verified, is_profile_complete)
     VALUES ('00000000-0000-4000-8000-000000000001', 'dashboard-buyer@hafla.test', '!bench-no-login', 'Buyer', 'One', 'attendee', 'en', true, true)`,
  );
  const { rows: events } = await client.query(
    `INSERT INTO events (organizer_id, title, description, category_id, event_type_id, venue_name,
                         address, latitude, longitude, timezone, currency, status, published_at)
     SELECT $1, 'Season night ' || k, 'A year of sales', (SELECT min(id) FROM categories),
            (SELECT min(id) FROM event_types WHERE slug <> 'online'), 'Arena', 'Riyadh',
            24.7136, 46.6753, 'Asia/Riyadh', 'SAR', 'published', now() - interval '366 days'
     FROM generate_series(1, $2::int) k ORDER BY k RETURNING id`,
    [organizer.id, EVENTS],
  );
  const eventIds = events.map((row) => row.id);
  const slotIds = [];
  const categoryIds = [];
  for (const [index, eventId] of eventIds.entries()) {
    const {
      rows: [slot],
    } = await client.query(
      `INSERT INTO event_dates (event_id, start_at, end_at)
       VALUES ($1, date_trunc('day', now()) + ($2::int + 1) * interval '1 day',
               date_trunc('day', now()) + ($2::int + 1) * interval '1 day' + interval '3 hours')
       RETURNING id`,
      [eventId, index],
    );
    slotIds.push(slot.id);
    for (const [position, price] of PRICES.entries()) {
      const {
        rows: [category],
      } = await client.query(
        `INSERT INTO ticket_categories (event_id, name, price, quantity, max_per_order, position)
         VALUES ($1, $2, $3, $4, 10, $5) RETURNING id`,
        [eventId, `Tier ${position + 1}`, price, TICKETS, position],
      );
      categoryIds.push(category.id);
    }
  }
  // One booking per g: its event, category, size and minute within the last 365 days.
  await client.query(
    `CREATE TEMP TABLE plan AS
     SELECT g,
            ($2::int[])[1 + g % $1] AS event_id,
            ($3::int[])[1 + g % $1] AS slot_id,
            ($4::int[])[1 + (g % $1) * ${CATEGORIES} + (g / $1) % ${CATEGORIES}] AS category_id,
            ($5::int[])[1 + (g / $1) % ${CATEGORIES}] AS price,
            1 + g % 4 AS qty,
            now() - ((g::bigint * 7919) % 525600) * interval '1 minute' - interval '1 minute' AS at,
            g % 33 = 0 AS refunded
       FROM generate_series(1, $6::int) g`,
    [EVENTS, eventIds, slotIds, categoryIds, PRICES, BOOKINGS],
  );
  const base = Number(
    (await client.query(`SELECT coalesce(max(id), 0) AS n FROM bookings`)).rows[0].n,
  );
  // Set-based, as the replica role does: the ledger's per-row triggers are the tests' to check.
  await client.query(`SET session_replication_role = replica`);
  await client.query(
    `INSERT INTO bookings (id, user_id, event_id, event_date_id, status, currency, subtotal, total,
                           refunded_amount, expires_at, confirmed_at, created_at, updated_at)
     OVERRIDING SYSTEM VALUE
     SELECT $1::int + g, '00000000-0000-4000-8000-000000000001', event_id, slot_id,
            CASE WHEN refunded THEN 'refunded' ELSE 'confirmed' END, 'SAR', price * qty, price * qty,
            CASE WHEN refunded THEN price * qty ELSE 0 END, at, at, at, at
       FROM plan`,
    [base],
  );
  await client.query(
    `INSERT INTO tickets (booking_id, user_id, event_id, event_date_id, ticket_category_id, status,
                          price, platform_fee, secret, created_at, updated_at)
     SELECT $1::int + g, '00000000-0000-4000-8000-000000000001', event_id, slot_id, category_id,
            CASE WHEN refunded THEN 'refunded' ELSE 'valid' END, price, round(price * 0.05),
            md5(g || ':' || k), at, at
       FROM plan, generate_series(1, qty) k`,
    [base],
  );
  await client.query(
    `CREATE TEMP TABLE entries AS
     SELECT 'sale' AS kind, g, event_id, category_id, price * qty AS gross,
            round(price * 0.05)::int * qty AS fee, qty, at
       FROM plan
     UNION ALL
     SELECT 'refund', g, event_id, category_id, -price * qty, -round(price * 0.05)::int * qty, qty,
            at + interval '1 hour'
       FROM plan WHERE refunded AND at + interval '1 hour' < now()`,
  );
  await client.query(
    `INSERT INTO journal_entries (kind, organizer_id, currency, event_id, booking_id, gross, discount,
                                 platform_fee, net, tickets, available_at, created_at)
     SELECT kind, $1::uuid, 'SAR', event_id, $2::int + g, gross, 0, fee, gross - fee, qty,
            now() + interval '30 days', at
       FROM entries ORDER BY at`,
    [organizer.id, base],
  );
  await client.query(
    `INSERT INTO ledger_postings (entry_id, account, organizer_id, currency, amount, available_at)
     SELECT j.id, p.account, j.organizer_id, j.currency, p.amount, p.available_at
       FROM journal_entries j
      CROSS JOIN LATERAL (VALUES
        (CASE WHEN j.kind = 'sale' THEN 'buyer_payments' ELSE 'refunds' END, -(j.gross - j.discount), NULL::timestamptz),
        ('organizer_pending', j.net, j.available_at),
        ('platform_fees', j.platform_fee, NULL::timestamptz)) AS p (account, amount, available_at)`,
  );
  // The rollups, with the sums the trigger (migrations 0010 and 0014) adds one entry at a time.
  const figures = `
    sum(CASE WHEN kind = 'sale' THEN gross ELSE 0 END), sum(CASE WHEN kind = 'sale' THEN discount ELSE 0 END),
    sum(platform_fee), sum(CASE WHEN kind = 'sale' THEN 0 ELSE discount - gross END), sum(net),
    sum(CASE WHEN kind = 'sale' THEN tickets ELSE 0 END), sum(CASE WHEN kind = 'sale' THEN 0 ELSE tickets END),
    count(*) FILTER (WHERE kind = 'sale'), count(*) FILTER (WHERE kind = 'refund')`;
  const quarter = `date_bin('15 minutes', created_at, timestamptz '2000-01-01 00:00:00+00')`;
  await client.query(
    `INSERT INTO event_sales_rollups
     SELECT event_id, currency, ${quarter}, ${figures} FROM journal_entries GROUP BY 1, 2, 3`,
  );
  const localDay = `(created_at AT TIME ZONE (SELECT timezone FROM events WHERE id = event_id))::date`;
  await client.query(
    `INSERT INTO event_daily_sales
     SELECT event_id, currency, ${localDay}, ${figures} FROM journal_entries GROUP BY 1, 2, 3`,
  );
  await client.query(
    `INSERT INTO organizer_daily_sales
     SELECT j.organizer_id, j.currency, e.timezone, (j.created_at AT TIME ZONE e.timezone)::date,
            ${figures.replaceAll('kind', 'j.kind')}
       FROM journal_entries j JOIN events e ON e.id = j.event_id GROUP BY 1, 2, 3, 4`,
  );
  await client.query(
    `INSERT INTO category_sales_rollups (ticket_category_id, event_id, organizer_id, currency, day,
                                         gross, tickets_sold, tickets_refunded)
     SELECT category_id, event_id, $1::uuid, 'SAR', (at AT TIME ZONE 'Asia/Riyadh')::date,
            sum(CASE WHEN kind = 'sale' THEN gross ELSE 0 END),
            sum(CASE WHEN kind = 'sale' THEN qty ELSE 0 END),
            sum(CASE WHEN kind = 'sale' THEN 0 ELSE qty END)
       FROM entries GROUP BY 1, 2, 5`,
    [organizer.id],
  );
  await client.query(
    `INSERT INTO category_monthly_sales
     SELECT ticket_category_id, date_trunc('month', day)::date, min(event_id), $1::uuid, 'SAR',
            sum(gross), sum(tickets_sold), sum(tickets_refunded)
       FROM category_sales_rollups GROUP BY 1, 2`,
    [organizer.id],
  );
  await client.query(
    `INSERT INTO event_page_views (event_id, organizer_id, day, views)
     SELECT e, $1::uuid, d::date, 50 + (e * 7 + extract(doy FROM d)::int) % 400
       FROM unnest($2::int[]) e, generate_series(now() - interval '365 days', now(), interval '1 day') d`,
    [organizer.id, eventIds],
  );
  await client.query(`SET session_replication_role = origin`);
  await client.query(
    `SELECT setval(pg_get_serial_sequence('bookings', 'id'), (SELECT max(id) FROM bookings))`,
  );
  await client.query(
    'VACUUM (ANALYZE) bookings, tickets, journal_entries, ledger_postings, event_sales_rollups, event_daily_sales, organizer_daily_sales, category_sales_rollups, category_monthly_sales, event_page_views, organizer_page_views',
  );
  const counts = (
    await client.query(
      `SELECT (SELECT count(*) FROM tickets)::int AS tickets, (SELECT count(*) FROM bookings)::int AS bookings,
              (SELECT count(*) FROM journal_entries)::int AS entries,
              (SELECT count(*) FROM event_sales_rollups)::int AS rollups,
              (SELECT count(*) FROM organizer_daily_sales)::int AS days`,
    )
  ).rows[0];
  return { organizerId: organizer.id, eventIds, counts };
}

async function get(url, token) {
  const response = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
  const body = await response.json();
  if (!response.ok) throw new Error(`${url} answered ${response.status} ${JSON.stringify(body)}`);
  return body;
}

/** The API's answers equal the ledger's own sums, and the chart has every bucket. */
async function checkAnswers(client, api, token, organizerId, from, to) {
  const data = await get(`${api}/api/v1/dashboard/sales-data/?from=${from}&to=${to}`, token);
  const {
    rows: [ledger],
  } = await client.query(
    `SELECT coalesce(sum(gross) FILTER (WHERE kind = 'sale'), 0)::bigint AS gross,
            coalesce(sum(platform_fee), 0)::bigint AS fees, coalesce(sum(net), 0)::bigint AS net,
            coalesce(sum(tickets) FILTER (WHERE kind = 'sale'), 0)::bigint AS tickets,
            count(*) FILTER (WHERE kind = 'sale')::int AS bookings
       FROM journal_entries
      WHERE organizer_id = $1 AND created_at >= ($2::date)::timestamp AT TIME ZONE 'Asia/Riyadh'
        AND created_at < ($3::date + 1)::timestamp AT TIME ZONE 'Asia/Riyadh'`,
    [organizerId, from, to],
  );
  const expected = {
    gross: Number(ledger.gross),
    fees: Number(ledger.fees),
    net: Number(ledger.net),
    tickets: Number(ledger.tickets),
    bookings: ledger.bookings,
  };
  const answered = {
    gross: data.revenue.gross,
    fees: data.revenue.fees,
    net: data.revenue.net,
    tickets: data.tickets_sold,
    bookings: data.bookings,
  };
  if (JSON.stringify(expected) !== JSON.stringify(answered)) {
    throw new Error(
      `sales-data ${JSON.stringify(answered)} differs from the ledger ${JSON.stringify(expected)}`,
    );
  }
  const byCategory = data.categories.reduce((sum, category) => sum + category.tickets_sold, 0);
  if (byCategory !== data.tickets_sold) {
    throw new Error(
      `sales-data: the categories sold ${byCategory}, the total ${data.tickets_sold}`,
    );
  }
  for (const period of ['day', 'week', 'month']) {
    const chart = await get(
      `${api}/api/v1/dashboard/sales-chart/?period=${period}&from=${from}&to=${to}`,
      token,
    );
    const gross = chart.buckets.reduce((sum, bucket) => sum + bucket.gross, 0);
    if (gross !== expected.gross)
      throw new Error(`sales-chart ${period}: ${gross} ≠ ${expected.gross}`);
    const gapless = chart.buckets.every(
      (bucket, index) => index === 0 || bucket.start > chart.buckets[index - 1].end,
    );
    if (chart.buckets[0].start !== from || chart.buckets.at(-1).end !== to || !gapless) {
      throw new Error(`sales-chart ${period}: buckets do not cover ${from}..${to}`);
    }
  }
  return { tickets: expected.tickets, gross: expected.gross };
}

async function measure(url, token) {
  const result = await autocannon({
    url,
    connections: CONNECTIONS,
    duration: DURATION,
    headers: { authorization: `Bearer ${token}` },
  });
  const bad = result.non2xx + result.errors + result.timeouts;
  if (bad > 0) throw new Error(`${url}: ${bad} failed requests`);
  return { requests: result.requests.total, p50: result.latency.p50, p99: result.latency.p99 };
}

async function main() {
  const database = await createBenchDatabase(ADMIN_URL);
  releaseLater(() => database.drop());
  console.log(`Database ${database.name} (dropped at the end)`);
  const jwtSecret = randomBytes(48).toString('base64url');
  const api = await startApi({
    processes: 1,
    port: await freePort(),
    nodeArgs: PROFILE_DIR ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(PROFILE_DIR)}`] : [],
    env: {
      DATABASE_URL: database.url,
      JWT_SECRET: jwtSecret,
      SEED_DEMO: 'false',
      RATE_LIMITS: 'off',
      LOG_LEVEL: 'warn',
    },
  });
  releaseLater(() => api.stop());
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  releaseLater(() => client.end());
  const started = Date.now();
  const { organizerId, eventIds, counts } = await insertYear(client);
  console.log(
    `${counts.tickets} tickets in ${counts.bookings} bookings, ${counts.entries} journal entries, ` +
      `${counts.rollups} quarter-hour rollups, ${counts.days} organizer days, ${EVENTS} events, inserted in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
  const token = accessToken(jwtSecret, organizerId, 3600, Date.now(), ['attendee', 'organizer']);
  const today = new Date().toLocaleDateString('en-CA', { timeZone: 'Asia/Riyadh' });
  const yearAgo = new Date(Date.now() - 364 * 86_400_000).toLocaleDateString('en-CA', {
    timeZone: 'Asia/Riyadh',
  });
  const checked = await checkAnswers(client, api.url, token, organizerId, yearAgo, today);
  console.log(
    `Answers equal the ledger: ${checked.tickets} tickets, gross ${checked.gross} over the year`,
  );

  const year = `from=${yearAgo}&to=${today}`;
  const event = eventIds[0];
  const calls = [
    ['sales-data, 30 days', '/api/v1/dashboard/sales-data/'],
    ['sales-data, a year', `/api/v1/dashboard/sales-data/?${year}`],
    ['sales-data, one event, a year', `/api/v1/dashboard/sales-data/${event}/?${year}`],
    ['sales-chart, 30 days by day', '/api/v1/dashboard/sales-chart/'],
    ['sales-chart, a year by day', `/api/v1/dashboard/sales-chart/?period=day&${year}`],
    ['sales-chart, a year by week', `/api/v1/dashboard/sales-chart/?period=week&${year}`],
    ['sales-chart, a year by month', `/api/v1/dashboard/sales-chart/?period=month&${year}`],
    [
      'sales-chart, one event, a year by day',
      `/api/v1/dashboard/sales-chart/${event}/?period=day&${year}`,
    ],
  ];
  const rows = [];
  for (const [name, path] of calls) {
    if (ONLY && !name.includes(ONLY)) continue;
    await measure(`${api.url}${path}`, token).catch(() => undefined); // warm-up
    const stopMeter = await startCpuMeter(client, database.name, api.pids[0]);
    const result = await measure(`${api.url}${path}`, token);
    const cpu = await stopMeter();
    const perRequest = (ms) => (ms === null ? '-' : (ms / result.requests).toFixed(2));
    rows.push({
      name,
      ...result,
      ratio: result.p99 / LIMIT_MS,
      cpu: `${perRequest(cpu.processMs)} + ${perRequest(cpu.databaseMs)}`,
    });
  }
  console.log(
    `\n${'call'.padEnd(42)} ${'requests'.padStart(9)} ${'p50 ms'.padStart(7)} ${'p99 ms'.padStart(7)}  p99 / ${LIMIT_MS} ms  CPU ms per request (API + PostgreSQL)`,
  );
  for (const row of rows) {
    console.log(
      `${row.name.padEnd(42)} ${String(row.requests).padStart(9)} ${String(row.p50).padStart(7)} ${String(row.p99).padStart(7)}  ${row.ratio.toFixed(2).padEnd(10)} ${row.cpu}`,
    );
  }
  const over = rows.filter((row) => row.p99 >= LIMIT_MS);
  if (over.length > 0) {
    console.error(`\np99 at or over ${LIMIT_MS} ms: ${over.map((row) => row.name).join(', ')}`);
    process.exitCode = 1;
  }
}

main()
  .catch((error) => {
    console.error(error);
    process.exitCode = 1;
  })
  .finally(() => cleanUp());
