import { and, eq } from 'drizzle-orm';
import type { EventStatus } from '@hafla/shared/events/events';
import type { Db } from '../../db/client';
import { events } from '../../db/schema/events';
import { AppError, notFound } from '../../lib/app-error';

/**
 * The events module's public surface: how other modules (time slots, ticket categories, promo
 * codes, discovery) find an organizer's own event and tell whether it may still change.
 */

export type EventRow = typeof events.$inferSelect;

/** `ended` is derived: a published event whose last time slot is over. */
export function eventStatusOf(
  event: Pick<EventRow, 'status' | 'last_end_at'>,
  now: Date,
): EventStatus {
  if (event.status === 'published' && event.last_end_at && event.last_end_at < now) return 'ended';
  if (event.status === 'published' || event.status === 'cancelled') return event.status;
  return 'draft';
}

/** A cancelled or ended event is history: neither it nor its slots, tickets or codes change. */
export function assertEventEditable(event: Pick<EventRow, 'status' | 'last_end_at'>, now: Date) {
  const status = eventStatusOf(event, now);
  if (status === 'cancelled' || status === 'ended') {
    throw new AppError('event_not_editable', { status: 409 });
  }
}

/**
 * The organizer's own event, or 404 `not_found` (with `attr` when the id came from a body field):
 * someone else's event answers exactly like one that does not exist.
 */
export async function findOwnEvent(
  db: Db,
  eventId: number,
  organizerId: string,
  attr: string | null = null,
): Promise<EventRow> {
  const [row] = await db
    .select()
    .from(events)
    .where(and(eq(events.id, eventId), eq(events.organizer_id, organizerId)))
    .limit(1);
  if (!row) throw notFound(attr);
  return row;
}

/** The own event when it may still change: 404 for anyone else's, 409 when cancelled or ended. */
export async function findEditableOwnEvent(
  db: Db,
  eventId: number,
  organizerId: string,
  now: Date,
  attr: string | null = null,
): Promise<EventRow> {
  const row = await findOwnEvent(db, eventId, organizerId, attr);
  assertEventEditable(row, now);
  return row;
}
