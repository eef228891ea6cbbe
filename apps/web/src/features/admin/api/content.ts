import {
  keepPreviousData,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import type {
  AdminCategory,
  AdminEventType,
  AdminFaqEntry,
  AdminPage,
  ContentKind,
} from '@hafla/shared/admin/content';
import type { Page } from '@hafla/shared/common/pagination';
import { apiClient } from '../../../lib/api-client';
import { adminKeys, queryOf, type TableQuery } from './admin-keys';

export type ContentItem = AdminCategory | AdminEventType | AdminFaqEntry | AdminPage;

const pathOf = (kind: ContentKind) => `/api/v1/admin/${kind}/`;

export function getContent(
  kind: ContentKind,
  query: TableQuery,
  signal?: AbortSignal,
): Promise<Page<ContentItem>> {
  return apiClient.get<Page<ContentItem>>(pathOf(kind), { query: queryOf(query), signal });
}

export function contentQueryOptions(kind: ContentKind, query: TableQuery) {
  return queryOptions({
    queryKey: [...adminKeys.content(kind), query],
    queryFn: ({ signal }) => getContent(kind, query, signal),
    staleTime: 0,
  });
}

export function useContent(kind: ContentKind, query: TableQuery) {
  return useQuery({ ...contentQueryOptions(kind, query), placeholderData: keepPreviousData });
}

/** Create (no id), edit (id), delete (`remove`), reorder: each refreshes the kind's lists. */
export function useSaveContent(kind: ContentKind) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id?: number; body: Record<string, unknown> }) =>
      apiClient.request<ContentItem>(id === undefined ? pathOf(kind) : `${pathOf(kind)}${id}/`, {
        method: id === undefined ? 'POST' : 'PATCH',
        body,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.content(kind) }),
  });
}

export function useDeleteContent(kind: ContentKind) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      apiClient.request<null>(`${pathOf(kind)}${id}/`, { method: 'DELETE' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.content(kind) }),
  });
}

export function useReorderContent(kind: ContentKind) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (ids: number[]) =>
      apiClient.request<null>(`${pathOf(kind)}reorder/`, { method: 'PUT', body: { ids } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKeys.content(kind) }),
  });
}
