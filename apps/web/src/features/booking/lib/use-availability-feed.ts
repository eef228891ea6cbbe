import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type {
  AVAILABILITY_CHANGED_EVENT as SharedChanged,
  AVAILABILITY_JOIN_EVENT as SharedJoin,
  AVAILABILITY_LEAVE_EVENT as SharedLeave,
  AvailabilityChanged,
} from '@hafla/shared/bookings/availability';
import type { EventBookingDetails } from '@hafla/shared/bookings/bookings';
import { readPublicRoom } from '../../../lib/public-rooms';
import { bookingKeys } from '../api/query-keys';
import { applyAvailability } from './availability';

// Mirrors the shared constants without importing zod into this chunk (as lib/realtime.ts does).
const AVAILABILITY_JOIN_EVENT: typeof SharedJoin = 'availability:join';
const AVAILABILITY_LEAVE_EVENT: typeof SharedLeave = 'availability:leave';
const AVAILABILITY_CHANGED_EVENT: typeof SharedChanged = 'availability:changed';

/**
 * Live availability (decision 0025): while the booking page is open it sits in its event's
 * room, and what is left (and whether a category is on sale) follows every sale, hold and
 * release within about a second, for every reader's copy of the details.
 */
export function useAvailabilityFeed(eventId: number) {
  const queryClient = useQueryClient();
  useEffect(() => {
    const queryKey = bookingKeys.eventDetailsAll(eventId);
    const readAgain = () => void queryClient.invalidateQueries({ queryKey });
    return readPublicRoom({
      join: AVAILABILITY_JOIN_EVENT,
      leave: AVAILABILITY_LEAVE_EVENT,
      request: { event: eventId },
      on: {
        [AVAILABILITY_CHANGED_EVENT]: (payload) => {
          const change = payload as Partial<AvailabilityChanged> | null;
          if (change?.event !== eventId || !Array.isArray(change.slots)) return;
          const slots = change.slots;
          let isStale = false;
          queryClient.setQueriesData<EventBookingDetails>({ queryKey }, (details) => {
            if (!details) return details;
            const applied = applyAvailability(details, slots);
            isStale ||= applied.isStale;
            return applied.details;
          });
          if (isStale) readAgain();
        },
      },
      onReconnect: readAgain,
    });
  }, [eventId, queryClient]);
}
