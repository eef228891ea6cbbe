import { queryOptions, useQuery } from '@tanstack/react-query';
import type { EventDetail } from '@hafla/shared/events/discovery';
import { apiClient } from '../../../lib/api-client';
import { takeFirstAnswer } from '../../../lib/first-answer';
import { eventKeys } from './get-events';

// Mirrors DbIdParam without importing zod: anything else cannot name an event.
const MAX_EVENT_ID = 2_147_483_647;

/** The event id in a path, or null when the path cannot name one. */
export function parseEventId(value: string | null | undefined): number | null {
  if (!value || !/^\d{1,10}$/.test(value)) return null;
  const id = Number(value);
  return id >= 1 && id <= MAX_EVENT_ID ? id : null;
}

/**
 * The API counts the event's page views (the organizer's dashboard) when the app reads the
 * event. A page that took its first answer from its HTML did not read it, so it says it showed
 * the page with a HEAD of the same path once the browser is idle: the view is counted as before,
 * off the first paint's path.
 */
export function countPageView(path: string): void {
  const send = () => void fetch(path, { method: 'HEAD' }).catch(() => undefined);
  if (typeof window.requestIdleCallback === 'function') {
    window.requestIdleCallback(send, { timeout: 2_000 });
  } else {
    window.setTimeout(send, 0);
  }
}

export function getEvent(id: number, signal?: AbortSignal): Promise<EventDetail> {
  const path = `/api/v1/events_read/${id}`;
  // The event page's HTML brings its first answer with it (decision 0024).
  const first = takeFirstAnswer<EventDetail>(path);
  if (first) {
    countPageView(path);
    return Promise.resolve(first);
  }
  return apiClient.get<EventDetail>(path, { signal });
}

export function eventQueryOptions(id: number) {
  return queryOptions({
    queryKey: eventKeys.detail(id),
    queryFn: ({ signal }) => getEvent(id, signal),
    staleTime: 60_000,
  });
}

export function useEvent(id: number | null) {
  return useQuery({ ...eventQueryOptions(id ?? 0), enabled: id !== null });
}
