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

/** Enough for every ticket a reader holds to one date (a booking is capped far below). */
const DATE_TICKETS_LIMIT = 1000;

/** Every ticket the reader holds to one date of the event: what cancelling that date covers. */
export function getDateTickets(eventId: number, eventDateId: number, signal?: AbortSignal) {
  return apiClient.get<TicketList>('/api/v1/tickets/', {
    query: { event: eventId, event_date: eventDateId, limit: DATE_TICKETS_LIMIT, offset: 0 },
    signal,
  });
}

export function useDateTickets(eventId: number, eventDateId: number) {
  return useQuery({
    queryKey: ticketsKeys.dateTickets(eventId, eventDateId),
    queryFn: ({ signal }) => getDateTickets(eventId, eventDateId, signal),
    // What is left to cancel changes with every refund: always ask again.
    staleTime: 0,
  });
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
