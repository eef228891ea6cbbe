import {
  keepPreviousData,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import type {
  AdminUser,
  AdminUserDetail,
  AdminUserList,
  RolesPatch,
} from '@hafla/shared/admin/users';
import { apiClient } from '../../../lib/api-client';
import { adminKeys, queryOf, type TableQuery } from './admin-keys';

export interface UsersQuery extends TableQuery {
  role?: 'attendee' | 'organizer' | 'admin';
}

export function getUsers(query: UsersQuery, signal?: AbortSignal) {
  return apiClient.get<AdminUserList>('/api/v1/admin/users/', {
    query: { ...queryOf(query), role: query.role },
    signal,
  });
}

export function usersQueryOptions(query: UsersQuery) {
  return queryOptions({
    queryKey: [...adminKeys.users(), query],
    queryFn: ({ signal }) => getUsers(query, signal),
    staleTime: 0,
  });
}

export function useUsers(query: UsersQuery) {
  return useQuery({ ...usersQueryOptions(query), placeholderData: keepPreviousData });
}

export function userQueryOptions(id: string) {
  return queryOptions({
    queryKey: adminKeys.user(id),
    queryFn: ({ signal }) =>
      apiClient.get<AdminUserDetail>(`/api/v1/admin/users/${id}/`, { signal }),
    staleTime: 0,
  });
}

export function useUser(id: string | null) {
  return useQuery({ ...userQueryOptions(id ?? ''), enabled: id !== null });
}

type UserAction =
  | { kind: 'suspend'; reason: string }
  | { kind: 'reinstate' }
  | { kind: 'roles'; roles: RolesPatch };

export function useChangeUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, action }: { id: string; action: UserAction }) =>
      action.kind === 'roles'
        ? apiClient.request<AdminUser>(`/api/v1/admin/users/${id}/roles/`, {
            method: 'PATCH',
            body: action.roles,
          })
        : apiClient.request<AdminUser>(`/api/v1/admin/users/${id}/${action.kind}/`, {
            method: 'POST',
            body: action.kind === 'suspend' ? { reason: action.reason } : undefined,
          }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.users() }),
  });
}
