import { queryOptions, useQuery } from '@tanstack/react-query';
import type { EventDetail } from '@hafla/shared/events/discovery';
import { apiClient } from '../../../lib/api-client';
import { eventKeys } from './get-events';

// Mirrors DbIdParam without importing zod: anything else cannot name an event.
const MAX_EVENT_ID = 2_147_483_647;

/** The event id in a path, or null when the path cannot name one. */
export function parseEventId(value: string | null | undefined): number | null {
  if (!value || !/^\d{1,10}$/.test(value)) return null;
  const id = Number(value);
  return id >= 1 && id <= MAX_EVENT_ID ? id : null;
}

export function getEvent(id: number, signal?: AbortSignal): Promise<EventDetail> {
  return apiClient.get<EventDetail>(`/api/v1/events_read/${id}`, { signal });
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
