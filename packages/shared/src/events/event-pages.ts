/**
 * Pages of the events list as the web app reads them ("Show more", 24 at a time) and as the API
 * sends the first one inside an organizer's page (decision 0026): both make its path here, so
 * the answer in the page is the one the app would have asked for. No zod: the web app's entry
 * chunk imports it.
 */

/** The web app's page of the events list (its filters in its query string). */
export const EVENTS_LIST_PAGE = '/events';

/** Divides by the 1, 2, 3 and 4 columns of the grid, so no row is left half full. */
export const EVENTS_PAGE_SIZE = 24;

/** An events list query without paging (PublicEventQuery's filters), as sent. */
export type EventListQuery = Record<string, string | number>;

/** GET path of one page of the list, its parameters in the order the web app sends them. */
export function eventsPagePath(
  query: EventListQuery,
  offset = 0,
  limit = EVENTS_PAGE_SIZE,
): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries({ ...query, limit, offset }))
    params.set(key, String(value));
  return `/api/v1/events_read/?${params.toString()}`;
}

/** An organizer's upcoming events, soonest first, on their public page. */
export const organizerEventsQuery = (organizerId: string): EventListQuery => ({
  organizer: organizerId,
  sort: 'soonest',
});
