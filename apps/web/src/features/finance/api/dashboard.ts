import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { SalesChart, SalesData, SalesPeriod } from '@hafla/shared/finance/dashboard';
import { apiClient } from '../../../lib/api-client';
import { financeKeys } from './finance-keys';

export interface DashboardFilters {
  /** One event's figures, or all the organizer's when absent. */
  event?: number;
  /** Calendar days `YYYY-MM-DD`, inclusive. */
  from: string;
  to: string;
  tz: string;
  currency?: string;
}

function dashboardPath(kind: 'sales-data' | 'sales-chart', event: number | undefined): string {
  return event === undefined ? `/api/v1/dashboard/${kind}/` : `/api/v1/dashboard/${kind}/${event}/`;
}

export function getSalesData(filters: DashboardFilters, signal?: AbortSignal) {
  return apiClient.get<SalesData>(dashboardPath('sales-data', filters.event), {
    query: { from: filters.from, to: filters.to, tz: filters.tz, currency: filters.currency },
    signal,
  });
}

export function getSalesChart(
  filters: DashboardFilters & { period: SalesPeriod },
  signal?: AbortSignal,
) {
  return apiClient.get<SalesChart>(dashboardPath('sales-chart', filters.event), {
    query: {
      period: filters.period,
      from: filters.from,
      to: filters.to,
      tz: filters.tz,
      currency: filters.currency,
    },
    signal,
  });
}

export function salesDataQueryOptions(filters: DashboardFilters) {
  return queryOptions({
    queryKey: [...financeKeys.dashboard(), 'data', filters],
    queryFn: ({ signal }) => getSalesData(filters, signal),
    staleTime: 0,
  });
}

export function salesChartQueryOptions(filters: DashboardFilters & { period: SalesPeriod }) {
  return queryOptions({
    queryKey: [...financeKeys.dashboard(), 'chart', filters],
    queryFn: ({ signal }) => getSalesChart(filters, signal),
    staleTime: 0,
  });
}

export function useSalesData(filters: DashboardFilters) {
  return useQuery({ ...salesDataQueryOptions(filters), placeholderData: keepPreviousData });
}

export function useSalesChart(filters: DashboardFilters & { period: SalesPeriod }) {
  return useQuery({ ...salesChartQueryOptions(filters), placeholderData: keepPreviousData });
}
