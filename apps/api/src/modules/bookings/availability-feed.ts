import type { AvailabilityChanged } from '@hafla/shared/bookings/availability';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import type { Background } from '../../lib/background';
import { isDatabaseUnavailable } from '../../lib/db-errors';
import { availableInEvents, type LiveAvailability } from './inventory';
import { salesStateOf } from './order-rules';

/**
 * Live availability on open booking pages (issue 18, decision 0025). Where the figures go: the
 * event rooms of this process's sockets (the realtime plugin).
 */
export interface AvailabilityRooms {
  /** Events with at least one open page on this process. */
  watched(): number[];
  /** To this process's sockets in the event's room; figures already sent are not sent again. */
  send(change: AvailabilityChanged): void;
}

/** The rows of `availableInEvents` as one message per event (every event named, even empty). */
export function availabilityMessages(
  eventIds: readonly number[],
  rows: readonly LiveAvailability[],
  now: Date,
): AvailabilityChanged[] {
  const byEvent = new Map<number, AvailabilityChanged>(
    eventIds.map((event) => [event, { event, slots: [] }]),
  );
  for (const row of rows) {
    const message = byEvent.get(row.event_id);
    if (!message) continue;
    let slot = message.slots.at(-1);
    if (slot?.id !== row.event_date_id) {
      slot = { id: row.event_date_id, ticket_categories: [] };
      message.slots.push(slot);
    }
    slot.ticket_categories.push({
      id: row.ticket_category_id,
      available: row.available,
      sales_state: salesStateOf(row, row.available, now),
    });
  }
  return [...byEvent.values()];
}

export interface AvailabilityFeedOptions {
  db: Db;
  rooms: AvailabilityRooms;
  background: Background;
  now: () => Date;
  log: FastifyBaseLogger;
  intervalMs: number;
}

/**
 * Each process reads, once per interval, what is left in the events its own sockets watch — one
 * statement for all of them, nothing when no page is open — and sends what changed. Polling
 * rather than telling each sale: every way availability moves (a hold, its lapse, a refund, an
 * organizer's new quantity, staff SQL) is seen, a rush of a thousand sales a second costs one
 * read a second, and no message crosses processes. A page that joins gets the last figures at
 * once and fresh ones within an interval; after a reconnection it reads the details again.
 */
export function startAvailabilityFeed({
  db,
  rooms,
  background,
  now,
  log,
  intervalMs,
}: AvailabilityFeedOptions): void {
  let isRunning = false;
  let isFailing = false;
  background.every(intervalMs, 'availability feed', async () => {
    const eventIds = rooms.watched();
    if (isRunning || eventIds.length === 0) return;
    isRunning = true;
    try {
      const at = now();
      const rows = await availableInEvents(db, eventIds, at);
      for (const message of availabilityMessages(eventIds, rows, at)) rooms.send(message);
      isFailing = false;
    } catch (error) {
      if (!isDatabaseUnavailable(error)) throw error;
      // Once per outage: the pages keep their last figures, and hear again when it ends.
      if (!isFailing)
        log.warn({ reason: String(error) }, 'availability feed waits for the database');
      isFailing = true;
    } finally {
      isRunning = false;
    }
  });
}
