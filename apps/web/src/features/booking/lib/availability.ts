import type { SlotAvailability } from '@hafla/shared/bookings/availability';
import type {
  Booking,
  BookingDay,
  BookingPeriod,
  BookingTicketCategory,
  EventBookingDetails,
} from '@hafla/shared/bookings/bookings';
import type { Counters } from './booking-search';
import { totalTickets } from './booking-search';

/** Why a period cannot be booked, or null when it can. */
export type PeriodRefusal = 'sold_out' | 'not_started' | 'ended' | 'not_on_sale' | 'limit_reached';

export function periodRefusal(period: BookingPeriod): PeriodRefusal | null {
  const states = period.ticket_categories.map((category) => category.sales_state);
  if (states.includes('on_sale')) return period.remaining_allowance > 0 ? null : 'limit_reached';
  if (states.length === 0) return 'not_on_sale';
  if (states.every((state) => state === 'sold_out')) return 'sold_out';
  if (states.every((state) => state === 'not_started')) return 'not_started';
  if (states.every((state) => state === 'ended')) return 'ended';
  // A mix (some sold out, the rest not yet on sale): nothing can be bought now.
  return 'not_on_sale';
}

export function isDayOpen(day: BookingDay): boolean {
  return day.periods.some((period) => periodRefusal(period) === null);
}

export interface CounterBounds {
  /** The lowest count above zero: the category's minimum per order. */
  min: number;
  /** The highest count this order can take now, counting the other categories' tickets. */
  max: number;
}

/**
 * A counter stays between the category's minimum and the smallest of its maximum per order,
 * what is left, and the reader's allowance for the period less their other tickets in it.
 */
export function counterBounds(
  category: BookingTicketCategory,
  period: BookingPeriod,
  counters: Counters,
): CounterBounds {
  if (category.sales_state !== 'on_sale') return { min: category.min_per_order, max: 0 };
  const others = totalTickets(counters) - (counters[category.id] ?? 0);
  const max = Math.max(
    0,
    Math.min(category.max_per_order, category.available, period.remaining_allowance - others),
  );
  const min = Math.max(1, category.min_per_order);
  return { min, max: max < min ? 0 : max };
}

/** +1, or straight to the minimum from zero. */
export function increment(count: number, bounds: CounterBounds): number {
  const next = count === 0 ? bounds.min : count + 1;
  return next <= bounds.max ? next : count;
}

/** −1, or straight to zero from the minimum. */
export function decrement(count: number, bounds: CounterBounds): number {
  return count <= bounds.min ? 0 : count - 1;
}

/**
 * Only the period's categories, each within what it can take now (after availability changed,
 * say): counts above the bound come down to it, counts below the minimum go to zero.
 */
export function fitCounters(period: BookingPeriod, counters: Counters): Counters {
  const fitted: Record<number, number> = {};
  for (const category of period.ticket_categories) {
    const wanted = counters[category.id] ?? 0;
    if (wanted === 0) continue;
    const { min, max } = counterBounds(category, period, fitted);
    const count = Math.min(wanted, max);
    if (count >= min) fitted[category.id] = count;
  }
  return fitted;
}

/**
 * The details as they stand once the reader's own hold is released: its tickets back in what is
 * left and in their allowance for its date. Holding other tickets releases that hold first, so
 * choosing may count on them (a hold of the whole allowance leaves its date open to change).
 */
export function withHoldReleased(
  details: EventBookingDetails,
  booking: Booking,
): EventBookingDetails {
  const held = new Map(booking.items.map((item) => [item.ticket_category, item.quantity]));
  const total = booking.items.reduce((sum, item) => sum + item.quantity, 0);
  const release = (period: BookingPeriod): BookingPeriod =>
    period.id !== booking.event_date.id
      ? period
      : {
          ...period,
          remaining_allowance: period.remaining_allowance + total,
          ticket_categories: period.ticket_categories.map((category) => {
            const quantity = held.get(category.id) ?? 0;
            if (quantity === 0) return category;
            const available = category.available + quantity;
            return {
              ...category,
              available,
              sales_state: category.sales_state === 'sold_out' ? 'on_sale' : category.sales_state,
            };
          }),
        };
  return {
    ...details,
    days: details.days.map((day) => ({ ...day, periods: day.periods.map(release) })),
  };
}

export function subtotalOf(period: BookingPeriod, counters: Counters): number {
  return period.ticket_categories.reduce(
    (sum, category) => sum + category.price * (counters[category.id] ?? 0),
    0,
  );
}

/**
 * The details with what the availability feed says is left (decision 0025), the same objects
 * where nothing moved. `isStale`: the feed names a slot or category the details do not have (or
 * lacks one they have), so they are read again.
 */
export function applyAvailability(
  details: EventBookingDetails,
  slots: readonly SlotAvailability[],
): { details: EventBookingDetails; isStale: boolean } {
  const live = new Map(slots.map((slot) => [slot.id, slot]));
  const shown = new Set(details.days.flatMap((day) => day.periods.map((period) => period.id)));
  let isStale = slots.some((slot) => !shown.has(slot.id));
  const fresh = (period: BookingPeriod): BookingPeriod => {
    const slot = live.get(period.id);
    // A slot the feed no longer names has started: it leaves with the next read.
    if (!slot) return period;
    if (slot.ticket_categories.length !== period.ticket_categories.length) isStale = true;
    const byId = new Map(slot.ticket_categories.map((category) => [category.id, category]));
    let isChanged = false;
    const categories = period.ticket_categories.map((category) => {
      const now = byId.get(category.id);
      if (!now) {
        isStale = true;
        return category;
      }
      if (now.available === category.available && now.sales_state === category.sales_state) {
        return category;
      }
      isChanged = true;
      return { ...category, available: now.available, sales_state: now.sales_state };
    });
    return isChanged ? { ...period, ticket_categories: categories } : period;
  };
  let isChanged = false;
  const days = details.days.map((day) => {
    const periods = day.periods.map(fresh);
    if (periods.every((period, index) => period === day.periods[index])) return day;
    isChanged = true;
    return { ...day, periods };
  });
  return { details: isChanged ? { ...details, days } : details, isStale };
}
