/** The guest list of an event, or its scanner (the same page in scanner mode). */
export function guestListPath(eventId: number, mode?: 'scan'): string {
  return `/organizer/events/${eventId}/guestList${mode ? '?mode=scan' : ''}`;
}

export const SCAN_EVENTS_PATH = '/usher/events';
export const USHERS_PATH = '/organizer/ushers';
