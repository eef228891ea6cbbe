import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { TransactionKind, TransactionList } from '@hafla/shared/finance/transactions';
import { apiClient } from '../../../lib/api-client';
import { financeKeys } from './finance-keys';

export const TRANSACTIONS_PAGE_SIZE = 20;

export interface TransactionFilters {
  event?: number;
  kind?: TransactionKind;
  /** Calendar days `YYYY-MM-DD`, inclusive, read in `tz`. */
  from?: string;
  to?: string;
  tz?: string;
  offset: number;
}

export function getTransactions(
  filters: TransactionFilters,
  signal?: AbortSignal,
): Promise<TransactionList> {
  return apiClient.get<TransactionList>('/api/v1/transaction/', {
    query: {
      event: filters.event,
      kind: filters.kind,
      from: filters.from || undefined,
      to: filters.to || undefined,
      tz: filters.from || filters.to ? filters.tz : undefined,
      limit: TRANSACTIONS_PAGE_SIZE,
      offset: filters.offset,
    },
    signal,
  });
}

export function transactionsQueryOptions(filters: TransactionFilters) {
  return queryOptions({
    queryKey: [...financeKeys.transactions(), filters],
    queryFn: ({ signal }) => getTransactions(filters, signal),
    staleTime: 0,
  });
}

export function useTransactions(filters: TransactionFilters) {
  // Another page or filter keeps the last lines on screen instead of flashing a loader.
  return useQuery({ ...transactionsQueryOptions(filters), placeholderData: keepPreviousData });
}
