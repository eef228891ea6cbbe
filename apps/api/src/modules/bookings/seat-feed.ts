import type { SeatStatus } from '@hafla/shared/charts/seats';

/**
 * Where seat changes go once committed: the realtime plugin emits them to the slot's seat room
 * (`seats:<event_date_id>`) on every API process. A change never pushed loses nothing: the seat
 * map reads the seats again when its socket reconnects, and a hold that lapses is told by its
 * release (the sweep's, or the next hold's in that slot) — decision 0020.
 */
export interface SeatFeed {
  changed(eventDateId: number, seats: readonly string[], status: SeatStatus): void;
}
