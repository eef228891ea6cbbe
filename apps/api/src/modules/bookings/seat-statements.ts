import type { Statement } from '../../db/pipeline';

/**
 * The seat statements of a booking (decision 0020), on the same pipelined transaction as its
 * counted holds (book-statements.ts).
 */

/** The advisory lock class of a slot's seats (its key is the slot's id). */
export const SEAT_LOCK_CLASS = 20_020;

/**
 * The slot's seat lock, held to the end of the transaction: every hold, block and late retake
 * of the slot's seats takes it before reading them, so the orphan rule judges each selection on
 * seats no one else changes until it commits (two holds can never each leave a seat that only
 * together they strand). Taken after the buyer's row and before the inventory rows. $1 slot.
 */
export const LOCK_SEATS: Statement = {
  name: 'seats_lock',
  text: `select pg_advisory_xact_lock(${SEAT_LOCK_CLASS}, $1::int)`,
};

/**
 * Every seat of the rows (and tables) that hold one of the seats asked for, in row order, with
 * its holder's state: `free` (no holder), `lapsed` (a pending hold past its time, or a booking
 * already let go: free to take once released), `taken` (a live hold or a sale). Read after
 * LOCK_SEATS, so it sees every hold committed before. $1 slot, $2 seat ids, $3 now.
 */
export const READ_SEAT_ROWS: Statement = {
  name: 'seats_read_rows',
  text: `
select s.seat_id, s.ticket_category_id, s.section_label_en, s.section_label_ar, s.row_id,
       s.row_label, s.is_table, s.seat_label, s.left_id, s.right_id, s.distance, s.blocked,
       case when s.booking_id is null then 'free'
            when b.status = 'pending' and b.expires_at <= $3 then 'lapsed'
            when b.status in ('expired', 'cancelled') then 'lapsed'
            else 'taken' end as holder
  from event_date_seats s
  left join bookings b on b.id = s.booking_id
 where s.event_date_id = $1
   and s.row_id in (select row_id from event_date_seats
                     where event_date_id = $1 and seat_id = any($2::text[]))
 order by s.row_id, s.position`,
};

/** Every seat of the slot, as READ_SEAT_ROWS reads them (best available picks on it). $1 slot, $2 now. */
export const READ_DATE_SEATS: Statement = {
  name: 'seats_read_date',
  text: `
select s.seat_id, s.ticket_category_id, s.section_label_en, s.section_label_ar, s.row_id,
       s.row_label, s.is_table, s.seat_label, s.left_id, s.right_id, s.distance, s.blocked,
       case when s.booking_id is null then 'free'
            when b.status = 'pending' and b.expires_at <= $2 then 'lapsed'
            when b.status in ('expired', 'cancelled') then 'lapsed'
            else 'taken' end as holder
  from event_date_seats s
  left join bookings b on b.id = s.booking_id
 where s.event_date_id = $1
 order by s.row_id, s.position`,
};

export interface SeatRowRow {
  seat_id: string;
  ticket_category_id: number;
  section_label_en: string;
  section_label_ar: string;
  row_id: string;
  row_label: string;
  is_table: boolean;
  seat_label: string;
  left_id: string | null;
  right_id: string | null;
  distance: number;
  blocked: boolean;
  holder: 'free' | 'lapsed' | 'taken';
}

/**
 * The seats become the booking's, only if every one is still free and not blocked: otherwise
 * nothing matches for some seat and the division by zero aborts the transaction (the COMMIT
 * queued behind it rolls back). $1 slot, $2 booking, $3 seat ids, $4 how many.
 */
export const CLAIM_SEATS: Statement = {
  name: 'seats_claim',
  text: `
with claimed as (
  update event_date_seats set booking_id = $2
   where event_date_id = $1 and seat_id = any($3::text[])
     and booking_id is null and not blocked
  returning 1)
select 1 / (count(*) = $4::int)::int as claimed from claimed`,
};
