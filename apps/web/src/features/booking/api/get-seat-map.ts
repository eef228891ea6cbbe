import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import type { QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { EventBookingDetails } from '@hafla/shared/bookings/bookings';
import type { SeatMapChart, SeatMapStatus } from '@hafla/shared/charts/seats';
import { apiClient } from '../../../lib/api-client';
import { bookingKeys } from './query-keys';

/**
 * The pinned chart version alone (decision 0023): the same for every date pinning it and never
 * changed, so the browser keeps it and revalidates it by its ETag (304, no bytes).
 */
export function getSeatMapChart(eventDateId: number, signal?: AbortSignal): Promise<SeatMapChart> {
  return apiClient.get<SeatMapChart>(`/api/v1/event_dates/${eventDateId}/seats/chart/`, {
    signal,
  });
}

/** The live part: one status letter per seat in the chart's order, and the counters. */
export function getSeatMapStatus(
  eventDateId: number,
  signal?: AbortSignal,
): Promise<SeatMapStatus> {
  return apiClient.get<SeatMapStatus>(`/api/v1/event_dates/${eventDateId}/seats/status/`, {
    signal,
  });
}

const chartQuery = (eventDateId: number) =>
  queryOptions({
    queryKey: bookingKeys.seatChart(eventDateId),
    queryFn: ({ signal }) => getSeatMapChart(eventDateId, signal),
    staleTime: Number.POSITIVE_INFINITY,
    // A version is read whole or not at all: comparing 20,000 seats with the last read is waste.
    structuralSharing: false,
  });

const statusQuery = (eventId: number, eventDateId: number) =>
  queryOptions({
    queryKey: bookingKeys.seatMap(eventId, eventDateId),
    queryFn: ({ signal }) => getSeatMapStatus(eventDateId, signal),
    staleTime: 10_000,
    structuralSharing: false,
  });

/** The date's pinned chart, read once per version (both parts are asked for at once). */
export function useSeatMapChart(eventDateId: number) {
  return useQuery(chartQuery(eventDateId));
}

/** Every seat's status now; the seat room keeps it live. */
export function useSeatMapStatus(eventId: number, eventDateId: number) {
  return useQuery(statusQuery(eventId, eventDateId));
}

/** Whether the event's details, as any reader already read them, give the date a seat map. */
function isKnownSeatMapDate(queryClient: QueryClient, eventId: number, eventDateId: number) {
  return queryClient
    .getQueriesData<EventBookingDetails>({ queryKey: bookingKeys.eventDetailsAll(eventId) })
    .some(([, details]) =>
      details?.days.some((day) =>
        day.periods.some((period) => period.id === eventDateId && period.has_seat_map),
      ),
    );
}

/**
 * An address that opens the seat step (`step=2` and a date) asks for the seat map beside the
 * event's details, not after them, when details already read say the date has one: back from
 * signing in, the visitor's details decide while the reader's own are read. Otherwise the seat
 * step asks once the details say so; a date without a map is never asked (it would answer 404).
 */
export function usePrefetchSeatMap(eventId: number | null, eventDateId: number | null) {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (eventId === null || eventDateId === null) return;
    if (!isKnownSeatMapDate(queryClient, eventId, eventDateId)) return;
    void queryClient.prefetchQuery(chartQuery(eventDateId));
    void queryClient.prefetchQuery(statusQuery(eventId, eventDateId));
  }, [queryClient, eventId, eventDateId]);
}
