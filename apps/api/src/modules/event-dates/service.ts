import { dayInZone, formatInZone } from '@hafla/shared/common/zoned-time';
import {
  MAX_BULK_DATES,
  type EventDate,
  type EventDateBulkRequest,
  type EventDateBulkResult,
  type EventDateCreateRequest,
  type EventDateListQuery,
  type EventDateUpdateRequest,
} from '@hafla/shared/event-dates/event-dates';
import type { Db } from '../../db/client';
import { AppError, fieldError, notFound } from '../../lib/app-error';
import { deleteUnlessReferenced, isConstraintViolation } from '../../lib/db-errors';
import { assertEventEditable, findEditableOwnEvent, findOwnEvent } from '../events/ownership';
import { countPatternSlots, expandPattern } from './bulk-pattern';
import type { Notifier } from '../notifications/notifier';
import { queueFanout } from '../notifications/notify';
import * as queries from './queries';

export interface EventDatesDeps {
  db: Db;
  now: () => Date;
  /** Runs the notification fan-out a moved slot queued, after its commit. */
  notifier: Pick<Notifier, 'drain'>;
}

const dateTaken = () => new AppError('date_taken', { status: 409, attr: 'start' });

function toEventDate(row: queries.DateRow, timeZone: string): EventDate {
  return {
    id: row.id,
    event: row.event_id,
    start: formatInZone(row.start_at, timeZone),
    end: formatInZone(row.end_at, timeZone),
    has_seat_map: row.chart_version_id !== null,
  };
}

export async function listOwnDates(
  deps: EventDatesDeps,
  organizerId: string,
  query: EventDateListQuery,
) {
  if (query.event !== undefined) await findOwnEvent(deps.db, query.event, organizerId, 'event');
  const { rows, count } = await queries.findOwnDates(deps.db, organizerId, {
    event: query.event,
    endsAfter: query.upcoming ? deps.now() : undefined,
    limit: query.limit,
    offset: query.offset,
  });
  return { count, results: rows.map((row) => toEventDate(row, row.timezone)) };
}

export async function getOwnDate(
  deps: EventDatesDeps,
  organizerId: string,
  id: number,
): Promise<EventDate> {
  const row = await queries.findOwnDate(deps.db, id, organizerId);
  if (!row) throw notFound();
  return toEventDate(row, row.timezone);
}

/** A slot runs forwards and is not created (or moved) into the past. */
function checkSlot(start: Date, end: Date, now: Date, isStartNew: boolean): void {
  if (start >= end) throw fieldError('date_order_invalid', 'end');
  if (isStartNew && start < now) throw fieldError('date_in_past', 'start');
}

export async function createDate(
  deps: EventDatesDeps,
  organizerId: string,
  input: EventDateCreateRequest,
): Promise<EventDate> {
  const now = deps.now();
  const event = await findEditableOwnEvent(deps.db, input.event, organizerId, now, 'event');
  const start = new Date(input.start);
  const end = new Date(input.end);
  checkSlot(start, end, now, true);
  const [row] = await queries.insertDates(deps.db, [
    { event_id: event.id, start_at: start, end_at: end },
  ]);
  if (!row) throw dateTaken();
  return toEventDate(row, event.timezone);
}

/**
 * Moves a slot. Tickets sold for it stay attached to it (the slot is the same row); the rules
 * are those of a new slot, except that a start left unchanged may already be past.
 */
export async function updateDate(
  deps: EventDatesDeps,
  organizerId: string,
  id: number,
  input: EventDateUpdateRequest,
): Promise<EventDate> {
  const now = deps.now();
  const row = await queries.findOwnDate(deps.db, id, organizerId);
  if (!row) throw notFound();
  assertEventEditable({ status: row.event_status, last_end_at: row.event_last_end_at }, now);
  const start = input.start !== undefined ? new Date(input.start) : row.start_at;
  const end = input.end !== undefined ? new Date(input.end) : row.end_at;
  checkSlot(start, end, now, start.getTime() !== row.start_at.getTime());
  // The slot's ticket holders learn its new time (a draft has none).
  const announce =
    row.event_status === 'published' &&
    (start.getTime() !== row.start_at.getTime() || end.getTime() !== row.end_at.getTime());
  try {
    await deps.db.transaction(async (tx) => {
      await queries.updateDate(tx, id, { start_at: start, end_at: end, updated_at: now });
      if (announce) {
        await queueFanout(tx, {
          kind: 'event_changed',
          audience: 'holders',
          eventId: row.event_id,
          eventDateId: id,
          params: { change: 'time', starts_at: start.toISOString(), ends_at: end.toISOString() },
        });
      }
    });
  } catch (error) {
    if (isConstraintViolation(error, 'event_dates_event_start_unique')) throw dateTaken();
    throw error;
  }
  if (announce) deps.notifier.drain();
  return toEventDate({ ...row, start_at: start, end_at: end }, row.timezone);
}

/** DELETE /api/v1/event_dates/{id}/ — a slot nobody booked (a held or sold one answers why). */
export async function deleteDate(deps: EventDatesDeps, organizerId: string, id: number) {
  const row = await queries.findOwnDate(deps.db, id, organizerId);
  if (!row) throw notFound();
  assertEventEditable({ status: row.event_status, last_end_at: row.event_last_end_at }, deps.now());
  await deleteUnlessReferenced(() => queries.deleteDate(deps.db, id), 'event_date_in_use');
}

/**
 * Creates the slots of a repeating pattern in one INSERT. Slots already past and slots the event
 * already has are skipped and counted, so repeating a request is harmless.
 */
export async function createDatesInBulk(
  deps: EventDatesDeps,
  organizerId: string,
  input: EventDateBulkRequest,
): Promise<EventDateBulkResult> {
  const now = deps.now();
  const event = await findEditableOwnEvent(deps.db, input.event, organizerId, now, 'event');
  if (input.end_date < input.start_date) throw fieldError('date_order_invalid', 'end_date');
  if (input.start_date < dayInZone(now, event.timezone)) {
    throw fieldError('date_in_past', 'start_date');
  }
  const total = countPatternSlots(input);
  if (total > MAX_BULK_DATES) {
    throw fieldError('too_many_dates', null, { count: total, max: MAX_BULK_DATES });
  }
  // A wall time skipped by a daylight-saving jump can make a slot run backwards; it is skipped.
  const future = expandPattern(input, event.timezone).filter(
    (slot) => slot.start > now && slot.start < slot.end,
  );
  if (future.length === 0) throw fieldError('no_dates_in_pattern', null);
  const inserted = await queries.insertDates(
    deps.db,
    future.map((slot) => ({ event_id: event.id, start_at: slot.start, end_at: slot.end })),
  );
  inserted.sort((a, b) => a.start_at.getTime() - b.start_at.getTime() || a.id - b.id);
  return {
    created: inserted.length,
    skipped: total - inserted.length,
    results: inserted.map((row) => toEventDate(row, event.timezone)),
  };
}
