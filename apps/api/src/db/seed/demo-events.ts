import { and, eq, inArray, isNull } from 'drizzle-orm';
import { addDays, dayInZone, weekdayOf, zonedTimeToInstant } from '@hafla/shared/common/zoned-time';
import { hashPassword } from '../../lib/password';
import { storeImage } from '../../lib/image-type';
import { encodePngAsync } from '../../lib/png';
import type { FileStorage } from '../../lib/storage';
import type { Db } from '../client';
import { users } from '../schema/accounts';
import { categories, eventTypes } from '../schema/catalog';
import { eventDates, events, promoCodes, ticketCategories } from '../schema/events';
import { follows, wishlistItems } from '../schema/social';
import { DEMO_PASSWORD } from './demo-accounts';
import { drawDemoCover } from './demo-covers';
import {
  coverPalettes,
  demoAttendeeFollows,
  demoAttendeeWishlist,
  demoEvents,
  demoOrganizers,
  type DemoEvent,
  type DemoSchedule,
} from './demo-events-data';

const ATTENDEE = 'attendee@hafla.test';

interface Slot {
  start_at: Date;
  end_at: Date;
}

/** Friday of the weekend under way (Fri–Sun) or of the next one, as a day in `timeZone`. */
function weekendFriday(now: Date, timeZone: string): string {
  const today = dayInZone(now, timeZone);
  const sinceFriday = (weekdayOf(today) + 2) % 7;
  return sinceFriday <= 2 ? addDays(today, -sinceFriday) : addDays(today, 7 - sinceFriday);
}

/** The slots of a schedule, in the event's zone; only those still to come. */
export function demoSlots(schedule: DemoSchedule, timeZone: string, now: Date): Slot[] {
  const days =
    'weekends' in schedule
      ? [0, 7].flatMap((week) => {
          const friday = addDays(weekendFriday(now, timeZone), week);
          return [friday, addDays(friday, 1), addDays(friday, 2)];
        })
      : schedule.days.map((offset) => addDays(dayInZone(now, timeZone), offset));
  return days
    .map((day) => {
      const start = zonedTimeToInstant(day, schedule.time, timeZone);
      return { start_at: start, end_at: new Date(start.getTime() + schedule.hours * 3_600_000) };
    })
    .filter((slot) => slot.start_at > now);
}

/**
 * "Published" a few days before this month began, so the demo organizer's monthly publishing
 * allowance is untouched, and spread out so "newest" has an order.
 */
function publishedAt(now: Date, index: number): Date {
  const monthStart = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1);
  return new Date(monthStart - (30 + index * 5) * 3_600_000);
}

async function ensureDemoOrganizers(db: Db): Promise<void> {
  const existing = await db
    .select({ email: users.email })
    .from(users)
    .where(
      inArray(
        users.email,
        demoOrganizers.map((organizer) => organizer.email),
      ),
    );
  const known = new Set(existing.map((row) => row.email));
  const missing = demoOrganizers.filter((organizer) => !known.has(organizer.email));
  if (missing.length === 0) return;
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  await db
    .insert(users)
    .values(
      missing.map((organizer) => ({
        ...organizer,
        user_type: 'organizer',
        password_hash: passwordHash,
        is_verified: true,
        is_profile_complete: true,
      })),
    )
    .onConflictDoNothing();
}

const byKey = <V>(rows: Array<{ key: string; id: V }>) =>
  new Map(rows.map((row) => [row.key, row.id]));

/**
 * The demo organizers and their published events (dates, ticket categories, promo codes),
 * the demo attendee's follow and wishlist, and, given a storage, the events' cover images.
 * Idempotent: events are keyed by organizer and title, and only missing ones are added; the
 * attendee's follow and wishlist are set only when the events are first created.
 */
export async function seedDemoEvents(
  db: Db,
  options: { storage?: FileStorage; now?: Date } = {},
): Promise<void> {
  const now = options.now ?? new Date();
  await ensureDemoOrganizers(db);
  const emails = [...new Set(demoEvents.map((event) => event.organizer)), ATTENDEE];
  const people = byKey(
    await db
      .select({ id: users.id, key: users.email })
      .from(users)
      .where(inArray(users.email, emails)),
  );
  const categoryIds = byKey(
    await db.select({ id: categories.id, key: categories.slug }).from(categories),
  );
  const typeIds = byKey(
    await db.select({ id: eventTypes.id, key: eventTypes.slug }).from(eventTypes),
  );
  // Without its organizer, category or event type (content removed by an admin) an event is skipped.
  const seedable = demoEvents.filter(
    (event) =>
      people.has(event.organizer) &&
      categoryIds.has(event.category) &&
      typeIds.has(event.event_type),
  );
  const organizerIds = [...new Set(seedable.map((event) => people.get(event.organizer)!))];

  await db.transaction(async (tx) => {
    const existing = await tx
      .select({ organizer_id: events.organizer_id, title: events.title })
      .from(events)
      .where(inArray(events.organizer_id, organizerIds));
    const keyOf = (organizerId: string, title: string) => `${organizerId} ${title}`;
    const demoKeyOf = (event: DemoEvent) => keyOf(people.get(event.organizer)!, event.title);
    const taken = new Set(existing.map((row) => keyOf(row.organizer_id, row.title)));
    const missing = seedable.filter((event) => !taken.has(demoKeyOf(event)));
    if (missing.length === 0) return;

    const inserted = await tx
      .insert(events)
      .values(
        missing.map((event, index) => ({
          organizer_id: people.get(event.organizer)!,
          title: event.title,
          description: event.description,
          category_id: categoryIds.get(event.category)!,
          event_type_id: typeIds.get(event.event_type)!,
          venue_name: event.venue_name ?? '',
          address: event.address ?? '',
          latitude: event.location?.[0] ?? null,
          longitude: event.location?.[1] ?? null,
          is_online: event.online_url !== undefined,
          online_url: event.online_url ?? null,
          timezone: event.timezone,
          currency: event.currency,
          status: 'published',
          is_featured: event.is_featured ?? false,
          published_at: publishedAt(now, index),
        })),
      )
      .returning({ id: events.id, title: events.title, organizer_id: events.organizer_id });
    const insertedIds = new Map(
      inserted.map((row) => [keyOf(row.organizer_id, row.title), row.id]),
    );
    const eventIdOf = (event: DemoEvent) => {
      const id = insertedIds.get(demoKeyOf(event));
      if (id === undefined) throw new Error(`demo event not inserted: ${event.key}`);
      return id;
    };

    // One statement per table: the derived-column triggers then run once per table, not per row.
    await tx.insert(eventDates).values(
      missing.flatMap((event) =>
        demoSlots(event.schedule, event.timezone, now).map((slot) => ({
          event_id: eventIdOf(event),
          ...slot,
        })),
      ),
    );
    await tx.insert(ticketCategories).values(
      missing.flatMap((event) =>
        event.tickets.map((ticket, position) => ({
          event_id: eventIdOf(event),
          name: ticket.name,
          description: ticket.description ?? '',
          price: ticket.price,
          quantity: ticket.quantity,
          position,
        })),
      ),
    );
    const withPromo = missing.filter((event) => event.promo);
    if (withPromo.length > 0) {
      await tx.insert(promoCodes).values(
        withPromo.map((event) => ({
          event_id: eventIdOf(event),
          code: event.promo!.code,
          discount_type: event.promo!.discount_type,
          value: event.promo!.value,
          max_uses: event.promo!.max_uses ?? null,
        })),
      );
    }

    const attendee = people.get(ATTENDEE);
    if (!attendee) return;
    const followed = demoAttendeeFollows.flatMap((email) => {
      const id = people.get(email);
      return id ? [{ follower_id: attendee, organizer_id: id }] : [];
    });
    if (followed.length > 0) await tx.insert(follows).values(followed).onConflictDoNothing();
    const wished = missing
      .filter((event) => demoAttendeeWishlist.includes(event.key))
      .map((event) => ({ user_id: attendee, event_id: eventIdOf(event) }));
    if (wished.length > 0) await tx.insert(wishlistItems).values(wished).onConflictDoNothing();
  });

  if (options.storage) await attachDemoCovers(db, options.storage, seedable, people);
}

/** Draws and stores a cover for each demo event that has none yet. */
async function attachDemoCovers(
  db: Db,
  storage: FileStorage,
  seedable: DemoEvent[],
  people: Map<string, string>,
): Promise<void> {
  const bare = await db
    .select({ id: events.id, title: events.title, organizer_id: events.organizer_id })
    .from(events)
    .where(
      and(
        inArray(events.organizer_id, [...new Set(seedable.map((e) => people.get(e.organizer)!))]),
        isNull(events.cover_key),
      ),
    );
  const jobs = bare.flatMap((row) => {
    const event = seedable.find(
      (e) => e.title === row.title && people.get(e.organizer) === row.organizer_id,
    );
    return event ? [{ id: row.id, event }] : [];
  });
  // A few at a time: each cover is drawn on this thread while the previous ones compress on
  // libuv's pool, and memory stays bounded.
  for (let start = 0; start < jobs.length; start += 4) {
    await Promise.all(
      jobs.slice(start, start + 4).map(async ({ id, event }) => {
        const palette = coverPalettes[event.category] ?? ['#8A2BE2', '#E22B6B'];
        const content = await encodePngAsync(drawDemoCover(event.key, palette));
        const key = await storeImage(storage, content, `covers/${id}`, 'cover');
        await db
          .update(events)
          .set({ cover_key: key })
          .where(and(eq(events.id, id), isNull(events.cover_key)));
      }),
    );
  }
}
