/**
 * The small catalog lists (categories, event types) as the web app reads them — whole, in one
 * page — and as the API sends them inside the events list's page (decision 0026): both make
 * their paths here, so the answer in the page is the one the app would have asked for. No zod:
 * the web app's entry chunk imports it.
 */

/** A handful of rows each: one page of 100 holds them all. */
export const WHOLE_LIST = { limit: 100, offset: 0 } as const;

export const CATEGORIES_PATH = '/api/v1/categories/';
export const EVENT_TYPES_PATH = '/api/v1/event_types/';

/** GET path of the whole list at `path`, its parameters in the order the web app sends them. */
export const wholeListPath = (path: string): string =>
  `${path}?limit=${WHOLE_LIST.limit}&offset=${WHOLE_LIST.offset}`;
