import { queryOptions, useQuery } from '@tanstack/react-query';
import { EVENT_TYPES_PATH, WHOLE_LIST } from '@hafla/shared/catalog/catalog-lists';
import type { EventTypeList } from '@hafla/shared/catalog/event-types';
import { apiClient } from '../../../lib/api-client';

export interface GetEventTypesParams {
  limit?: number;
  offset?: number;
}

const ALL_EVENT_TYPES: Required<GetEventTypesParams> = WHOLE_LIST;

export function getEventTypes(
  params: GetEventTypesParams = ALL_EVENT_TYPES,
  signal?: AbortSignal,
): Promise<EventTypeList> {
  return apiClient.get<EventTypeList>(EVENT_TYPES_PATH, {
    query: { limit: params.limit, offset: params.offset },
    signal,
  });
}

export function eventTypesQueryOptions(params: GetEventTypesParams = ALL_EVENT_TYPES) {
  return queryOptions({
    queryKey: ['event-types', params],
    queryFn: ({ signal }) => getEventTypes(params, signal),
  });
}

export function useEventTypes(params?: GetEventTypesParams) {
  return useQuery(eventTypesQueryOptions(params));
}
