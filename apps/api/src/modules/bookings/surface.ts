/**
 * What bookings offers the payments module: reading a booking back, moving its tickets between
 * held, sold and free, and its promo code's use and price. Payments imports only this file (the
 * lint rule in eslint.config.js); everything else in bookings is its own.
 */
export {
  loadBooking,
  renderBooking,
  seatOf,
  type BookingItemRow,
  type BookingTicketRow,
} from './booking-views';
export {
  freeSeatsOf,
  pushFreed,
  releaseHolds,
  retake,
  sellHeld,
  ticketsHeldInSlot,
  unsell,
  type Line,
} from './inventory';
export type { SeatFeed } from './seat-feed';
export { checkPromoUsable, repriceBooking, takePromoUse } from './promo';
export { SEAT_LOCK_CLASS } from './seat-statements';
