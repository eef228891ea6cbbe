import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  Chart,
  ChartCreateRequest,
  ChartSummary,
  ChartUpdateRequest,
  ChartVersion,
} from '@hafla/shared/charts/charts';
import type { Page } from '@hafla/shared/common/pagination';
import { apiClient } from '../../../lib/api-client';
import { chartKeys } from './chart-keys';

/** An organizer keeps a handful of charts; one page of 100 holds them all. */
const ALL = { limit: 100, offset: 0 };

export function getCharts(signal?: AbortSignal): Promise<Page<ChartSummary>> {
  return apiClient.get<Page<ChartSummary>>('/api/v1/charts/', { query: ALL, signal });
}

export function chartsQueryOptions() {
  return queryOptions({
    queryKey: chartKeys.lists(),
    queryFn: ({ signal }) => getCharts(signal),
    staleTime: 0,
  });
}

export function useCharts() {
  return useQuery(chartsQueryOptions());
}

export function chartQueryOptions(chartId: number) {
  return queryOptions({
    queryKey: chartKeys.chart(chartId),
    queryFn: ({ signal }) => apiClient.get<Chart>(`/api/v1/charts/${chartId}`, { signal }),
    staleTime: 0,
  });
}

export function useChart(chartId: number) {
  return useQuery(chartQueryOptions(chartId));
}

/** A published version never changes: it is fetched once. */
export function chartVersionQueryOptions(chartId: number, version: number) {
  return queryOptions({
    queryKey: chartKeys.version(chartId, version),
    queryFn: ({ signal }) =>
      apiClient.get<ChartVersion>(`/api/v1/charts/${chartId}/versions/${version}/`, { signal }),
    staleTime: Infinity,
  });
}

export function useCreateChart() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ChartCreateRequest) =>
      apiClient.request<Chart>('/api/v1/charts/', { method: 'POST', body }),
    onSuccess: (chart) => {
      queryClient.setQueryData(chartQueryOptions(chart.id).queryKey, chart);
      void queryClient.invalidateQueries({ queryKey: chartKeys.lists() });
    },
  });
}

export function updateChart(chartId: number, body: ChartUpdateRequest): Promise<Chart> {
  return apiClient.request<Chart>(`/api/v1/charts/${chartId}/`, { method: 'PATCH', body });
}

/** Renaming from the list. (The designer's autosave calls `updateChart` itself.) */
export function useRenameChart() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ chartId, name }: { chartId: number; name: string }) =>
      updateChart(chartId, { name }),
    onSuccess: (chart) => {
      queryClient.setQueryData(chartQueryOptions(chart.id).queryKey, chart);
      void queryClient.invalidateQueries({ queryKey: chartKeys.lists() });
    },
  });
}

/** A chart an event date sells seats from is refused (409 `chart_in_use`). */
export function useDeleteChart() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (chartId: number) =>
      apiClient.request<void>(`/api/v1/charts/${chartId}/`, { method: 'DELETE' }),
    onSuccess: (_answer, chartId) => {
      queryClient.removeQueries({ queryKey: chartKeys.chart(chartId) });
      void queryClient.invalidateQueries({ queryKey: chartKeys.lists() });
    },
  });
}

/** Publishing answers every problem as a field error on `draft.<path>`. */
export function usePublishChart(chartId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      apiClient.request<Chart>(`/api/v1/charts/${chartId}/publish/`, { method: 'POST' }),
    onSuccess: (chart) => {
      queryClient.setQueryData(chartQueryOptions(chart.id).queryKey, chart);
      void queryClient.invalidateQueries({ queryKey: chartKeys.lists() });
    },
  });
}
