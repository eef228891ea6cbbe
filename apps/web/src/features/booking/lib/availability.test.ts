import { describe, expect, it } from 'vitest';
import type { BookingPeriod, BookingTicketCategory } from '@hafla/shared/bookings/bookings';
import { bookingDetails, pendingBooking } from '../testing/fixtures';
import {
  applyAvailability,
  counterBounds,
  decrement,
  fitCounters,
  increment,
  periodRefusal,
  subtotalOf,
  withHoldReleased,
} from './availability';

function category(overrides: Partial<BookingTicketCategory> = {}): BookingTicketCategory {
  return {
    id: 1,
    name: 'Standard',
    description: '',
    price: 5000,
    min_per_order: 1,
    max_per_order: 6,
    sales_start: null,
    sales_end: null,
    available: 40,
    sales_state: 'on_sale',
    seated: false,
    ...overrides,
  };
}

function period(categories: BookingTicketCategory[], remaining_allowance = 10): BookingPeriod {
  return {
    id: 71,
    start: '2030-05-03T19:00:00+03:00',
    end: '2030-05-03T21:00:00+03:00',
    ticket_categories: categories,
    remaining_allowance,
    has_seat_map: false,
  };
}

describe('periodRefusal', () => {
  it('opens a period where some category is on sale and the reader may still buy', () => {
    expect(periodRefusal(period([category(), category({ id: 2, sales_state: 'sold_out' })]))).toBe(
      null,
    );
  });

  it('names the one reason every category shares, or says the reader reached their limit', () => {
    expect(periodRefusal(period([category({ sales_state: 'sold_out' })]))).toBe('sold_out');
    expect(periodRefusal(period([category({ sales_state: 'not_started' })]))).toBe('not_started');
    expect(periodRefusal(period([category({ sales_state: 'ended' })]))).toBe('ended');
    expect(
      periodRefusal(
        period([category({ sales_state: 'ended' }), category({ sales_state: 'sold_out' })]),
      ),
    ).toBe('not_on_sale');
    expect(periodRefusal(period([category()], 0))).toBe('limit_reached');
    expect(periodRefusal(period([]))).toBe('not_on_sale');
  });
});

describe('counterBounds', () => {
  it('takes the smallest of the per-order maximum, what is left and the allowance less other tickets', () => {
    const standard = category({ max_per_order: 6, available: 40 });
    const front = category({ id: 2, max_per_order: 4, available: 3 });
    const slot = period([standard, front], 5);

    expect(counterBounds(standard, slot, {})).toEqual({ min: 1, max: 5 });
    expect(counterBounds(front, slot, {})).toEqual({ min: 1, max: 3 });
    expect(counterBounds(standard, slot, { 2: 3 })).toEqual({ min: 1, max: 2 });
  });

  it('closes a category that is not on sale, or whose minimum no longer fits', () => {
    const slot = period([category()], 10);
    expect(counterBounds(category({ sales_state: 'sold_out' }), slot, {}).max).toBe(0);
    expect(counterBounds(category({ min_per_order: 4, available: 3 }), slot, {}).max).toBe(0);
  });
});

describe('increment and decrement', () => {
  const bounds = { min: 2, max: 4 };

  it('jumps between zero and the minimum, and stops at the maximum', () => {
    expect(increment(0, bounds)).toBe(2);
    expect(increment(3, bounds)).toBe(4);
    expect(increment(4, bounds)).toBe(4);
    expect(decrement(3, bounds)).toBe(2);
    expect(decrement(2, bounds)).toBe(0);
    expect(decrement(0, bounds)).toBe(0);
  });
});

describe('fitCounters', () => {
  it('brings counts down to what is left, drops what falls below a minimum and unknown categories', () => {
    const slot = period(
      [category({ available: 1 }), category({ id: 2, min_per_order: 2, available: 1 })],
      10,
    );
    expect(fitCounters(slot, { 1: 3, 2: 2, 99: 1 })).toEqual({ 1: 1 });
  });

  it('keeps the whole order within the allowance, in list order', () => {
    const slot = period([category(), category({ id: 2 })], 4);
    expect(fitCounters(slot, { 1: 3, 2: 3 })).toEqual({ 1: 3, 2: 1 });
  });
});

describe('subtotalOf', () => {
  it('adds price × count over the period’s categories', () => {
    const slot = period([category({ price: 5000 }), category({ id: 2, price: 12000 })]);
    expect(subtotalOf(slot, { 1: 2, 2: 1 })).toBe(22000);
  });
});

describe('applyAvailability', () => {
  const figures = (overrides: Record<number, Record<number, [number, string]>> = {}) =>
    bookingDetails.days.flatMap((day) =>
      day.periods.map((period) => ({
        id: period.id,
        ticket_categories: period.ticket_categories.map((category) => {
          const [available, sales_state] = overrides[period.id]?.[category.id] ?? [
            category.available,
            category.sales_state,
          ];
          return {
            id: category.id,
            available,
            sales_state: sales_state as BookingTicketCategory['sales_state'],
          };
        }),
      })),
    );

  it('keeps the very same details when nothing moved', () => {
    const applied = applyAvailability(bookingDetails, figures());
    expect(applied).toEqual({ details: bookingDetails, isStale: false });
    expect(applied.details).toBe(bookingDetails);
  });

  it('changes only the categories that moved, and says when one sold out or came back', () => {
    const { details, isStale } = applyAvailability(
      bookingDetails,
      figures({ 71: { 2: [0, 'sold_out'] }, 72: { 1: [4, 'on_sale'] } }),
    );
    expect(isStale).toBe(false);
    const [evening, lateShow] = details.days[0]!.periods;
    expect(evening!.ticket_categories[1]).toMatchObject({ available: 0, sales_state: 'sold_out' });
    expect(evening!.ticket_categories[0]).toBe(
      bookingDetails.days[0]!.periods[0]!.ticket_categories[0],
    );
    expect(lateShow!.ticket_categories[0]).toMatchObject({ available: 4, sales_state: 'on_sale' });
    // The other day did not move: the same object, so what shows it does not render again.
    expect(details.days[1]).toBe(bookingDetails.days[1]);
  });

  it('leaves a slot the feed no longer names (it started) and asks for a new read on news', () => {
    const started = figures().filter((slot) => slot.id !== 71);
    expect(applyAvailability(bookingDetails, started)).toEqual({
      details: bookingDetails,
      isStale: false,
    });
    const newSlot = [...figures(), { id: 99, ticket_categories: [] }];
    expect(applyAvailability(bookingDetails, newSlot).isStale).toBe(true);
    const newCategory = figures().map((slot) =>
      slot.id === 73
        ? {
            ...slot,
            ticket_categories: [
              ...slot.ticket_categories,
              { id: 9, available: 5, sales_state: 'on_sale' as const },
            ],
          }
        : slot,
    );
    expect(applyAvailability(bookingDetails, newCategory).isStale).toBe(true);
  });

  it('counts the reader’s own hold as theirs to choose again, on its date only', () => {
    const [day] = bookingDetails.days;
    const [evening, late] = day!.periods;
    const full = {
      ...bookingDetails,
      days: [
        {
          ...day!,
          periods: [
            {
              ...evening!,
              remaining_allowance: 0,
              ticket_categories: evening!.ticket_categories.map((category) =>
                category.id === 1
                  ? { ...category, available: 0, sales_state: 'sold_out' as const }
                  : category,
              ),
            },
            late!,
          ],
        },
      ],
    };
    expect(periodRefusal(full.days[0]!.periods[0]!)).toBe('limit_reached');

    const released = withHoldReleased(full, pendingBooking());
    const period = released.days[0]!.periods[0]!;
    expect(period.remaining_allowance).toBe(2);
    expect(period.ticket_categories[0]).toMatchObject({ available: 2, sales_state: 'on_sale' });
    expect(period.ticket_categories[1]).toBe(full.days[0]!.periods[0]!.ticket_categories[1]);
    expect(periodRefusal(period)).toBeNull();
    expect(released.days[0]!.periods[1]).toBe(late);
  });
});
