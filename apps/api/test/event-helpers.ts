import { asc, eq, sql } from 'drizzle-orm';
import { expect } from 'vitest';
import type { EventDate } from '@hafla/shared/event-dates/event-dates';
import type { Event, EventCreateRequest } from '@hafla/shared/events/events';
import type {
  TicketCategory,
  TicketCategoryCreateRequest,
} from '@hafla/shared/ticket-categories/ticket-categories';
import { users } from '../src/db/schema/accounts';
import { appSettings, categories, eventTypes } from '../src/db/schema/catalog';
import { seedPlatformSettings } from '../src/db/seed/catalog-data';
import { bearer, demoUserId, firstError, type TestContext } from './helpers';

/**
 * Organizer-side fixtures built through the API (POST /api/v1/events/, event_dates,
 * ticket/create), so every fixture passes the same rules a real organizer's data does.
 * Shared by the events tests and the discovery/social tests.
 */

/** A signed-in account: its id and a ready `Authorization` header value. */
export interface Account {
  id: string;
  auth: string;
}

let counter = 0;

/**
 * A verified, finished account inserted directly (no mail round trip). Its password hash is a
 * placeholder, so it cannot sign in with a password; tests use the bearer header instead.
 */
export async function createAccount(
  ctx: TestContext,
  kind: 'organizer' | 'attendee',
  fields: {
    first_name?: string;
    last_name?: string;
    organization_name?: string;
    bio?: string;
  } = {},
): Promise<Account> {
  counter += 1;
  const unique = `${Date.now().toString(36)}.${process.pid}.${counter}`;
  const [row] = await ctx.database.db
    .insert(users)
    .values({
      email: `${kind}.${unique}@example.com`,
      password_hash: 'not-a-password-hash',
      first_name: fields.first_name ?? (kind === 'organizer' ? 'Sami' : 'Huda'),
      last_name: fields.last_name ?? `Test${counter}`,
      user_type: kind,
      organization_name:
        kind === 'organizer' ? (fields.organization_name ?? `Test Events ${counter}`) : null,
      bio: fields.bio ?? null,
      is_verified: true,
      is_profile_complete: true,
    })
    .returning({ id: users.id });
  if (!row) throw new Error('user insert returned nothing');
  const roles =
    kind === 'organizer' ? (['attendee', 'organizer'] as const) : (['attendee'] as const);
  return { id: row.id, auth: await bearer(ctx.config, { userId: row.id, roles: [...roles] }) };
}

export const createOrganizer = (ctx: TestContext, fields?: Parameters<typeof createAccount>[2]) =>
  createAccount(ctx, 'organizer', fields);

export const createAttendee = (ctx: TestContext, fields?: Parameters<typeof createAccount>[2]) =>
  createAccount(ctx, 'attendee', fields);

/** The seeded demo organizer (Omar Khalil / Nour Events). */
export async function demoOrganizer(ctx: TestContext): Promise<Account> {
  const id = await demoUserId(ctx, 'organizer@hafla.test');
  return { id, auth: await bearer(ctx.config, { userId: id, roles: ['attendee', 'organizer'] }) };
}

/** The first seeded category and event type (ids differ between databases; never hard-code them). */
export async function catalogIds(
  ctx: TestContext,
): Promise<{ category: number; eventType: number }> {
  const [category] = await ctx.database.db
    .select({ id: categories.id })
    .from(categories)
    .orderBy(asc(categories.position), asc(categories.id))
    .limit(1);
  const [eventType] = await ctx.database.db
    .select({ id: eventTypes.id })
    .from(eventTypes)
    .orderBy(asc(eventTypes.position), asc(eventTypes.id))
    .limit(1);
  if (!category || !eventType) throw new Error('the seed has no categories or event types');
  return { category: category.id, eventType: eventType.id };
}

/** An ISO instant `days` from now (UTC, whole minutes), e.g. `inDays(7)` for a week ahead. */
export function inDays(days: number, hours = 0): string {
  const at = new Date(Date.now() + days * 86_400_000 + hours * 3_600_000);
  at.setUTCSeconds(0, 0);
  return at.toISOString();
}

/** One injected API call with an optional Authorization header value. */
export function call(
  ctx: TestContext,
  auth: string | null,
  method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE',
  url: string,
  payload?: unknown,
) {
  return ctx.app.inject({
    method,
    url,
    headers: auth ? { authorization: auth } : {},
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}

/** A valid create body: an in-person event in Riyadh, priced in SAR. */
export async function eventBody(
  ctx: TestContext,
  overrides: Partial<EventCreateRequest> = {},
): Promise<EventCreateRequest> {
  const ids = await catalogIds(ctx);
  return {
    title: 'Oud Night',
    description: 'An evening of oud music.',
    category: ids.category,
    event_type: ids.eventType,
    venue_name: 'King Fahd Cultural Centre',
    address: 'Riyadh',
    latitude: 24.6877,
    longitude: 46.7219,
    is_online: false,
    online_url: null,
    timezone: 'Asia/Riyadh',
    currency: 'SAR',
    requires_approval: false,
    max_tickets_per_order: 10,
    refund_policy: { refundable_until_hours: 24, refund_percentage: 100 },
    ...overrides,
  };
}

/** A draft event created through POST /api/v1/events/. */
export async function createDraftEvent(
  ctx: TestContext,
  auth: string,
  overrides: Partial<EventCreateRequest> = {},
): Promise<Event> {
  const response = await call(
    ctx,
    auth,
    'POST',
    '/api/v1/events/',
    await eventBody(ctx, overrides),
  );
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as Event;
}

export type TicketCategoryFixture = Partial<Omit<TicketCategoryCreateRequest, 'event'>>;

export interface EventFixtureOverrides extends Partial<EventCreateRequest> {
  /** Time slots to add (default: one, 7 days ahead, 19:00–22:00 UTC). */
  dates?: Array<{ start: string; end: string }>;
  /** Ticket categories to add (default: one "General" at 5000 minor units, 100 a slot). */
  ticket_categories?: TicketCategoryFixture[];
  /** false: leave the complete event a draft. Default true. */
  publish?: boolean;
}

export interface EventFixture {
  event: Event;
  dates: EventDate[];
  ticket_categories: TicketCategory[];
}

/**
 * A complete event (dates and ticket categories) created and, unless `publish: false`,
 * published through the API. Publishing counts toward the organizer's monthly limit (10 in the
 * seed): tests that publish more than that for one organizer call `setPublishLimit` first.
 */
export async function createPublishedEvent(
  ctx: TestContext,
  auth: string,
  overrides: EventFixtureOverrides = {},
): Promise<EventFixture> {
  const { dates: dateInputs, ticket_categories: categoryInputs, publish, ...fields } = overrides;
  const draft = await createDraftEvent(ctx, auth, fields);

  const dates: EventDate[] = [];
  for (const slot of dateInputs ?? [{ start: inDays(7), end: inDays(7, 3) }]) {
    const response = await call(ctx, auth, 'POST', '/api/v1/event_dates/', {
      event: draft.id,
      ...slot,
    });
    expect(response.statusCode, response.body).toBe(201);
    dates.push(response.json() as EventDate);
  }

  const ticketCategories: TicketCategory[] = [];
  for (const category of categoryInputs ?? [{}]) {
    const response = await call(ctx, auth, 'POST', '/api/v1/ticket/create/', {
      event: draft.id,
      name: 'General',
      price: 5000,
      quantity: 100,
      ...category,
    });
    expect(response.statusCode, response.body).toBe(201);
    ticketCategories.push(response.json() as TicketCategory);
  }

  let event = draft;
  if (publish ?? true) {
    const response = await call(ctx, auth, 'PATCH', `/api/v1/events/${draft.id}/`, {
      status: 'published',
    });
    expect(response.statusCode, response.body).toBe(200);
    event = response.json() as Event;
  } else {
    const response = await call(ctx, auth, 'GET', `/api/v1/events/${draft.id}`);
    event = response.json() as Event;
  }
  return { event, dates, ticket_categories: ticketCategories };
}

/** Sets the platform's monthly publishing limit (app settings 'platform'). */
export async function setPublishLimit(ctx: TestContext, limit: number): Promise<void> {
  const [row] = await ctx.database.db
    .select({ value: appSettings.value })
    .from(appSettings)
    .where(eq(appSettings.key, 'platform'));
  const value = {
    ...seedPlatformSettings,
    ...(row?.value as object | undefined),
    events_published_per_month: limit,
  };
  await ctx.database.db
    .insert(appSettings)
    .values({ key: 'platform', value })
    .onConflictDoUpdate({ target: appSettings.key, set: { value, updated_at: new Date() } });
}

/**
 * Moves every slot of an event into the past (keeping their lengths and spacing), so a
 * published event reads as `ended`. The API itself never accepts past slots.
 */
export async function moveEventToPast(ctx: TestContext, eventId: number): Promise<void> {
  await ctx.database.db.execute(sql`
    update event_dates
    set start_at = start_at - shift.amount, end_at = end_at - shift.amount
    from (
      select max(end_at) - now() + interval '1 day' as amount
      from event_dates where event_id = ${eventId}
    ) as shift
    where event_id = ${eventId}`);
}

/** A 1×1 PNG. */
export const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

/** A multipart/form-data body with text fields and at most one file. */
export function multipartForm(
  fields: Record<string, string>,
  file?: { name: string; filename: string; type: string; content: Buffer },
): { payload: Buffer; contentType: string } {
  const boundary = '----hafla' + Math.random().toString(16).slice(2);
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
      ),
    );
  }
  if (file) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.name}"; filename="${file.filename}"\r\nContent-Type: ${file.type}\r\n\r\n`,
      ),
      file.content,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(parts),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}

/** Asserts an error envelope: its status, first code and (when given) attr; answers the first error. */
export function expectError(
  response: { statusCode: number; body: string; json(): unknown },
  status: number,
  code: string,
  attr?: string | null,
) {
  expect(response.statusCode, response.body).toBe(status);
  const error = firstError(response);
  expect(error?.code, response.body).toBe(code);
  if (attr !== undefined) expect(error?.attr, response.body).toBe(attr);
  return (
    response.json() as { errors: Array<{ code: string; detail: string; attr: string | null }> }
  ).errors[0]!;
}
