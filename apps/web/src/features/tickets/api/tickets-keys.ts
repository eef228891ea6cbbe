export const ticketsKeys = {
  /** Everything the reader's tickets show; a refund makes all of it stale. */
  all: () => ['tickets'] as const,
  reservedEvents: () => ['tickets', 'reserved-events'] as const,
  eventTickets: (eventId: number) => ['tickets', 'event', eventId] as const,
  ticket: (ticketId: number) => ['tickets', 'one', ticketId] as const,
  cancellation: (eventId: number) => ['tickets', 'cancellation', eventId] as const,
};
