import { addDays, weekdayOf } from '@hafla/shared/common/zoned-time';
import { slotInstants } from './zoned-time';

export interface BulkPattern {
  start_date: string;
  end_date: string;
  /** 0 = Sunday … 6 = Saturday */
  days_of_week: number[];
  times: { start: string; end: string }[];
}

export interface BulkPreview {
  /** Slots the pattern describes. */
  total: number;
  /** Of those, slots the API will create: not started yet and not already there. */
  creatable: number;
  past: number;
  existing: number;
}

/** Guards the preview against a typo like year 2206; the API refuses far fewer slots anyway. */
const MAX_DAYS = 3700;

/**
 * What POST /event_dates/bulk/ will do with a pattern, worked out the way the API does it: every
 * listed weekday from the first day to the last inclusive, one slot per time, in the event's
 * zone; slots that start in the past or that already exist are skipped.
 */
export function previewBulkDates(
  pattern: BulkPattern,
  timeZone: string,
  existingStarts: readonly string[],
  now: Date = new Date(),
): BulkPreview {
  const preview: BulkPreview = { total: 0, creatable: 0, past: 0, existing: 0 };
  if (pattern.end_date < pattern.start_date || pattern.times.length === 0) return preview;
  const weekdays = new Set(pattern.days_of_week);
  const taken = new Set(existingStarts.map((iso) => new Date(iso).getTime()));
  const nowMs = now.getTime();
  let day = pattern.start_date;
  for (let count = 0; day <= pattern.end_date && count < MAX_DAYS; count += 1) {
    if (weekdays.has(weekdayOf(day))) {
      for (const time of pattern.times) {
        const startMs = new Date(slotInstants(day, time.start, time.end, timeZone).start).getTime();
        preview.total += 1;
        if (startMs <= nowMs) preview.past += 1;
        else if (taken.has(startMs)) preview.existing += 1;
        else preview.creatable += 1;
      }
    }
    day = addDays(day, 1);
  }
  return preview;
}
