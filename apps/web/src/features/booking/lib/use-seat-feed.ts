import { useEffect, useRef } from 'react';
import type { Socket } from 'socket.io-client';
import type {
  SEATS_CHANGED_EVENT as SharedChanged,
  SEATS_JOIN_EVENT as SharedJoin,
  SEATS_LEAVE_EVENT as SharedLeave,
  SeatState,
} from '@hafla/shared/charts/seats';

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
 * Live seat status (decision 0020): while the map is open it sits in the date's seat room on a
 * read-only anonymous socket of its own (signed in or not: the room tells no one's secrets, and
 * the reader's notification channel stays as it is), and leaves the room when it closes.
 */
export function useSeatFeed(eventDateId: number, handlers: SeatFeedHandlers) {
  const latest = useRef(handlers);
  useEffect(() => {
    latest.current = handlers;
  });
  useEffect(() => {
    let isClosed = false;
    let socket: Socket | null = null;
    let hasConnected = false;
    void import('socket.io-client').then(({ io }) => {
      if (isClosed) return;
      const client = io({
        path: '/socket.io/',
        auth: { anonymous: true },
        transports: ['websocket', 'polling'],
        tryAllTransports: true,
      });
      socket = client;
      client.on('connect', () => {
        client.emit(SEATS_JOIN_EVENT, { event_date: eventDateId });
        if (hasConnected) latest.current.onReconnect();
        hasConnected = true;
      });
      client.on(SEATS_CHANGED_EVENT, (payload: unknown) => {
        const change = payload as { event_date?: unknown; seats?: unknown } | null;
        if (change?.event_date !== eventDateId || !Array.isArray(change.seats)) return;
        latest.current.onChange(change.seats as SeatState[]);
      });
    });
    return () => {
      isClosed = true;
      if (socket?.connected) socket.emit(SEATS_LEAVE_EVENT, { event_date: eventDateId });
      socket?.disconnect();
      socket?.removeAllListeners();
    };
  }, [eventDateId]);
}
