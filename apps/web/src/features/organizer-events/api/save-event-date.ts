import { useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  EventDate,
  EventDateCreateRequest,
  EventDateUpdateRequest,
} from '@hafla/shared/event-dates/event-dates';
import { apiClient } from '../../../lib/api-client';
import { organizerEventKeys } from './query-keys';

export type SaveEventDateInput =
  | { dateId?: undefined; body: EventDateCreateRequest }
  | { dateId: number; body: EventDateUpdateRequest };

/** Adds one time slot, or moves an existing one (PATCH). */
export function saveEventDate(input: SaveEventDateInput): Promise<EventDate> {
  return input.dateId === undefined
    ? apiClient.request<EventDate>('/api/v1/event_dates/', { method: 'POST', body: input.body })
    : apiClient.request<EventDate>(`/api/v1/event_dates/${input.dateId}/`, {
        method: 'PATCH',
        body: input.body,
      });
}

/** A slot changes the event's span and counts: every view of the event refreshes. */
export function useSaveEventDate(eventId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveEventDate,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: organizerEventKeys.event(eventId) });
      void queryClient.invalidateQueries({ queryKey: organizerEventKeys.lists() });
    },
  });
}
