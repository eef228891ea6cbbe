import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  BOOKING_STATUSES,
  REFUNDABLE_TICKET_STATES,
  TICKET_STATUSES,
} from '@hafla/shared/bookings/states';
import { AppError } from '../../lib/app-error';
import { decideRefund, ticketStatusAfter, type RefundMode } from './refund-decision';

const HOUR = 3_600_000;

const ticket = fc
  .record({
    status: fc.constantFrom(...TICKET_STATUSES),
    price: fc.integer({ min: 0, max: 1_000_000 }),
    discountShare: fc.integer({ min: 0, max: 100 }),
  })
  .map(({ status, price, discountShare }) => ({
    status,
    price,
    discount: Math.floor((price * discountShare) / 100),
  }));

/** A booking's tickets, the policy, the time, and which tickets (if any) are asked for. */
const refundCase = fc
  .record({
    bookingStatus: fc.constantFrom(...BOOKING_STATUSES),
    eventStatus: fc.constantFrom('published', 'cancelled'),
    tickets: fc.array(ticket, { minLength: 0, maxLength: 8 }),
    pick: fc.option(fc.array(fc.nat({ max: 20 }), { maxLength: 5 }), { nil: undefined }),
    minutesBeforeStart: fc.integer({ min: -6_000, max: 30_000 }),
    refundableUntilHours: fc.integer({ min: 0, max: 240 }),
    refundPercentage: fc.oneof(fc.constantFrom(0, 100), fc.integer({ min: 0, max: 100 })),
    mode: fc.constantFrom<RefundMode>('requested', 'event_cancelled', 'rejected'),
  })
  .map((c) => {
    const now = new Date(Date.UTC(2030, 0, 1));
    const tickets = c.tickets.map((t, index) => ({ ...t, id: index + 1 }));
    return {
      bookingStatus: c.bookingStatus,
      eventStatus: c.eventStatus,
      tickets,
      // Ids past the booking's tickets stand for a foreign ticket.
      requested: c.pick ? [...new Set(c.pick.map((n) => n + 1))] : undefined,
      slotStart: new Date(now.getTime() + c.minutesBeforeStart * 60_000),
      refundableUntilHours: c.refundableUntilHours,
      refundPercentage: c.refundPercentage,
      mode: c.mode,
      now,
    };
  });

const paidOf = (tickets: Array<{ price: number; discount: number }>) =>
  tickets.reduce((sum, t) => sum + t.price - t.discount, 0);

const refundable = (status: string) =>
  (REFUNDABLE_TICKET_STATES as readonly string[]).includes(status);

/** The decision, or the field error it refused the request with. */
function decide(input: Parameters<typeof decideRefund>[0]) {
  try {
    return { decision: decideRefund(input) };
  } catch (error) {
    if (error instanceof AppError) return { error };
    throw error;
  }
}

describe('the refund decision', () => {
  it('never returns more than was paid for the chosen tickets, and nothing when refused', () => {
    fc.assert(
      fc.property(refundCase, (input) => {
        const { decision } = decide(input);
        if (!decision) return;
        const paid = paidOf(decision.tickets);
        expect(decision.amount).toBeGreaterThanOrEqual(0);
        expect(decision.amount).toBeLessThanOrEqual(paid);
        if (decision.reason !== null) expect(decision.amount).toBe(0);
        else expect(decision.tickets.length).toBeGreaterThan(0);
      }),
    );
  });

  it('chooses only refundable tickets of the booking, and only those asked for', () => {
    fc.assert(
      fc.property(refundCase, (input) => {
        const { decision } = decide(input);
        if (!decision) return;
        for (const chosen of decision.tickets) {
          expect(refundable(chosen.status)).toBe(true);
          expect(input.tickets).toContain(chosen);
          if (input.requested) expect(input.requested).toContain(chosen.id);
        }
        if (!input.requested) {
          expect(decision.tickets).toEqual(input.tickets.filter((t) => refundable(t.status)));
        }
      }),
    );
  });

  it('refuses a foreign or used ticket asked for with a field error on its index', () => {
    fc.assert(
      fc.property(refundCase, (input) => {
        const { error } = decide(input);
        const wrong = (input.requested ?? []).findIndex((id) => {
          const found = input.tickets.find((t) => t.id === id);
          return !found || !refundable(found.status);
        });
        if (wrong === -1) {
          expect(error).toBeUndefined();
          return;
        }
        expect(error?.attr).toBe(`tickets.${wrong}`);
        expect(['ticket_not_in_booking', 'ticket_not_refundable']).toContain(error?.code);
      }),
    );
  });

  it('gives everything back when the event is cancelled or a ticket rejected, whatever the policy', () => {
    fc.assert(
      fc.property(refundCase, (input) => {
        const { decision } = decide(input);
        if (!decision || input.mode === 'requested') return;
        expect(decision.percentage).toBe(100);
        if (decision.reason === null) expect(decision.amount).toBe(paidOf(decision.tickets));
        expect(['deadline_passed', 'not_refundable', 'event_cancelled']).not.toContain(
          decision.reason,
        );
      }),
    );
  });

  it('follows the policy for a buyer: the deadline, the percentage, an unpaid booking', () => {
    fc.assert(
      fc.property(refundCase, (input) => {
        const { decision } = decide(input);
        if (!decision) return;
        expect(decision.deadline.getTime()).toBe(
          input.slotStart.getTime() - input.refundableUntilHours * HOUR,
        );
        const wasPaid = ['confirmed', 'partially_refunded', 'refunded'].includes(
          input.bookingStatus,
        );
        if (!wasPaid) expect(decision.reason).toBe('not_paid');
        if (input.mode === 'requested' && wasPaid && decision.tickets.length > 0) {
          const late = input.now.getTime() > decision.deadline.getTime();
          if (input.eventStatus !== 'cancelled') {
            expect(decision.reason === 'deadline_passed').toBe(late);
            const free = paidOf(decision.tickets) === 0;
            if (!late) {
              expect(decision.reason).toBe(
                !free && input.refundPercentage === 0 ? 'not_refundable' : null,
              );
            }
          }
        }
        if (input.mode !== 'requested' || decision.reason !== null) return;
        expect(input.now.getTime()).toBeLessThanOrEqual(decision.deadline.getTime());
        expect(input.eventStatus).not.toBe('cancelled');
        expect(decision.percentage).toBe(input.refundPercentage);
      }),
      // The policy's corners (a 0 % refund, a slot just past its deadline) are a small share of cases.
      { numRuns: 3000 },
    );
  });

  it('is the same answer for the same data (nothing but its input decides)', () => {
    fc.assert(
      fc.property(refundCase, (input) => {
        expect(decide(input)).toEqual(decide(structuredClone(input)));
      }),
    );
  });

  it('still refunds at the deadline itself, and not a moment after', () => {
    const now = new Date(Date.UTC(2030, 0, 1));
    const input = {
      bookingStatus: 'confirmed',
      eventStatus: 'published',
      tickets: [{ id: 1, status: 'valid', price: 1000, discount: 0 }],
      requested: undefined,
      slotStart: new Date(now.getTime() + 24 * HOUR),
      refundableUntilHours: 24,
      refundPercentage: 50,
      mode: 'requested' as const,
      now,
    };
    expect(decideRefund(input)).toMatchObject({ reason: null, amount: 500 });
    const later = { ...input, now: new Date(now.getTime() + 1) };
    expect(decideRefund(later)).toMatchObject({ reason: 'deadline_passed', amount: 0 });
  });

  it('names what the given-back tickets become', () => {
    expect(ticketStatusAfter('rejected', 500)).toBe('rejected');
    expect(ticketStatusAfter('requested', 500)).toBe('refunded');
    expect(ticketStatusAfter('event_cancelled', 0)).toBe('cancelled');
  });
});
