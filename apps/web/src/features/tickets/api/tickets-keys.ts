export const ticketsKeys = {
  /** Everything the reader's tickets show; a refund makes all of it stale. */
  all: () => ['tickets'] as const,
  reservedEvents: () => ['tickets', 'reserved-events'] as const,
  eventTickets: (eventId: number) => ['tickets', 'event', eventId] as const,
  ticket: (ticketId: number) => ['tickets', 'one', ticketId] as const,
  /**
   * Cancellation previews live outside `all()`: refreshing the tickets after a refund must not
   * refetch the previews of the dialog that is still confirming it.
   */
  refundCheck: (requests: readonly object[]) => ['refund-check', requests] as const,
  /** The tickets of one date a cancellation would look at (outside `all()`, as above). */
  dateTickets: (eventId: number, eventDateId: number) =>
    ['cancellable-tickets', eventId, eventDateId] as const,
};
