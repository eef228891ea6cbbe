/**
 * Booking and ticket states, their named groups and the moves between them: the one list the
 * API (TypeScript and SQL) and the web read. No zod here, so a page can import it cheaply; the
 * zod enums over these lists are in `bookings.ts`.
 */

export const BOOKING_STATUSES = [
  'pending',
  'confirmed',
  'partially_refunded',
  'refunded',
  'expired',
  'cancelled',
] as const;
export type BookingState = (typeof BOOKING_STATUSES)[number];

/**
 * `pending` waits for payment; `pending_approval` is paid and waits for the organizer (events
 * that need approval); `expired` is an unpaid hold that lapsed.
 */
export const TICKET_STATUSES = [
  'pending',
  'pending_approval',
  'valid',
  'rejected',
  'checked_in',
  'cancelled',
  'refunded',
  'expired',
] as const;
export type TicketState = (typeof TICKET_STATUSES)[number];

/** Bookings that were paid (whatever was refunded since). */
export const PAID_BOOKING_STATES = [
  'confirmed',
  'partially_refunded',
  'refunded',
] as const satisfies readonly BookingState[];

/** Paid bookings with money left to give back. */
export const REFUNDABLE_BOOKING_STATES = [
  'confirmed',
  'partially_refunded',
] as const satisfies readonly BookingState[];

/** Bookings whose money was given back, in part or whole. */
export const REFUNDED_BOOKING_STATES = [
  'partially_refunded',
  'refunded',
] as const satisfies readonly BookingState[];

/** Bookings a payment may still confirm: an open hold, or a lapsed one it takes again. */
export const PAYABLE_BOOKING_STATES = [
  'pending',
  'expired',
] as const satisfies readonly BookingState[];

/** Bookings whose tickets' holders may still be edited. */
export const EDITABLE_BOOKING_STATES = [
  'pending',
  'confirmed',
  'partially_refunded',
] as const satisfies readonly BookingState[];

/** Tickets that take a place in the inventory (held or sold): live inventory. */
export const COUNTED_TICKET_STATES = [
  'pending',
  'pending_approval',
  'valid',
  'checked_in',
] as const satisfies readonly TicketState[];

/** Paid tickets that let their holder in (or will, once approved): the holders of a slot. */
export const ISSUED_TICKET_STATES = [
  'valid',
  'pending_approval',
  'checked_in',
] as const satisfies readonly TicketState[];

/** Tickets the holder may still give back under the refund policy. */
export const REFUNDABLE_TICKET_STATES = [
  'valid',
  'pending_approval',
] as const satisfies readonly TicketState[];

/** Tickets whose holder went (or could go) in: they may rate the event once it is over. */
export const ATTENDED_TICKET_STATES = [
  'valid',
  'checked_in',
] as const satisfies readonly TicketState[];

/** Tickets whose holder details may still be edited. */
export const EDITABLE_TICKET_STATES = [
  'pending',
  'pending_approval',
  'valid',
] as const satisfies readonly TicketState[];

/** Tickets of a hold that was never paid. */
export const UNPAID_TICKET_STATES = [
  'pending',
  'expired',
] as const satisfies readonly TicketState[];

/** Tickets that were given up: by a refund or a release. */
export const RETURNED_TICKET_STATES = [
  'refunded',
  'cancelled',
] as const satisfies readonly TicketState[];

/**
 * Shown on the guest list: paid tickets and what became of them (unpaid holds and lapsed ones
 * are not guests), in the order the list's filter offers them.
 */
export const GUEST_TICKET_STATES = [
  'pending_approval',
  'valid',
  'checked_in',
  'rejected',
  'cancelled',
  'refunded',
] as const satisfies readonly TicketState[];
export type GuestTicketState = (typeof GUEST_TICKET_STATES)[number];

/** Where a booking may go from each state; the final states go nowhere. */
export const BOOKING_TRANSITIONS: Readonly<Record<BookingState, readonly BookingState[]>> = {
  pending: ['confirmed', 'expired', 'cancelled'],
  // A payment may take a lapsed hold again while its tickets are still free.
  expired: ['confirmed'],
  confirmed: ['partially_refunded', 'refunded'],
  partially_refunded: ['refunded'],
  refunded: [],
  cancelled: [],
};

/** Where a ticket may go from each state; the final states go nowhere. */
export const TICKET_TRANSITIONS: Readonly<Record<TicketState, readonly TicketState[]>> = {
  pending: ['valid', 'pending_approval', 'expired', 'cancelled'],
  // A payment that takes a lapsed hold again returns its tickets to `pending` first.
  expired: ['pending'],
  pending_approval: ['valid', 'rejected', 'refunded', 'cancelled'],
  valid: ['checked_in', 'refunded', 'cancelled'],
  // A check-in can be undone.
  checked_in: ['valid'],
  rejected: [],
  cancelled: [],
  refunded: [],
};

/** Whether `list` holds `state`, for a state typed as a plain string. */
export function isIn<T extends string>(list: readonly T[], state: string | null): state is T {
  return (list as readonly (string | null)[]).includes(state);
}

export const canMoveBooking = (from: BookingState, to: BookingState): boolean =>
  BOOKING_TRANSITIONS[from].includes(to);

export const canMoveTicket = (from: TicketState, to: TicketState): boolean =>
  TICKET_TRANSITIONS[from].includes(to);
