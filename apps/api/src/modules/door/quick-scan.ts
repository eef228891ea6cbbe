import type { CheckInResponse } from '@hafla/shared/door/check-ins';
import { formatInZone } from '@hafla/shared/common/zoned-time';
import pg from 'pg';
import type { Db } from '../../db/client';
import { queryOnce, type Statement } from '../../db/pipeline';

/**
 * The scan nearly every guest gets — a valid ticket of this event, scanned once by one of its
 * organizer's ushers — in ONE statement and one round trip: the reader's right (read from the
 * database, as on every request), the conditional check-in, the recorded scan, the holder's
 * notification and every field of the answer. Anything else (a refusal, a ticket already in, a
 * short code, an offline scan, a replayed nonce) finds no row here and goes the full way in
 * service.ts, which judges it exactly (and re-reads the reader's right): this statement only
 * ever applies what that path would have applied (decision 0014).
 *
 * When the ticket is checked in but the scan row is not written (this user sent this nonce
 * before), the division by zero aborts the statement, so nothing is applied and the full path
 * answers the first answer.
 *
 * $1 ticket id, $2 the code's secret, $3 event, $4 event date or null, $5 reader, $6 time of the
 * check-in, $7 nonce, $8 device or null.
 */
const QUICK_SCAN: Statement = {
  name: 'door_quick_scan',
  text: `
with reader as (
  select 1
    from events e
   where e.id = $3
     and (e.organizer_id = $5
          or exists (select 1
                       from ushers u
                       join users a on a.email = u.email and a.is_verified
                      where a.id = $5
                        and u.organizer_id = e.organizer_id
                        and (u.event_ids is null or e.id = any(u.event_ids))
                        and u.role in ('steward', 'supervisor')))),
checked as (
  update tickets t
     set status = 'checked_in', checked_in_at = $6, checked_in_by = $5
   where t.id = $1
     and t.secret = $2
     and t.status = 'valid'
     and t.event_id = $3
     and ($4::int is null or t.event_date_id = $4::int)
     and exists (select 1 from reader)
     and exists (select 1 from bookings b where b.id = t.booking_id and b.confirmed_at is not null)
  returning t.id, t.user_id, t.booking_id, t.event_id, t.event_date_id, t.ticket_category_id,
            t.holder_name),
scan as (
  insert into check_ins (kind, event_id, ticket_id, user_id, result, nonce, device, scanned_at,
                         answer_checked_in_at, answer_checked_in_by)
  select 'scan', checked.event_id, checked.id, $5, 'ok', $7, $8, $6, $6, $5 from checked
  on conflict (user_id, nonce) where nonce is not null do nothing
  returning id),
notice as (
  insert into notifications (user_id, kind, type, value, event_id, booking_id, event_date_id)
  select checked.user_id, 'ticket_checked_in', 'ticket', checked.id, checked.event_id,
         checked.booking_id, checked.event_date_id
    from checked, scan
  returning id)
select scan.id as scan_id, notice.id as notice_id, checked.id as ticket_id,
       checked.holder_name, buyer.first_name as buyer_first_name,
       buyer.last_name as buyer_last_name, checked.ticket_category_id, c.name as category_name,
       checked.event_date_id, d.start_at, d.end_at, e.timezone,
       reader.first_name as reader_first_name, reader.last_name as reader_last_name,
       1 / (select count(*)::int from scan) as recorded
  from checked
  join ticket_categories c on c.id = checked.ticket_category_id
  join event_dates d on d.id = checked.event_date_id
  join events e on e.id = checked.event_id
  join users buyer on buyer.id = checked.user_id
  join users reader on reader.id = $5
  left join scan on true
  left join notice on true`,
};

interface QuickScanRow {
  scan_id: number;
  notice_id: number;
  ticket_id: number;
  holder_name: string;
  buyer_first_name: string;
  buyer_last_name: string;
  ticket_category_id: number;
  category_name: string;
  event_date_id: number;
  start_at: Date;
  end_at: Date;
  timezone: string;
  reader_first_name: string;
  reader_last_name: string;
}

export interface QuickScan {
  ticketId: number;
  secret: string;
  event: number;
  eventDate: number | null;
  userId: string;
  at: Date;
  nonce: string;
  device: string | null;
}

/** SQLSTATE 22012: the statement's guard found the nonce used before. */
const DIVISION_BY_ZERO = '22012';

/**
 * Checks the ticket in when this is the plain case, answering the scan's answer and the
 * notification to push; null when the full path must judge it (nothing was changed then).
 */
export async function quickScan(
  db: Db,
  scan: QuickScan,
): Promise<{ answer: CheckInResponse; notified: number[] } | null> {
  let rows: QuickScanRow[];
  try {
    rows = await queryOnce<QuickScanRow>(db, QUICK_SCAN, [
      scan.ticketId,
      scan.secret,
      scan.event,
      scan.eventDate,
      scan.userId,
      scan.at,
      scan.nonce,
      scan.device,
    ]);
  } catch (error) {
    if (isDivisionByZero(error)) return null;
    throw error;
  }
  const row = rows[0];
  if (!row) return null;
  const zone = row.timezone;
  return {
    notified: [row.notice_id],
    answer: {
      id: row.scan_id,
      result: 'ok',
      ticket: {
        id: row.ticket_id,
        holder_name:
          row.holder_name.trim() || `${row.buyer_first_name} ${row.buyer_last_name}`.trim(),
        ticket_category: { id: row.ticket_category_id, name: row.category_name },
        event_date: {
          id: row.event_date_id,
          start: formatInZone(new Date(row.start_at), zone),
          end: formatInZone(new Date(row.end_at), zone),
        },
        state: 'checked_in',
      },
      checked_in_at: formatInZone(scan.at, zone),
      checked_in_by: {
        id: scan.userId,
        name: `${row.reader_first_name} ${row.reader_last_name}`.trim(),
      },
    },
  };
}

function isDivisionByZero(error: unknown): boolean {
  if (error instanceof pg.DatabaseError) return error.code === DIVISION_BY_ZERO;
  // PGlite's errors carry the SQLSTATE as `code` too.
  return (
    typeof error === 'object' &&
    error !== null &&
    (error as { code?: unknown }).code === DIVISION_BY_ZERO
  );
}
