import { useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  TicketCategory,
  TicketCategoryCreateRequest,
  TicketCategoryUpdateRequest,
} from '@hafla/shared/ticket-categories/ticket-categories';
import { apiClient } from '../../../lib/api-client';
import { organizerEventKeys } from './query-keys';

export type SaveTicketCategoryInput =
  | { categoryId?: undefined; body: TicketCategoryCreateRequest }
  | { categoryId: number; body: TicketCategoryUpdateRequest };

/** POST /ticket/create/ for a new category (the seed's path), PATCH for an existing one. */
export function saveTicketCategory(input: SaveTicketCategoryInput): Promise<TicketCategory> {
  return input.categoryId === undefined
    ? apiClient.request<TicketCategory>('/api/v1/ticket/create/', {
        method: 'POST',
        body: input.body,
      })
    : apiClient.request<TicketCategory>(`/api/v1/ticket_categories/${input.categoryId}/`, {
        method: 'PATCH',
        body: input.body,
      });
}

/** Prices change the event's price range and counts: every view of the event refreshes. */
export function useSaveTicketCategory(eventId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveTicketCategory,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: organizerEventKeys.event(eventId) });
      void queryClient.invalidateQueries({ queryKey: organizerEventKeys.lists() });
    },
  });
}
