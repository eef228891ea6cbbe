import {
  keepPreviousData,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import type { AdminEvent, AdminEventList } from '@hafla/shared/admin/events';
import { apiClient } from '../../../lib/api-client';
import { adminKeys, queryOf, type TableQuery } from './admin-keys';

export interface EventsQuery extends TableQuery {
  status?: AdminEvent['status'];
}

export function getEvents(query: EventsQuery, signal?: AbortSignal) {
  return apiClient.get<AdminEventList>('/api/v1/admin/events/', {
    query: { ...queryOf(query), status: query.status },
    signal,
  });
}

export function eventsQueryOptions(query: EventsQuery) {
  return queryOptions({
    queryKey: [...adminKeys.events(), query],
    queryFn: ({ signal }) => getEvents(query, signal),
    staleTime: 0,
  });
}

export function useAdminEvents(query: EventsQuery) {
  return useQuery({ ...eventsQueryOptions(query), placeholderData: keepPreviousData });
}

export function useFeatureEvent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, featured }: { id: number; featured: boolean }) =>
      apiClient.request<AdminEvent>(`/api/v1/admin/events/${id}/`, {
        method: 'PATCH',
        body: { is_featured: featured },
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.events() }),
  });
}

export function useUnpublishEvent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, reason }: { id: number; reason: string }) =>
      apiClient.request<AdminEvent>(`/api/v1/admin/events/${id}/unpublish/`, {
        method: 'POST',
        body: { reason },
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.all }),
  });
}
