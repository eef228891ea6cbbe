import {
  infiniteQueryOptions,
  queryOptions,
  useInfiniteQuery,
  useQuery,
} from '@tanstack/react-query';
import type { Ticket, TicketList } from '@hafla/shared/bookings/bookings';
import { apiClient } from '../../../lib/api-client';
import { nextPageOffset } from '../../../lib/pagination';
import { ticketsKeys } from './tickets-keys';

/** The my-tickets page shows four at a time (PRODUCT.md sections 8 and 11). */
export const TICKETS_PAGE_SIZE = 4;

export function getEventTickets(eventId: number, offset: number, signal?: AbortSignal) {
  return apiClient.get<TicketList>('/api/v1/tickets/', {
    query: { event: eventId, limit: TICKETS_PAGE_SIZE, offset },
    signal,
  });
}

export function eventTicketsQueryOptions(eventId: number) {
  return infiniteQueryOptions({
    queryKey: ticketsKeys.eventTickets(eventId),
    queryFn: ({ pageParam, signal }) => getEventTickets(eventId, pageParam, signal),
    initialPageParam: 0,
    getNextPageParam: nextPageOffset,
  });
}

export function useEventTickets(eventId: number) {
  return useInfiniteQuery(eventTicketsQueryOptions(eventId));
}

export function getTicket(ticketId: number, signal?: AbortSignal) {
  return apiClient.get<Ticket>(`/api/v1/tickets/${ticketId}/`, { signal });
}

export function ticketQueryOptions(ticketId: number) {
  return queryOptions({
    queryKey: ticketsKeys.ticket(ticketId),
    queryFn: ({ signal }) => getTicket(ticketId, signal),
  });
}

export function useTicket(ticketId: number) {
  return useQuery(ticketQueryOptions(ticketId));
}

/** A positive integer id from the address, or null (the page then answers not found). */
export function parseId(value: string | undefined): number | null {
  if (!value || !/^[1-9]\d{0,9}$/.test(value)) return null;
  const id = Number(value);
  return id <= 2_147_483_647 ? id : null;
}
