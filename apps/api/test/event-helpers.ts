import { asc, eq, sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { EventDate } from '@hafla/shared/event-dates/event-dates';
import { Event, type EventCreateRequest } from '@hafla/shared/events/events';
import {
  TicketCategory,
  type TicketCategoryCreateRequest,
} from '@hafla/shared/ticket-categories/ticket-categories';
import { users } from '../src/db/schema/accounts';
import { appSettings, categories, eventTypes } from '../src/db/schema/catalog';
import { seedPlatformSettings } from '../src/db/seed/catalog-data';
import { bearer, createTestContext, firstError, type TestContext } from './helpers';

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

/** A fresh app with the cast of the organizer-side tests. */
export interface OrganizerTestContext {
  ctx: TestContext;
  organizer: Account;
  /** A second organizer, whose events the first may not touch. */
  rival: Account;
  attendee: Account;
}

/**
 * A fresh app with an organizer, a rival organizer and an attendee. `publishLimit` replaces the
 * seed's 10 publications a month, for files that publish many fixtures as one organizer.
 */
export async function createOrganizerTestContext(
  options: { publishLimit?: number; config?: Record<string, string> } = {},
): Promise<OrganizerTestContext> {
  const ctx = await createTestContext(options.config);
  if (options.publishLimit !== undefined) await setPublishLimit(ctx, options.publishLimit);
  return {
    ctx,
    organizer: await createOrganizer(ctx),
    rival: await createOrganizer(ctx),
    attendee: await createAttendee(ctx),
  };
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
  return expectOk(response, 201, Event);
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
    dates.push(expectOk(response, 201, EventDate));
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
    ticketCategories.push(expectOk(response, 201, TicketCategory));
  }

  const event =
    (publish ?? true)
      ? await call(ctx, auth, 'PATCH', `/api/v1/events/${draft.id}/`, { status: 'published' })
      : await call(ctx, auth, 'GET', `/api/v1/events/${draft.id}`);
  return { event: expectOk(event, 200, Event), dates, ticket_categories: ticketCategories };
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

/** Cancels an event through the API, as its organizer does. */
export async function cancelEvent(ctx: TestContext, auth: string, id: number): Promise<void> {
  const response = await call(ctx, auth, 'PATCH', `/api/v1/events/${id}/`, { status: 'cancelled' });
  expect(response.statusCode, response.body).toBe(200);
}

/** What `app.inject()` answers, as far as the assertions read it. */
interface Answer {
  statusCode: number;
  body: string;
  json(): unknown;
}

/** Asserts a success status and answers the body parsed by its contract. */
export function expectOk<T>(
  response: Answer,
  status: number,
  contract: { parse(body: unknown): T },
): T {
  expect(response.statusCode, response.body).toBe(status);
  return contract.parse(response.json());
}

/** Asserts an error envelope: its status, first code and (when given) attr; answers the first error. */
export function expectError(response: Answer, status: number, code: string, attr?: string | null) {
  expect(response.statusCode, response.body).toBe(status);
  const error = firstError(response);
  expect(error?.code, response.body).toBe(code);
  if (attr !== undefined) expect(error?.attr, response.body).toBe(attr);
  return (
    response.json() as { errors: Array<{ code: string; detail: string; attr: string | null }> }
  ).errors[0]!;
}

/**
 * Asserts an organizer-only route: an attendee is refused with permission_denied, a visitor
 * (no token) with not_authenticated.
 */
export async function expectOrganizersOnly(
  attendee: Account,
  send: (auth: string | null) => Promise<Answer>,
): Promise<void> {
  expectError(await send(attendee.auth), 403, 'permission_denied');
  expectError(await send(null), 401, 'not_authenticated');
}

/** Asserts that a list refuses a limit outside 1–1000 and a negative offset, naming each. */
export async function expectPageBoundsRefused(
  ctx: TestContext,
  auth: string,
  url: string,
): Promise<void> {
  const join = url.includes('?') ? '&' : '?';
  for (const [query, code, attr] of [
    ['limit=0', 'min_value', 'limit'],
    ['limit=1001', 'max_value', 'limit'],
    ['offset=-1', 'min_value', 'offset'],
  ] as const) {
    expectError(await call(ctx, auth, 'GET', `${url}${join}${query}`), 400, code, attr);
  }
}
