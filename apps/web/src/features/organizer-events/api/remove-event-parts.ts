import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Event } from '@hafla/shared/events/events';
import { apiClient } from '../../../lib/api-client';
import { organizerEventQueryOptions } from './get-event';
import { organizerEventKeys } from './query-keys';

/** What an organizer may delete while nothing was booked against it, and where it lives. */
export type EventPart = 'event_dates' | 'ticket_categories' | 'promo_codes';

/**
 * DELETE a time slot, ticket category or promo code of an event. The server refuses (409, with
 * what to do instead) once anything was booked against it; the event's views refresh either way.
 */
export function useDeleteEventPart(eventId: number, part: EventPart) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      apiClient.request<void>(`/api/v1/${part}/${id}/`, { method: 'DELETE' }),
    onSettled: async () => {
      await queryClient.invalidateQueries({ queryKey: organizerEventKeys.event(eventId) });
      void queryClient.invalidateQueries({ queryKey: organizerEventKeys.lists() });
    },
  });
}

/** DELETE a draft nobody booked. */
export function useDeleteEvent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (eventId: number) =>
      apiClient.request<void>(`/api/v1/events/${eventId}/`, { method: 'DELETE' }),
    onSuccess: (_answer, eventId) => {
      queryClient.removeQueries({ queryKey: organizerEventKeys.event(eventId) });
      void queryClient.invalidateQueries({ queryKey: organizerEventKeys.lists() });
    },
  });
}

/** POST …/duplicate/: a new draft with the event's details, ticket categories and promo codes. */
export function useDuplicateEvent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (eventId: number) =>
      apiClient.request<Event>(`/api/v1/events/${eventId}/duplicate/`, { method: 'POST' }),
    onSuccess: (copy) => {
      queryClient.setQueryData(organizerEventQueryOptions(copy.id).queryKey, copy);
      void queryClient.invalidateQueries({ queryKey: organizerEventKeys.lists() });
    },
  });
}
