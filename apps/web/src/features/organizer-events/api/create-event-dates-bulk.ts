import { useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  EventDateBulkRequest,
  EventDateBulkResult,
} from '@hafla/shared/event-dates/event-dates';
import { apiClient } from '../../../lib/api-client';
import { organizerEventKeys } from './query-keys';

/** A repeating pattern in the event's zone; past and existing slots are skipped and counted. */
export function createEventDatesBulk(body: EventDateBulkRequest): Promise<EventDateBulkResult> {
  return apiClient.request<EventDateBulkResult>('/api/v1/event_dates/bulk/', {
    method: 'POST',
    body,
  });
}

export function useCreateEventDatesBulk(eventId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createEventDatesBulk,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: organizerEventKeys.event(eventId) });
      void queryClient.invalidateQueries({ queryKey: organizerEventKeys.lists() });
    },
  });
}
