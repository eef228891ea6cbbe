/** Every booking query sits under one root, so a change can refresh the whole flow at once. */
export const bookingKeys = {
  all: ['booking'] as const,
  booking: (bookingId: number) => [...bookingKeys.all, 'booking', bookingId] as const,
  /** What changes with any hold on an event: what is left, and the reader's own bookings. */
  event: (eventId: number) => [...bookingKeys.all, 'event', eventId] as const,
  /** What is left, for every reader (the availability feed updates them all). */
  eventDetailsAll: (eventId: number) => [...bookingKeys.event(eventId), 'details'] as const,
  /** What is left depends on who asks (their allowance): one entry per reader, or anonymous. */
  eventDetails: (eventId: number, viewer: string | null) =>
    [...bookingKeys.eventDetailsAll(eventId), viewer] as const,
  eventBookings: (eventId: number) => [...bookingKeys.event(eventId), 'bookings'] as const,
  /** A date's seat statuses and counters (kept live by the seat room). */
  seatMap: (eventId: number, eventDateId: number) =>
    [...bookingKeys.event(eventId), 'seats', eventDateId] as const,
  /** The chart version a date pins: not the event's (holds never change it). */
  seatChart: (eventDateId: number) => [...bookingKeys.all, 'seat-chart', eventDateId] as const,
};
