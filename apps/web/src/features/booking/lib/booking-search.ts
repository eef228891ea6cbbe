/**
 * The booking flow's state lives in the address bar (`?day=…&period=…&tickets=…&booking=…&step=…`),
 * so a reload, a shared link or the sign-in detour comes back to the same choices and step.
 * Names follow the seed's store: currentStep, selectedDay, selectedPeriod, counters, booking.
 */
export const BOOKING_STEPS = [1, 2, 3, 4, 5, 6] as const;
export type BookingStep = (typeof BOOKING_STEPS)[number];

/** Ticket category id → how many of it. */
export type Counters = Readonly<Record<number, number>>;

export interface BookingSearch {
  currentStep: BookingStep | null;
  selectedDay: string | null;
  selectedPeriod: number | null;
  counters: Counters;
  booking: number | null;
}

const MAX_ID = 2_147_483_647;

function parseId(value: string | null): number | null {
  if (!value || !/^\d{1,10}$/.test(value)) return null;
  const id = Number(value);
  return id >= 1 && id <= MAX_ID ? id : null;
}

function parseStep(value: string | null): BookingStep | null {
  const step = Number(value);
  return (BOOKING_STEPS as readonly number[]).includes(step) ? (step as BookingStep) : null;
}

/** `1x2-3x1`: two of category 1, one of category 3 (nothing in it needs escaping). */
export function parseCounters(value: string | null): Counters {
  const counters: Record<number, number> = {};
  for (const part of value?.split('-') ?? []) {
    const match = /^(\d{1,10})x(\d{1,3})$/.exec(part);
    const id = parseId(match?.[1] ?? null);
    const quantity = Number(match?.[2]);
    if (id !== null && quantity > 0) counters[id] = quantity;
  }
  return counters;
}

export function formatCounters(counters: Counters): string {
  return Object.entries(counters)
    .filter(([, quantity]) => quantity > 0)
    .map(([id, quantity]) => `${id}x${quantity}`)
    .join('-');
}

export function parseBookingSearch(params: URLSearchParams): BookingSearch {
  const day = params.get('day');
  return {
    currentStep: parseStep(params.get('step')),
    selectedDay: day && /^\d{4}-\d{2}-\d{2}$/.test(day) ? day : null,
    selectedPeriod: parseId(params.get('period')),
    counters: parseCounters(params.get('tickets')),
    booking: parseId(params.get('booking')),
  };
}

/** The search string for a state: empty parts are left out, in a stable order. */
export function formatBookingSearch(search: BookingSearch): URLSearchParams {
  const params = new URLSearchParams();
  if (search.selectedDay) params.set('day', search.selectedDay);
  if (search.selectedPeriod !== null) params.set('period', String(search.selectedPeriod));
  const tickets = formatCounters(search.counters);
  if (tickets) params.set('tickets', tickets);
  if (search.booking !== null) params.set('booking', String(search.booking));
  if (search.currentStep !== null) params.set('step', String(search.currentStep));
  return params;
}

export function totalTickets(counters: Counters): number {
  return Object.values(counters).reduce((sum, quantity) => sum + quantity, 0);
}
