/**
 * "Add to calendar" links for a booked slot: Google Calendar's and Outlook's compose pages
 * (no account of ours involved, nothing downloaded). Times are sent in UTC, so each calendar
 * shows the slot in its reader's zone. The web (booking confirmation, ticket page) and the
 * booking email build them from the same entry; the `.ics` file is the API's
 * (`/api/v1/tickets/{id}/calendar.ics`, `/api/v1/bookings/{id}/calendar.ics`).
 */
export interface CalendarLinkEntry {
  title: string;
  /** ISO instants (any offset). */
  start: string;
  end: string;
  /** The venue and its address, or the online link; empty when unknown. */
  location: string;
  description: string;
}

/** `20261205T160000Z`: the basic UTC form Google's `dates` takes. */
function basicUtc(iso: string): string {
  return new Date(iso)
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}Z$/, 'Z');
}

/** `2026-12-05T16:00:00Z`: Outlook's `startdt`/`enddt`. */
function extendedUtc(iso: string): string {
  return new Date(iso).toISOString().replace(/\.\d{3}Z$/, 'Z');
}

export function googleCalendarUrl(entry: CalendarLinkEntry): string {
  const url = new URL('https://calendar.google.com/calendar/render');
  url.searchParams.set('action', 'TEMPLATE');
  url.searchParams.set('text', entry.title);
  url.searchParams.set('dates', `${basicUtc(entry.start)}/${basicUtc(entry.end)}`);
  if (entry.description) url.searchParams.set('details', entry.description);
  if (entry.location) url.searchParams.set('location', entry.location);
  return url.toString();
}

export function outlookCalendarUrl(entry: CalendarLinkEntry): string {
  const url = new URL('https://outlook.live.com/calendar/0/deeplink/compose');
  url.searchParams.set('path', '/calendar/action/compose');
  url.searchParams.set('rru', 'addevent');
  url.searchParams.set('subject', entry.title);
  url.searchParams.set('startdt', extendedUtc(entry.start));
  url.searchParams.set('enddt', extendedUtc(entry.end));
  if (entry.description) url.searchParams.set('body', entry.description);
  if (entry.location) url.searchParams.set('location', entry.location);
  return url.toString();
}
