export const EVENT_STEPS = ['details', 'dates', 'tickets', 'promo-codes', 'review'] as const;
export type EventStep = (typeof EVENT_STEPS)[number];

export function isEventStep(value: string | null): value is EventStep {
  return (EVENT_STEPS as readonly (string | null)[]).includes(value);
}

export function stepNumber(step: EventStep): number {
  return EVENT_STEPS.indexOf(step) + 1;
}

export function nextStep(step: EventStep): EventStep | null {
  return EVENT_STEPS[EVENT_STEPS.indexOf(step) + 1] ?? null;
}

export function previousStep(step: EventStep): EventStep | null {
  const index = EVENT_STEPS.indexOf(step);
  return index > 0 ? (EVENT_STEPS[index - 1] ?? null) : null;
}

export function editEventPath(eventId: number, step: EventStep = 'details'): string {
  return `/organizer/events/${eventId}/edit?step=${step}`;
}
