import { useEffect, useRef } from 'react';
import type {
  SEATS_CHANGED_EVENT as SharedChanged,
  SEATS_JOIN_EVENT as SharedJoin,
  SEATS_LEAVE_EVENT as SharedLeave,
  SeatState,
} from '@hafla/shared/charts/seats';
import { readPublicRoom } from '../../../lib/public-rooms';

// Mirrors the shared constants without importing zod into this chunk (as lib/realtime.ts does).
const SEATS_JOIN_EVENT: typeof SharedJoin = 'seats:join';
const SEATS_LEAVE_EVENT: typeof SharedLeave = 'seats:leave';
const SEATS_CHANGED_EVENT: typeof SharedChanged = 'seats:changed';

export interface SeatFeedHandlers {
  /** Seats of the date changed (held, released, sold, blocked). */
  onChange: (seats: SeatState[]) => void;
  /** The socket came back after a break: changes may have been missed, read the map again. */
  onReconnect: () => void;
}

/**
 * Live seat status (decision 0020): while the map is open it sits in the date's seat room, and
 * leaves the room when it closes.
 */
export function useSeatFeed(eventDateId: number, handlers: SeatFeedHandlers) {
  const latest = useRef(handlers);
  useEffect(() => {
    latest.current = handlers;
  });
  useEffect(
    () =>
      readPublicRoom({
        join: SEATS_JOIN_EVENT,
        leave: SEATS_LEAVE_EVENT,
        request: { event_date: eventDateId },
        on: {
          [SEATS_CHANGED_EVENT]: (payload) => {
            const change = payload as { event_date?: unknown; seats?: unknown } | null;
            if (change?.event_date !== eventDateId || !Array.isArray(change.seats)) return;
            latest.current.onChange(change.seats as SeatState[]);
          },
        },
        onReconnect: () => latest.current.onReconnect(),
      }),
    [eventDateId],
  );
}
