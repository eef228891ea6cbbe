import { createEvent } from 'ics';

/** What a calendar entry for a booked slot shows. */
export interface CalendarEntry {
  /** Stable for the booking, so importing the file again updates the entry, not duplicates it. */
  uid: string;
  title: string;
  start: Date;
  end: Date;
  /** The venue and its address, or the online link. */
  location: string;
  /** Where the tickets are in the web app. */
  url: string | null;
  description: string;
}

/**
 * An iCalendar file (RFC 5545) with one event, in UTC (every calendar shows it in its reader's
 * zone). Texts are escaped and long lines folded by the `ics` library.
 */
export function calendarFile(entry: CalendarEntry): string {
  const { error, value } = createEvent({
    uid: entry.uid,
    productId: 'hafla',
    method: 'PUBLISH',
    title: entry.title,
    description: entry.description,
    location: entry.location || undefined,
    url: entry.url ?? undefined,
    start: entry.start.getTime(),
    startInputType: 'utc',
    startOutputType: 'utc',
    end: entry.end.getTime(),
    endInputType: 'utc',
    endOutputType: 'utc',
    status: 'CONFIRMED',
    busyStatus: 'BUSY',
  });
  if (error || !value) throw error ?? new Error('no calendar file');
  return value;
}
