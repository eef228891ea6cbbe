import type { BookRequest } from '@hafla/shared/bookings/bookings';
import { bestAvailable } from '@hafla/shared/charts/seat-rules';
import type { BestAvailableRequest, BestAvailableResult } from '@hafla/shared/charts/seats';
import { queryOnce } from '../../db/pipeline';
import { AppError, fieldError } from '../../lib/app-error';
import { book, type Buyer } from './hold';
import { ruleRowsOf } from './seat-selection';
import { READ_DATE_SEATS, type SeatRowRow } from './seat-statements';
import type { BookingsDeps } from './service';

/** Tries before giving up when other buyers keep taking the seats picked (each on a new read). */
const TRIES = 3;

/**
 * POST /events/{id}/best-available/ — holds the best `quantity` seats of a category: side by
 * side as near the focal point as possible without stranding a seat, else the best split (the
 * shared `bestAvailable`). The seats are picked on a read of the date's seats and held by the
 * booking transaction, which judges them again under the slot's seat lock: when another buyer
 * was quicker (`seat_taken`, `orphan_seat`), it picks again on a fresh read.
 */
export async function holdBestAvailable(
  deps: Pick<BookingsDeps, 'db' | 'now' | 'seats'>,
  user: Buyer,
  eventId: number,
  input: BestAvailableRequest,
): Promise<BestAvailableResult> {
  for (let attempt = 1; ; attempt++) {
    const rows = await queryOnce<SeatRowRow>(deps.db, READ_DATE_SEATS, [
      input.event_date,
      deps.now(),
    ]);
    const ofCategory = rows.filter((row) => row.ticket_category_id === input.ticket_category);
    if (ofCategory.length === 0) {
      throw fieldError('ticket_category_not_seated', 'ticket_category');
    }
    const free = ofCategory.filter((row) => !row.blocked && row.holder !== 'taken').length;
    const pick = bestAvailable(
      ruleRowsOf(rows, (row) => row.ticket_category_id === input.ticket_category),
      input.quantity,
    );
    if (!pick) {
      throw new AppError('sold_out', {
        status: 409,
        attr: 'quantity',
        params: { available: free },
      });
    }
    const order: BookRequest = {
      event: eventId,
      event_date: input.event_date,
      items: [],
      seats: pick.seats,
    };
    try {
      return { together: pick.together, booking: await book(deps, user, order) };
    } catch (error) {
      const code = error instanceof AppError ? error.code : null;
      if (attempt >= TRIES || (code !== 'seat_taken' && code !== 'orphan_seat')) throw error;
    }
  }
}
