import { describe, expect, it } from 'vitest';
import {
  BOOKING_STATUSES,
  BOOKING_TRANSITIONS,
  canMoveBooking,
  canMoveTicket,
  COUNTED_TICKET_STATES,
  ISSUED_TICKET_STATES,
  REFUNDABLE_TICKET_STATES,
  TICKET_STATUSES,
  TICKET_TRANSITIONS,
} from './states';

describe('booking and ticket states', () => {
  it('names a move for every state, and only to known states', () => {
    expect(Object.keys(BOOKING_TRANSITIONS).sort()).toEqual([...BOOKING_STATUSES].sort());
    expect(Object.keys(TICKET_TRANSITIONS).sort()).toEqual([...TICKET_STATUSES].sort());
    for (const targets of Object.values(TICKET_TRANSITIONS)) {
      for (const to of targets) expect(TICKET_STATUSES).toContain(to);
    }
  });

  it('lets a hold be paid, lapse and be taken again, and a paid booking only be refunded', () => {
    expect(canMoveBooking('pending', 'confirmed')).toBe(true);
    expect(canMoveBooking('expired', 'confirmed')).toBe(true);
    expect(canMoveBooking('confirmed', 'pending')).toBe(false);
    expect(canMoveBooking('refunded', 'confirmed')).toBe(false);
    expect(canMoveTicket('checked_in', 'valid')).toBe(true);
    expect(canMoveTicket('refunded', 'valid')).toBe(false);
  });

  it('keeps the groups nested: refundable tickets are issued, issued ones are counted', () => {
    for (const state of REFUNDABLE_TICKET_STATES) expect(ISSUED_TICKET_STATES).toContain(state);
    for (const state of ISSUED_TICKET_STATES) expect(COUNTED_TICKET_STATES).toContain(state);
  });
});
