import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { AuditLogList, AuditTargetType } from '@hafla/shared/admin/audit-log';
import { apiClient } from '../../../lib/api-client';
import { adminKeys } from './admin-keys';

export interface AuditLogFilters {
  page: number;
  pageSize: number;
  action?: string;
  target_type?: AuditTargetType;
  target_id?: string;
  from?: string;
  to?: string;
}

export function getAuditLog({ page, pageSize, ...filters }: AuditLogFilters, signal?: AbortSignal) {
  return apiClient.get<AuditLogList>('/api/v1/admin/audit-log/', {
    query: { ...filters, limit: pageSize, offset: (page - 1) * pageSize },
    signal,
  });
}

export function auditLogQueryOptions(filters: AuditLogFilters) {
  return queryOptions({
    queryKey: [...adminKeys.auditLog(), filters],
    queryFn: ({ signal }) => getAuditLog(filters, signal),
    staleTime: 0,
  });
}

export function useAuditLog(filters: AuditLogFilters) {
  return useQuery({ ...auditLogQueryOptions(filters), placeholderData: keepPreviousData });
}
