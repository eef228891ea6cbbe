import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TicketCategory } from '@hafla/shared/ticket-categories/ticket-categories';
import type { Page } from '@hafla/shared/common/pagination';
import { apiClient } from '../../../lib/api-client';
import { organizerEventKeys } from './query-keys';

/** An event has a handful of categories; one page of 100 holds them all. */
const ALL = { limit: 100, offset: 0 };

export function getTicketCategories(
  eventId: number,
  signal?: AbortSignal,
): Promise<Page<TicketCategory>> {
  return apiClient.get<Page<TicketCategory>>('/api/v1/ticket_categories/', {
    query: { event: eventId, ...ALL },
    signal,
  });
}

export function ticketCategoriesQueryOptions(eventId: number) {
  return queryOptions({
    queryKey: [...organizerEventKeys.event(eventId), 'ticket-categories'],
    queryFn: ({ signal }) => getTicketCategories(eventId, signal),
    staleTime: 0,
  });
}

export function useTicketCategories(eventId: number) {
  return useQuery(ticketCategoriesQueryOptions(eventId));
}
