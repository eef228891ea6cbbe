import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Home } from '@hafla/shared/events/home';
import { apiClient } from '../../../lib/api-client';
import { takeFirstAnswer } from '../../../lib/first-answer';

const HOME_PATH = '/api/v1/home';

/**
 * The home page's sections in their configured order, with their events. Asked without a
 * location: the "near you" row is filled from the events list once the reader shares one.
 * Hearts and follow buttons read the reader's own wishlist and follows, so one answer serves
 * a visitor and a signed-in reader alike.
 */
export function getHome(signal?: AbortSignal): Promise<Home> {
  // The home page's HTML brings the first answer with it (decision 0024).
  const first = takeFirstAnswer<Home>(HOME_PATH);
  if (first) return Promise.resolve(first);
  return apiClient.get<Home>(HOME_PATH, { signal });
}

export function homeQueryOptions() {
  return queryOptions({
    queryKey: ['home'],
    queryFn: ({ signal }) => getHome(signal),
    staleTime: 60_000,
  });
}

export function useHome() {
  return useQuery(homeQueryOptions());
}
