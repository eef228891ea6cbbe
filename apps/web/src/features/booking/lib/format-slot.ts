import type { TimeSlot } from '@hafla/shared/events/discovery';
import { formatDateTime, formatSlotTimes } from '../../../lib/format';

/** "Fri, May 3, 2030" */
export function formatSlotDay(iso: string, timeZone: string, language: string): string {
  return formatDateTime(iso, timeZone, language, {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
  });
}

/** "Fri, May 3, 2030 · 7:00 PM – 9:00 PM" */
export function formatSlot(slot: TimeSlot, timeZone: string, language: string): string {
  return `${formatSlotDay(slot.start, timeZone, language)} · ${formatSlotTimes(slot, timeZone, language)}`;
}
