import { eq, inArray } from 'drizzle-orm';
import { expect } from 'vitest';
import {
  addDays,
  dayInZone,
  formatInZone,
  zonedTimeToInstant,
} from '@hafla/shared/common/zoned-time';
import type { EventSummary } from '@hafla/shared/events/discovery';
import { categories, eventTypes } from '../src/db/schema/catalog';
import { events } from '../src/db/schema/events';
import {
  call,
  createPublishedEvent,
  type Account,
  type EventFixture,
  type EventFixtureOverrides,
} from './event-helpers';
import type { TestContext } from './helpers';

/**
 * Read-side fixtures for the discovery, social and home tests: events are created and
 * published through the organizer API (event-helpers.ts); what only staff or time can do
 * (featuring, ending) is set in the database.
 */

export async function categoryId(ctx: TestContext, slug: string): Promise<number> {
  const [row] = await ctx.database.db
    .select({ id: categories.id })
    .from(categories)
    .where(eq(categories.slug, slug));
  if (!row) throw new Error(`no category ${slug}`);
  return row.id;
}

export async function eventTypeId(ctx: TestContext, slug: string): Promise<number> {
  const [row] = await ctx.database.db
    .select({ id: eventTypes.id })
    .from(eventTypes)
    .where(eq(eventTypes.slug, slug));
  if (!row) throw new Error(`no event type ${slug}`);
  return row.id;
}

/** A slot from an instant, `hours` long, written in a zone as the API takes it. */
export function slotFrom(start: Date, timeZone = 'Asia/Riyadh', hours = 2) {
  return {
    start: formatInZone(start, timeZone),
    end: formatInZone(new Date(start.getTime() + hours * 3_600_000), timeZone),
  };
}

/**
 * A slot `days` from today at a wall-clock time in a zone, `hours` long, as the API takes it.
 * "Today" is the zone's own unless `todayIn` names another: tests comparing days across zones
 * count from one calendar (Riyadh's and Cairo's dates differ from 21:00 to 22:00 UTC).
 */
export function slotAt(
  days: number,
  time: string,
  timeZone = 'Asia/Riyadh',
  hours = 2,
  todayIn = timeZone,
) {
  const day = addDays(dayInZone(new Date(), todayIn), days);
  return slotFrom(zonedTimeToInstant(day, time, timeZone), timeZone, hours);
}

/** A published event (through the API) with one slot `days` ahead unless dates are given. */
export function publishEvent(
  ctx: TestContext,
  auth: string,
  overrides: EventFixtureOverrides & { days?: number } = {},
): Promise<EventFixture> {
  const { days, ...rest } = overrides;
  return createPublishedEvent(ctx, auth, {
    dates: [slotAt(days ?? 7, '19:00', rest.timezone ?? 'Asia/Riyadh')],
    ...rest,
  });
}

/** `fan` adds an event to their wishlist through the API. */
export async function wishlistEvent(ctx: TestContext, fan: Account, event: number): Promise<void> {
  const response = await call(ctx, fan.auth, 'POST', `/api/v1/profile/${fan.id}/add_to_wishlist/`, {
    event,
  });
  expect(response.statusCode, response.body).toBe(200);
}

/** `fan` follows an organizer through the API. */
export async function followOrganizer(
  ctx: TestContext,
  fan: Account,
  organizerId: string,
): Promise<void> {
  const response = await call(ctx, fan.auth, 'POST', `/api/v1/profile/${organizerId}/follow/`);
  expect(response.statusCode, response.body).toBe(200);
}

/** Staff pick events for the featured section; there is no API for it yet. */
export async function setFeatured(ctx: TestContext, ids: number[], isFeatured = true) {
  await ctx.database.db
    .update(events)
    .set({ is_featured: isFeatured })
    .where(inArray(events.id, ids));
}

/** GET a list and answer its results' ids (asserting a 200). */
export async function listIds(
  ctx: TestContext,
  url: string,
  auth: string | null = null,
): Promise<number[]> {
  const response = await call(ctx, auth, 'GET', url);
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as { results: EventSummary[] }).results.map((event) => event.id);
}
