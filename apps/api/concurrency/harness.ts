import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { inject } from 'vitest';
import { openDatabase, type Database } from '../src/db/client';
import { users } from '../src/db/schema/accounts';
import { seedDatabase } from '../src/db/seed/seed';
import { rowsOf } from '../src/lib/db-rows';
import { signAccessToken, type Role } from '../src/lib/tokens';
import { createScratchDatabaseUrl } from '../test/scratch-database';

/**
 * The concurrency harness: a throwaway PostgreSQL database, real API processes (the server entry
 * run by tsx, as `npm run dev` does) and a keep-alive HTTP client that can fire hundreds of
 * requests at them at once.
 */

const API_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export const JWT_SECRET = `concurrency-${randomBytes(24).toString('hex')}`;

export interface ScratchDatabase {
  url: string;
  database: Database;
  drop(): Promise<void>;
}

/** The PostgreSQL admin URL these tests need (TEST_DATABASE_URL); without it they cannot run. */
export function testDatabaseUrl(): string {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) {
    throw new Error(
      'The concurrency test needs PostgreSQL: set TEST_DATABASE_URL (e.g. postgres://postgres@127.0.0.1:5432/test)',
    );
  }
  return url;
}

/**
 * Creates a database beside the admin URL's, migrated and seeded (no demo data), named with the
 * run's prefix so the run's teardown drops it if a test cannot (test/scratch-database.ts).
 */
export async function createScratchDatabase(adminUrl: string): Promise<ScratchDatabase> {
  const scratch = await createScratchDatabaseUrl(adminUrl, inject('scratchDatabasePrefix'), 'conc');
  const database = await openDatabase({
    databaseUrl: scratch.url,
    dataDir: os.tmpdir(),
    poolMax: 4,
  });
  await database.migrate();
  await seedDatabase(database.db, { demo: false });
  return {
    url: scratch.url,
    database,
    async drop() {
      try {
        await database.close();
      } finally {
        await scratch.drop();
      }
    },
  };
}

/** A port nothing listens on right now (the OS picks it). */
export async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', resolve);
  });
  const address = server.address();
  await new Promise((resolve) => server.close(resolve));
  if (!address || typeof address === 'string') throw new Error('no port from the OS');
  return address.port;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** One API process (`node --import tsx src/server.ts`) on a fixed port; it can be killed and started again. */
export class ApiProcess {
  private child: ChildProcess | null = null;
  private exited: Promise<void> = Promise.resolve();
  private readonly dataDir = mkdtempSync(path.join(os.tmpdir(), 'hafla-conc-'));
  private readonly killOnExit = () => this.child?.kill('SIGKILL');
  /** The server's log lines at warn and above (pino JSON), for the report when something fails. */
  readonly log: string[] = [];

  constructor(
    readonly name: string,
    readonly port: number,
    private readonly databaseUrl: string,
    /** More environment, e.g. `SMTP_URL` of a sink. */
    private readonly env: Record<string, string> = {},
    /** The server, or the mail worker of `npm run worker` (ready once it says it runs). */
    private readonly entry: 'src/server.ts' | 'src/worker.ts' = 'src/server.ts',
  ) {}

  /** False once the process has exited, by itself or killed. */
  get running(): boolean {
    return this.child !== null && this.child.exitCode === null && this.child.signalCode === null;
  }

  async start(readyTimeoutMs = 60_000): Promise<void> {
    const child = spawn(process.execPath, ['--import', 'tsx', this.entry], {
      cwd: API_ROOT,
      env: {
        ...process.env,
        NODE_ENV: 'production',
        DATABASE_URL: this.databaseUrl,
        DATABASE_POOL_MAX: '10',
        HOST: '127.0.0.1',
        PORT: String(this.port),
        JWT_SECRET,
        RATE_LIMITS: 'off',
        LOG_LEVEL: 'warn',
        DATA_DIR: this.dataDir,
        WEB_DIST: path.join(this.dataDir, 'no-web-build'),
        SEED_DEMO: 'false',
        HOLD_SWEEP_SECONDS: '1',
        ...this.env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    this.child = child;
    this.exited = new Promise((resolve) => child.once('exit', () => resolve()));
    process.once('exit', this.killOnExit);
    for (const stream of [child.stdout, child.stderr]) {
      stream?.setEncoding('utf8');
      stream?.on('data', (chunk: string) => {
        for (const line of chunk.split('\n')) if (line.trim()) this.log.push(line);
      });
    }
    const deadline = Date.now() + readyTimeoutMs;
    for (;;) {
      if (child.exitCode !== null || child.signalCode !== null) {
        throw new Error(`${this.name} exited while starting:\n${this.log.slice(-20).join('\n')}`);
      }
      if (this.entry === 'src/worker.ts') {
        if (this.log.some((line) => line.includes('mail worker is running'))) return;
      } else if ((await send(this.port, 'GET', '/readyz')).status === 200) return;
      if (Date.now() > deadline) throw new Error(`${this.name} was not ready in time`);
      await sleep(100);
    }
  }

  /** Kills the process (SIGKILL: no graceful shutdown, connections drop mid-transaction). */
  async kill(signal: NodeJS.Signals = 'SIGKILL'): Promise<void> {
    const child = this.child;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    child.kill(signal);
    await this.exited;
    process.off('exit', this.killOnExit);
  }

  async stop(): Promise<void> {
    await this.kill('SIGTERM');
    rmSync(this.dataDir, { recursive: true, force: true });
  }
}

/** Keep-alive connections, many per process: the rush opens them all at once. */
const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });

export interface Answer {
  status: number;
  body: unknown;
  /** A network failure (the process died or refused the connection): no status at all. */
  error?: string;
  /** The Retry-After header, when the answer had one. */
  retryAfter?: string;
}

export function send(
  port: number,
  method: 'GET' | 'POST' | 'PATCH' | 'PUT',
  url: string,
  options: { auth?: string; body?: unknown; idempotencyKey?: string } = {},
): Promise<Answer> {
  const payload = options.body === undefined ? undefined : JSON.stringify(options.body);
  return new Promise((resolve) => {
    const request = http.request(
      {
        host: '127.0.0.1',
        port,
        method,
        path: url,
        agent,
        headers: {
          ...(payload === undefined
            ? {}
            : {
                'content-type': 'application/json',
                'content-length': Buffer.byteLength(payload),
              }),
          ...(options.auth ? { authorization: options.auth } : {}),
          ...(options.idempotencyKey ? { 'idempotency-key': options.idempotencyKey } : {}),
        },
      },
      (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (text += chunk));
        response.on('end', () => {
          let body: unknown = text;
          try {
            body = text ? JSON.parse(text) : null;
          } catch {
            // not JSON: kept as text, which the envelope check reports
          }
          const retryAfter = response.headers['retry-after'];
          resolve({ status: response.statusCode ?? 0, body, ...(retryAfter && { retryAfter }) });
        });
        response.on('error', (error) => resolve({ status: 0, body: null, error: error.message }));
      },
    );
    request.on('error', (error) => resolve({ status: 0, body: null, error: error.message }));
    if (payload !== undefined) request.write(payload);
    request.end();
  });
}

/** The first error code of an error envelope, or null when the body is not one. */
export function errorCode(answer: Answer): string | null {
  const errors = (answer.body as { errors?: Array<{ code?: unknown }> } | null)?.errors;
  const code = Array.isArray(errors) ? errors[0]?.code : undefined;
  return typeof code === 'string' ? code : null;
}

export interface Account {
  id: string;
  auth: string;
}

/** Verified accounts inserted in one statement, each with a bearer header signed with the shared secret. */
export async function createAccounts(
  database: Database,
  kind: 'attendee' | 'organizer',
  count: number,
): Promise<Account[]> {
  const tag = randomBytes(4).toString('hex');
  const rows = await database.db
    .insert(users)
    .values(
      Array.from({ length: count }, (_, index) => ({
        email: `${kind}.${tag}.${index}@concurrency.test`,
        password_hash: 'not-a-password-hash',
        first_name: kind === 'organizer' ? 'Sami' : 'Huda',
        last_name: `Rush${index}`,
        user_type: kind,
        organization_name: kind === 'organizer' ? `Rush Events ${tag}` : null,
        is_verified: true,
        is_profile_complete: true,
      })),
    )
    .returning({ id: users.id });
  const roles: Role[] = kind === 'organizer' ? ['attendee', 'organizer'] : ['attendee'];
  return Promise.all(
    rows.map(async (row) => ({
      id: row.id,
      auth: `Bearer ${await signAccessToken(JWT_SECRET, { userId: row.id, roles })}`,
    })),
  );
}

/** One row of a query, typed. */
export async function one<T>(database: Database, query: ReturnType<typeof sql>): Promise<T> {
  const [row] = rowsOf<T>(await database.db.execute(query));
  if (!row) throw new Error('the query answered no row');
  return row;
}

export interface Consistency {
  quantity: number;
  sold: number;
  held: number;
  /** Tickets in a sold state (valid, pending approval, checked in). */
  soldTickets: number;
  /** Tickets of pending bookings, whether their hold lapsed or not. */
  pendingItems: number;
  pendingBookings: number;
  confirmedBookings: number;
  /** The most tickets any one booking of the slot has. */
  largestBooking: number;
}

/** The slot's inventory row beside what the bookings and tickets tables say. */
export function consistencyOf(
  database: Database,
  slotId: number,
  categoryId: number,
): Promise<Consistency> {
  return one<Consistency>(
    database,
    sql`
      select c.quantity,
             coalesce(i.sold, 0)::int as "sold",
             coalesce(i.held, 0)::int as "held",
             (select count(*) from tickets t
               where t.event_date_id = ${slotId} and t.ticket_category_id = c.id
                 and t.status in ('valid', 'pending_approval', 'checked_in'))::int as "soldTickets",
             (select coalesce(sum(bi.quantity), 0) from booking_items bi
                join bookings b on b.id = bi.booking_id
               where b.event_date_id = ${slotId} and bi.ticket_category_id = c.id
                 and b.status = 'pending')::int as "pendingItems",
             (select count(*) from bookings b
               where b.event_date_id = ${slotId} and b.status = 'pending')::int as "pendingBookings",
             (select count(*) from bookings b
               where b.event_date_id = ${slotId} and b.status = 'confirmed')::int as "confirmedBookings",
             (select coalesce(max(n), 0) from (
                select count(*) as n from tickets t where t.event_date_id = ${slotId}
                 group by t.booking_id) per_booking)::int as "largestBooking"
        from ticket_categories c
        left join ticket_inventory i on i.ticket_category_id = c.id and i.event_date_id = ${slotId}
       where c.id = ${categoryId}`,
  );
}

export interface Money {
  /** sum(gross − discount) over the event's ledger rows. */
  ledger: number;
  /** sum(total − refunded_amount) over the event's paid bookings. */
  bookings: number;
  /** What the sandbox processor kept for the event's bookings: charged less refunded. */
  sandbox: number;
  /** Sandbox charges for the event that no payment row records and nothing refunded. */
  orphanCharges: number;
}

/** The three books of an event's money, which must agree. */
export function moneyOf(database: Database, eventId: number): Promise<Money> {
  return one<Money>(
    database,
    sql`
      with charges as (
        select s.*, substring(s.description from '^Hafla booking ([0-9]+):')::int as booking_id
          from sandbox_charges s
      )
      select
        (select coalesce(sum(gross - discount), 0) from journal_entries
          where event_id = ${eventId})::int as ledger,
        (select coalesce(sum(total - refunded_amount), 0) from bookings
          where event_id = ${eventId}
            and status in ('confirmed', 'partially_refunded', 'refunded'))::int as bookings,
        (select coalesce(sum(c.amount - c.refunded), 0) from charges c
           join bookings b on b.id = c.booking_id where b.event_id = ${eventId})::int as sandbox,
        (select count(*) from charges c join bookings b on b.id = c.booking_id
          where b.event_id = ${eventId} and c.refunded < c.amount
            and not exists (select 1 from payments p
                             where p.gateway = 'sandbox' and p.gateway_charge_id = c.id))::int
          as "orphanCharges"`,
  );
}

export interface EventFixture {
  eventId: number;
  slotId: number;
  categoryId: number;
}

/** An event with one slot a week ahead and one ticket category, created and published through the API. */
export async function createPublishedEvent(
  port: number,
  database: Database,
  organizer: Account,
  options: { title: string; quantity: number; price: number; maxPerOrder: number },
): Promise<EventFixture> {
  const [category] = rowsOf<{ id: number }>(
    await database.db.execute(sql`select id from categories order by id limit 1`),
  );
  const [eventType] = rowsOf<{ id: number }>(
    await database.db.execute(sql`select id from event_types order by id limit 1`),
  );
  const created = async (url: string, body: unknown) => {
    const answer = await send(port, 'POST', url, { auth: organizer.auth, body });
    if (answer.status !== 201) throw new Error(`${url} answered ${JSON.stringify(answer.body)}`);
    return answer.body as { id: number };
  };
  const event = await created('/api/v1/events/', {
    title: options.title,
    description: 'Everyone wants a seat.',
    category: category!.id,
    event_type: eventType!.id,
    venue_name: 'King Fahd Cultural Centre',
    address: 'Riyadh',
    latitude: 24.6877,
    longitude: 46.7219,
    is_online: false,
    online_url: null,
    timezone: 'Asia/Riyadh',
    currency: 'SAR',
    requires_approval: false,
    max_tickets_per_order: options.maxPerOrder,
    refund_policy: { refundable_until_hours: 24, refund_percentage: 100 },
  });
  const start = new Date(Date.now() + 7 * 86_400_000);
  start.setUTCSeconds(0, 0);
  const slot = await created('/api/v1/event_dates/', {
    event: event.id,
    start: start.toISOString(),
    end: new Date(start.getTime() + 3 * 3_600_000).toISOString(),
  });
  const ticketCategory = await created('/api/v1/ticket/create/', {
    event: event.id,
    name: 'General',
    price: options.price,
    quantity: options.quantity,
  });
  const published = await send(port, 'PATCH', `/api/v1/events/${event.id}/`, {
    auth: organizer.auth,
    body: { status: 'published' },
  });
  if (published.status !== 200)
    throw new Error(`publish answered ${JSON.stringify(published.body)}`);
  return { eventId: event.id, slotId: slot.id, categoryId: ticketCategory.id };
}
