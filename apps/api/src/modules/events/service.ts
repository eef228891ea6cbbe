import { formatInZone } from '@hafla/shared/common/zoned-time';
import type {
  Event,
  EventCreateRequest,
  EventListQuery,
  EventsPublishedThisMonth,
  EventStatus,
  EventUpdateRequest,
} from '@hafla/shared/events/events';
import type { Db } from '../../db/client';
import { AppError, fieldError, notFound } from '../../lib/app-error';
import { storeImage } from '../../lib/image-type';
import type { FileStorage } from '../../lib/storage';
import { checkEventShape, checkStatusTransition, monthOf } from './event-rules';
import {
  assertEventEditable,
  eventStatusOf,
  findEditableOwnEvent,
  type EventRow,
} from './ownership';
import { readPlatformSettings } from '../catalog/platform-settings';
import type { Notifier } from '../notifications/notifier';
import { queueFanout, type Fanout } from '../notifications/notify';
import * as queries from './queries';

export interface EventsDeps {
  db: Db;
  storage: FileStorage;
  now: () => Date;
  /** Runs the notification fan-outs an edit queued, after its commit. */
  notifier: Pick<Notifier, 'drain'>;
}

/** Every instant of an event is answered in the event's own time zone. */
function toEvent(row: queries.EventWithCounts, storage: FileStorage, now: Date): Event {
  const inZone = (instant: Date | null) => (instant ? formatInZone(instant, row.timezone) : null);
  return {
    id: row.id,
    organizer: row.organizer_id,
    title: row.title,
    description: row.description,
    category: row.category_id,
    event_type: row.event_type_id,
    cover: row.cover_key ? storage.url(row.cover_key) : null,
    venue_name: row.venue_name,
    address: row.address,
    latitude: row.latitude,
    longitude: row.longitude,
    is_online: row.is_online,
    online_url: row.online_url,
    timezone: row.timezone,
    currency: row.currency,
    requires_approval: row.requires_approval,
    max_tickets_per_order: row.max_tickets_per_order,
    refund_policy: {
      refundable_until_hours: row.refundable_until_hours,
      refund_percentage: row.refund_percentage,
    },
    status: eventStatusOf(row, now),
    published_at: inZone(row.published_at),
    cancelled_at: inZone(row.cancelled_at),
    first_start: inZone(row.first_start_at),
    last_end: inZone(row.last_end_at),
    price_min: row.min_price,
    price_max: row.max_price,
    dates_count: row.dates_count,
    ticket_categories_count: row.ticket_categories_count,
    created_at: formatInZone(row.created_at, row.timezone),
    updated_at: formatInZone(row.updated_at, row.timezone),
  };
}

type EventFields = Omit<EventUpdateRequest, 'status' | 'cover'>;

/** Wire fields to columns, for the fields that were sent. */
function toColumns(input: EventFields): Partial<queries.EventValues> {
  const columns: Partial<queries.EventValues> = {};
  if (input.title !== undefined) columns.title = input.title;
  if (input.description !== undefined) columns.description = input.description;
  if (input.category !== undefined) columns.category_id = input.category;
  if (input.event_type !== undefined) columns.event_type_id = input.event_type;
  if (input.venue_name !== undefined) columns.venue_name = input.venue_name;
  if (input.address !== undefined) columns.address = input.address;
  if (input.latitude !== undefined) columns.latitude = input.latitude;
  if (input.longitude !== undefined) columns.longitude = input.longitude;
  if (input.is_online !== undefined) columns.is_online = input.is_online;
  if (input.online_url !== undefined) columns.online_url = input.online_url;
  if (input.timezone !== undefined) columns.timezone = input.timezone;
  if (input.currency !== undefined) columns.currency = input.currency;
  if (input.requires_approval !== undefined) columns.requires_approval = input.requires_approval;
  if (input.max_tickets_per_order !== undefined) {
    columns.max_tickets_per_order = input.max_tickets_per_order;
  }
  if (input.refund_policy !== undefined) {
    columns.refundable_until_hours = input.refund_policy.refundable_until_hours;
    columns.refund_percentage = input.refund_policy.refund_percentage;
  }
  return columns;
}

/**
 * Rules on single fields that need the database: the category and event type exist, the
 * currency is one the platform offers, the per-order cap is within the platform's. Only fields
 * that change are checked, so an admin retiring a currency does not lock existing events.
 */
async function checkFields(db: Db, input: EventFields, current: EventRow | null): Promise<void> {
  if (input.category !== undefined && input.category !== current?.category_id) {
    if (!(await queries.categoryExists(db, input.category))) {
      throw fieldError('does_not_exist', 'category');
    }
  }
  if (input.event_type !== undefined && input.event_type !== current?.event_type_id) {
    if (!(await queries.eventTypeExists(db, input.event_type))) {
      throw fieldError('does_not_exist', 'event_type');
    }
  }
  const changesCurrency = input.currency !== undefined && input.currency !== current?.currency;
  const changesCap =
    input.max_tickets_per_order !== undefined &&
    input.max_tickets_per_order !== current?.max_tickets_per_order;
  if (!changesCurrency && !changesCap) return;
  // Buyers already paid in the old currency: a published event keeps its currency.
  if (changesCurrency && current?.published_at) {
    throw new AppError('currency_locked', { status: 409, attr: 'currency' });
  }
  const settings = await readPlatformSettings(db);
  if (changesCurrency && !settings.currencies.some((c) => c.code === input.currency)) {
    throw fieldError('currency_not_supported', 'currency');
  }
  if (changesCap && input.max_tickets_per_order! > settings.max_tickets_per_order) {
    throw fieldError('max_value', 'max_tickets_per_order', {
      maximum: settings.max_tickets_per_order,
    });
  }
}

export async function getOwnEvent(
  deps: EventsDeps,
  organizerId: string,
  id: number,
): Promise<Event> {
  const row = await queries.findOwnEventWithCounts(deps.db, id, organizerId);
  if (!row) throw notFound();
  return toEvent(row, deps.storage, deps.now());
}

export async function listOwnEvents(deps: EventsDeps, organizerId: string, query: EventListQuery) {
  const now = deps.now();
  const { rows, count } = await queries.findOwnEvents(deps.db, organizerId, query, now);
  return { count, results: rows.map((row) => toEvent(row, deps.storage, now)) };
}

/** A new event is a draft of the organizer's. */
export async function createEvent(
  deps: EventsDeps,
  organizerId: string,
  input: EventCreateRequest,
): Promise<Event> {
  await checkFields(deps.db, input, null);
  checkEventShape(input);
  const now = deps.now();
  const id = await queries.insertEvent(deps.db, {
    organizer_id: organizerId,
    title: input.title,
    description: input.description,
    category_id: input.category,
    event_type_id: input.event_type,
    venue_name: input.venue_name,
    address: input.address,
    latitude: input.latitude,
    longitude: input.longitude,
    is_online: input.is_online,
    online_url: input.online_url,
    timezone: input.timezone,
    currency: input.currency,
    requires_approval: input.requires_approval,
    max_tickets_per_order: input.max_tickets_per_order,
    refundable_until_hours: input.refund_policy.refundable_until_hours,
    refund_percentage: input.refund_policy.refund_percentage,
    status: 'draft',
    created_at: now,
    updated_at: now,
  });
  return getOwnEvent(deps, organizerId, id);
}

/**
 * Publishing needs a slot still to come and something to sell, and counts toward the monthly
 * limit. The caller holds the organizer's lock, so the count cannot change under it.
 */
async function checkPublishable(db: Db, event: EventRow, now: Date): Promise<void> {
  if (!(await queries.hasDateStartingAfter(db, event.id, now))) {
    throw new AppError('publish_requires_date', { status: 409 });
  }
  if (!(await queries.hasTicketCategory(db, event.id))) {
    throw new AppError('publish_requires_ticket_category', { status: 409 });
  }
  const { events_published_per_month: limit } = await readPlatformSettings(db);
  const month = monthOf(now);
  const published = await queries.countPublishedBetween(
    db,
    event.organizer_id,
    month.start,
    month.end,
  );
  if (published >= limit) {
    throw new AppError('publish_limit_reached', { status: 409, params: { limit } });
  }
}

/**
 * Edits, publishes or cancels the organizer's own event; the rules read the merged state. Slots
 * and ticket categories are never touched here, so tickets already sold stay valid.
 */
export async function updateEvent(
  deps: EventsDeps,
  organizerId: string,
  id: number,
  input: EventUpdateRequest,
): Promise<Event> {
  const now = deps.now();
  const { status: requested, cover, ...fields } = input;
  const { removedCover, announced } = await deps.db.transaction(async (tx) => {
    // Lock order: the organizer (publishing only), then the event.
    if (requested === 'published') await queries.lockOrganizer(tx, organizerId);
    const row = await queries.lockOwnEvent(tx, id, organizerId);
    if (!row) throw notFound();

    const current = eventStatusOf(row, now);
    // Repeating the current status is no change (a form may send back what it read).
    const transition = requested !== undefined && requested !== current ? requested : null;
    if (transition) checkStatusTransition(current, transition);
    assertEventEditable(row, now);

    await checkFields(tx, fields, row);
    checkEventShape({
      is_online: fields.is_online ?? row.is_online,
      venue_name: fields.venue_name ?? row.venue_name,
      online_url: fields.online_url !== undefined ? fields.online_url : row.online_url,
      latitude: fields.latitude !== undefined ? fields.latitude : row.latitude,
      longitude: fields.longitude !== undefined ? fields.longitude : row.longitude,
    });
    if (transition === 'published') await checkPublishable(tx, row, now);

    await queries.updateEvent(tx, id, {
      ...toColumns(fields),
      ...(transition === 'published' && { status: 'published', published_at: now }),
      ...(transition === 'cancelled' && { status: 'cancelled', cancelled_at: now }),
      ...(cover === null && { cover_key: null }),
      updated_at: now,
    });
    const fanout = announcementOf(row, current, transition, fields);
    if (fanout) await queueFanout(tx, fanout);
    return { removedCover: cover === null ? row.cover_key : null, announced: fanout !== null };
  });
  if (announced) deps.notifier.drain();
  // The file goes only once no row points at it.
  if (removedCover) await deps.storage.delete(removedCover);
  return getOwnEvent(deps, organizerId, id);
}

/**
 * What an edit tells others: followers learn of a publication, ticket holders of a cancellation
 * or of a published event's new venue (a slot's new time is announced by event-dates).
 */
function announcementOf(
  row: EventRow,
  current: EventStatus,
  transition: EventStatus | null,
  fields: EventFields,
): Fanout | null {
  if (transition === 'published') {
    return { kind: 'event_published', audience: 'followers', eventId: row.id };
  }
  if (transition === 'cancelled') {
    return { kind: 'event_cancelled', audience: 'holders', eventId: row.id };
  }
  if (current !== 'published') return null;
  const isOnline = fields.is_online ?? row.is_online;
  const venue = fields.venue_name ?? row.venue_name;
  const address = fields.address ?? row.address;
  if (isOnline === row.is_online && venue === row.venue_name && address === row.address) {
    return null;
  }
  return {
    kind: 'event_changed',
    audience: 'holders',
    eventId: row.id,
    params: { change: 'venue', venue: isOnline ? '' : venue },
  };
}

/** Replaces the cover image with an uploaded one (PNG, JPEG, WebP or GIF by its bytes). */
export async function setEventCover(
  deps: EventsDeps,
  organizerId: string,
  id: number,
  content: Buffer | null,
): Promise<Event> {
  const now = deps.now();
  // Ownership first: nobody learns about someone else's event from the file checks.
  await findEditableOwnEvent(deps.db, id, organizerId, now);
  if (!content) throw fieldError('required', 'cover');
  const key = await storeImage(deps.storage, content, `covers/${id}`, 'cover');
  const previous = await deps.db.transaction(async (tx) => {
    const row = await queries.lockOwnEvent(tx, id, organizerId);
    if (!row) throw notFound();
    assertEventEditable(row, now);
    await queries.updateEvent(tx, id, { cover_key: key, updated_at: now });
    return row.cover_key;
  });
  if (previous && previous !== key) await deps.storage.delete(previous);
  return getOwnEvent(deps, organizerId, id);
}

export async function getPublishedThisMonth(
  deps: EventsDeps,
  organizerId: string,
): Promise<EventsPublishedThisMonth> {
  const month = monthOf(deps.now());
  const [published, settings] = await Promise.all([
    queries.countPublishedBetween(deps.db, organizerId, month.start, month.end),
    readPlatformSettings(deps.db),
  ]);
  const limit = settings.events_published_per_month;
  return {
    events_published_this_month: published,
    limit,
    remaining: Math.max(0, limit - published),
  };
}
