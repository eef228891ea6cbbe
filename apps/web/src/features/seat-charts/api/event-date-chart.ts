import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { EventDateChart, EventDateChartRequest } from '@hafla/shared/charts/seats';
import { apiClient, isNotFoundError } from '../../../lib/api-client';
import { chartKeys } from './chart-keys';

/** The chart a date sells its seats from; null when it has none (the API's 404). */
export async function getEventDateChart(
  eventDateId: number,
  signal?: AbortSignal,
): Promise<EventDateChart | null> {
  try {
    return await apiClient.get<EventDateChart>(`/api/v1/event_dates/${eventDateId}/chart/`, {
      signal,
    });
  } catch (error) {
    if (isNotFoundError(error)) return null;
    throw error;
  }
}

export function eventDateChartQueryOptions(eventDateId: number) {
  return queryOptions({
    queryKey: chartKeys.dateChart(eventDateId),
    queryFn: ({ signal }) => getEventDateChart(eventDateId, signal),
    staleTime: 0,
  });
}

export function useEventDateChart(eventDateId: number, isEnabled = true) {
  return useQuery({ ...eventDateChartQueryOptions(eventDateId), enabled: isEnabled });
}

/** PUT pins the chart's newest published version; DELETE takes it off while no seat is sold. */
export function useAttachChart(eventDateId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: EventDateChartRequest) =>
      apiClient.request<EventDateChart>(`/api/v1/event_dates/${eventDateId}/chart/`, {
        method: 'PUT',
        body,
      }),
    onSuccess: (answer) => {
      queryClient.setQueryData(eventDateChartQueryOptions(eventDateId).queryKey, answer);
      void queryClient.invalidateQueries({ queryKey: chartKeys.lists() });
    },
  });
}

export function useDetachChart(eventDateId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      apiClient.request<void>(`/api/v1/event_dates/${eventDateId}/chart/`, { method: 'DELETE' }),
    onSuccess: () => {
      queryClient.setQueryData(eventDateChartQueryOptions(eventDateId).queryKey, null);
      void queryClient.invalidateQueries({ queryKey: chartKeys.lists() });
    },
  });
}
