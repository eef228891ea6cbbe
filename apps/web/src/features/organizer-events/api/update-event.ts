import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Event, EventUpdateRequest } from '@hafla/shared/events/events';
import { apiClient } from '../../../lib/api-client';
import { organizerEventQueryOptions } from './get-event';
import { organizerEventKeys } from './query-keys';

export interface UpdateEventInput {
  eventId: number;
  /** Any subset of the fields; `status` publishes or cancels, `cover: null` removes the cover. */
  body: EventUpdateRequest;
}

export function updateEvent({ eventId, body }: UpdateEventInput): Promise<Event> {
  return apiClient.request<Event>(`/api/v1/events/${eventId}/`, { method: 'PATCH', body });
}

export function useUpdateEvent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateEvent,
    onSuccess: (event) => {
      queryClient.setQueryData(organizerEventQueryOptions(event.id).queryKey, event);
      void queryClient.invalidateQueries({ queryKey: organizerEventKeys.lists() });
      // Publishing counts toward the monthly limit.
      void queryClient.invalidateQueries({ queryKey: organizerEventKeys.publishedThisMonth() });
    },
  });
}
