import { addDays, weekdayOf, zonedTimeToInstant } from '@hafla/shared/common/zoned-time';
import type { EventDateBulkRequest } from '@hafla/shared/event-dates/event-dates';

export type SlotPattern = Pick<
  EventDateBulkRequest,
  'start_date' | 'end_date' | 'days_of_week' | 'times'
>;

const DAY_MS = 86_400_000;
const dayNumber = (day: string) => Date.parse(`${day}T00:00:00Z`) / DAY_MS;

/** The listed times without repeats: two entries starting at the same minute are one slot. */
function distinctTimes(pattern: SlotPattern): SlotPattern['times'] {
  const seen = new Set<string>();
  return pattern.times.filter((time) => !seen.has(time.start) && Boolean(seen.add(time.start)));
}

/**
 * How many slots a pattern describes, counted without walking the range (a range of years must
 * not cost a loop before it is refused).
 */
export function countPatternSlots(pattern: SlotPattern): number {
  const days = dayNumber(pattern.end_date) - dayNumber(pattern.start_date) + 1;
  if (days <= 0) return 0;
  const weekdays = new Set(pattern.days_of_week);
  const firstWeekday = weekdayOf(pattern.start_date);
  let matchingDays = Math.floor(days / 7) * weekdays.size;
  for (let i = 0; i < days % 7; i += 1) {
    if (weekdays.has((firstWeekday + i) % 7)) matchingDays += 1;
  }
  return matchingDays * distinctTimes(pattern).length;
}

/**
 * The slots of a pattern as instants, read as wall-clock times in the event's zone, so a 19:00
 * show stays at 19:00 across a daylight-saving change. An end at or before its start is on the
 * next day. Call only after countPatternSlots has bounded the size.
 */
export function expandPattern(
  pattern: SlotPattern,
  timeZone: string,
): Array<{ start: Date; end: Date }> {
  const weekdays = new Set(pattern.days_of_week);
  const times = distinctTimes(pattern);
  const slots: Array<{ start: Date; end: Date }> = [];
  for (let day = pattern.start_date; day <= pattern.end_date; day = addDays(day, 1)) {
    if (!weekdays.has(weekdayOf(day))) continue;
    for (const time of times) {
      const endDay = time.end <= time.start ? addDays(day, 1) : day;
      slots.push({
        start: zonedTimeToInstant(day, time.start, timeZone),
        end: zonedTimeToInstant(endDay, time.end, timeZone),
      });
    }
  }
  return slots;
}
