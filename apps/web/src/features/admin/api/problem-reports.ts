import {
  keepPreviousData,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import type {
  AdminProblemReport,
  AdminProblemReportList,
  ProblemReportStatus,
} from '@hafla/shared/admin/problem-reports';
import { apiClient } from '../../../lib/api-client';
import { adminKeys, queryOf, type TableQuery } from './admin-keys';

export interface ReportsQuery extends TableQuery {
  status?: ProblemReportStatus;
}

export function getReports(query: ReportsQuery, signal?: AbortSignal) {
  return apiClient.get<AdminProblemReportList>('/api/v1/admin/problem-reports/', {
    query: { ...queryOf(query), status: query.status },
    signal,
  });
}

export function reportsQueryOptions(query: ReportsQuery) {
  return queryOptions({
    queryKey: [...adminKeys.reports(), query],
    queryFn: ({ signal }) => getReports(query, signal),
    staleTime: 0,
  });
}

export function useReports(query: ReportsQuery) {
  return useQuery({ ...reportsQueryOptions(query), placeholderData: keepPreviousData });
}

export interface ReportChange {
  status?: ProblemReportStatus;
  assignee?: string | null;
  note: string;
}

export function useUpdateReport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, change }: { id: number; change: ReportChange }) =>
      apiClient.request<AdminProblemReport>(`/api/v1/admin/problem-reports/${id}/`, {
        method: 'PATCH',
        body: change,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.all }),
  });
}
