import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
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

/**
 * An address that opens the seat step (`step=2` and a date) asks for the seat map beside the
 * event's details, not after them: the map's first paint waits for neither in turn. A date
 * without a seat map answers 404 to both, which nothing shows.
 */
export function usePrefetchSeatMap(eventId: number | null, eventDateId: number | null) {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (eventId === null || eventDateId === null) return;
    void queryClient.prefetchQuery(chartQuery(eventDateId));
    void queryClient.prefetchQuery(statusQuery(eventId, eventDateId));
  }, [queryClient, eventId, eventDateId]);
}
