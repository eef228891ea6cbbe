import { useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  PromoCode,
  PromoCodeCreateRequest,
  PromoCodeReplaceRequest,
} from '@hafla/shared/promo-codes/promo-codes';
import { apiClient } from '../../../lib/api-client';
import { promoCodesQueryOptions } from './get-promo-codes';

export type SavePromoCodeInput =
  | { promoCodeId?: undefined; body: PromoCodeCreateRequest }
  | { promoCodeId: number; body: PromoCodeReplaceRequest };

/** POST a new code; PUT replaces every field of an existing one. */
export function savePromoCode(input: SavePromoCodeInput): Promise<PromoCode> {
  return input.promoCodeId === undefined
    ? apiClient.request<PromoCode>('/api/v1/promo_codes/', { method: 'POST', body: input.body })
    : apiClient.request<PromoCode>(`/api/v1/promo_codes/${input.promoCodeId}/`, {
        method: 'PUT',
        body: input.body,
      });
}

export function useSavePromoCode(eventId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: savePromoCode,
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: promoCodesQueryOptions(eventId).queryKey }),
  });
}
