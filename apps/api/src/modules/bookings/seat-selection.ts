import type { TicketSeat } from '@hafla/shared/bookings/bookings';
import { checkSelection, ruleRowOf, type RuleRow } from '@hafla/shared/charts/seat-rules';
import { AppError, fieldError } from '../../lib/app-error';
import type { Line } from './inventory';
import type { SeatRowRow } from './seat-statements';

/**
 * Judging the seats of an order on the rows read under the slot's seat lock (decision 0020):
 * each seat must be the slot's, free and not blocked, and the selection must not strand a
 * single seat (the shared orphan rule, with its exception).
 */

/** A seat asked for is held by a hold that lapsed: release the slot's lapsed holds, try again. */
export class SeatsLapsed extends Error {
  constructor(
    /** The first such seat and its place in `seats`: `seat_taken` if it stays held. */
    readonly seat: string,
    readonly index: number,
  ) {
    super('seats_lapsed');
  }
}

export interface SeatPick {
  /** The seats asked for, in the order asked. */
  seats: SeatRowRow[];
  /** Tickets per category the seats make. */
  lines: Line[];
}

/** `seat_taken` naming the seat (`attr` is its place in `seats`). */
export const seatTaken = (seat: string, index: number) =>
  new AppError('seat_taken', { status: 409, attr: `seats.${index}`, params: { seat } });

/**
 * Rule rows of seat rows read in row order; a seat is free when no live hold or sale has it, it
 * is not blocked, and (for best available) it is of the category wanted.
 */
export function ruleRowsOf(
  rows: readonly SeatRowRow[],
  isWanted: (row: SeatRowRow) => boolean = () => true,
): RuleRow[] {
  const byRow = new Map<string, SeatRowRow[]>();
  for (const row of rows) {
    const list = byRow.get(row.row_id);
    if (list) list.push(row);
    else byRow.set(row.row_id, [row]);
  }
  return [...byRow].map(([id, seats]) =>
    ruleRowOf(
      id,
      seats.map((seat) => ({
        id: seat.seat_id,
        left: seat.left_id,
        right: seat.right_id,
        distance: seat.distance,
      })),
      seats[0]!.is_table,
      (seat) => {
        const found = seats.find((candidate) => candidate.seat_id === seat.id)!;
        return !found.blocked && found.holder !== 'taken' && isWanted(found);
      },
    ),
  );
}

/**
 * The seats asked for, judged: unknown (not a seat of this slot) → 400 `seat_not_found`; taken
 * or blocked → 409 `seat_taken`; held by a lapsed hold → `SeatsLapsed`; a selection that
 * strands a seat → 409 `orphan_seat` naming it.
 */
export function judgeSeats(asked: readonly string[], rows: readonly SeatRowRow[]): SeatPick {
  const byId = new Map(rows.map((row) => [row.seat_id, row]));
  const seats = asked.map((id, index) => {
    const seat = byId.get(id);
    if (!seat) throw fieldError('seat_not_found', `seats.${index}`, { seat: id });
    return seat;
  });
  seats.forEach((seat, index) => {
    if (seat.blocked || seat.holder === 'taken') throw seatTaken(seat.seat_id, index);
  });
  const lapsed = seats.findIndex((seat) => seat.holder === 'lapsed');
  if (lapsed !== -1) throw new SeatsLapsed(seats[lapsed]!.seat_id, lapsed);
  const verdict = checkSelection(ruleRowsOf(rows), asked);
  if (!verdict.ok) {
    throw new AppError('orphan_seat', {
      status: 409,
      attr: 'seats',
      params: { seat: verdict.seat, row: verdict.row },
    });
  }
  const counts = new Map<number, number>();
  for (const seat of seats) {
    counts.set(seat.ticket_category_id, (counts.get(seat.ticket_category_id) ?? 0) + 1);
  }
  return {
    seats,
    lines: [...counts].map(([ticket_category_id, quantity]) => ({ ticket_category_id, quantity })),
  };
}

/** A seat row as a ticket prints it. */
export const ticketSeatOf = (seat: SeatRowRow): TicketSeat => ({
  id: seat.seat_id,
  section_en: seat.section_label_en,
  section_ar: seat.section_label_ar,
  row: seat.row_label,
  seat: seat.seat_label,
});
