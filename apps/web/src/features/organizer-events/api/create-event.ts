import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Event, EventCreateRequest } from '@hafla/shared/events/events';
import { apiClient } from '../../../lib/api-client';
import { organizerEventQueryOptions } from './get-event';
import { organizerEventKeys } from './query-keys';

/** A new event starts as a draft. */
export function createEvent(body: Partial<EventCreateRequest>): Promise<Event> {
  return apiClient.request<Event>('/api/v1/events/', { method: 'POST', body });
}

export function useCreateEvent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createEvent,
    onSuccess: (event) => {
      queryClient.setQueryData(organizerEventQueryOptions(event.id).queryKey, event);
      void queryClient.invalidateQueries({ queryKey: organizerEventKeys.lists() });
    },
  });
}
