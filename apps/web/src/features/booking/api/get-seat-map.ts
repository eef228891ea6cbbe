import { useQuery } from '@tanstack/react-query';
import type { SeatMap } from '@hafla/shared/charts/seats';
import { apiClient } from '../../../lib/api-client';
import { bookingKeys } from './query-keys';

export function getSeatMap(eventDateId: number, signal?: AbortSignal): Promise<SeatMap> {
  return apiClient.get<SeatMap>(`/api/v1/event_dates/${eventDateId}/seats/`, { signal });
}

/** The date's pinned chart and every seat's status; the seat room keeps the statuses live. */
export function useSeatMap(eventId: number, eventDateId: number) {
  return useQuery({
    queryKey: bookingKeys.seatMap(eventId, eventDateId),
    queryFn: ({ signal }) => getSeatMap(eventDateId, signal),
    staleTime: 10_000,
  });
}
