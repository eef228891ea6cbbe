import {
  keepPreviousData,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import type {
  UsherCreated,
  UsherCreateRequest,
  UsherEventList,
  UsherList,
} from '@hafla/shared/door/ushers';
import { apiClient } from '../../../lib/api-client';
import { doorKeys } from './door-keys';

export const USHERS_PAGE_SIZE = 20;
/** "Events I scan for" lists them all on one page; an usher rarely has more. */
export const USHER_EVENTS_LIMIT = 100;

export function getUshers(offset: number, signal?: AbortSignal) {
  return apiClient.get<UsherList>('/api/v1/ushers/', {
    query: { limit: USHERS_PAGE_SIZE, offset },
    signal,
  });
}

export function useUshers(offset: number) {
  return useQuery({
    queryKey: doorKeys.usherPage(offset),
    queryFn: ({ signal }) => getUshers(offset, signal),
    placeholderData: keepPreviousData,
  });
}

export function useInviteUsher() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: UsherCreateRequest) =>
      apiClient.request<UsherCreated>('/api/v1/ushers/', { method: 'POST', body: request }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: doorKeys.ushers() }),
  });
}

export function useRemoveUsher() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      apiClient.request<void>(`/api/v1/ushers/${id}/`, { method: 'DELETE' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: doorKeys.ushers() }),
  });
}

export function getUsherEvents(signal?: AbortSignal) {
  return apiClient.get<UsherEventList>('/api/v1/ushers/events/', {
    query: { limit: USHER_EVENTS_LIMIT, offset: 0 },
    signal,
  });
}

export function usherEventsQueryOptions() {
  return queryOptions({
    queryKey: doorKeys.usherEvents(),
    queryFn: ({ signal }) => getUsherEvents(signal),
  });
}

export function useUsherEvents(enabled = true) {
  return useQuery({ ...usherEventsQueryOptions(), enabled });
}
