import { useMutation } from '@tanstack/react-query';
import type { PromoCheckRequest, PromoCheckResult } from '@hafla/shared/bookings/bookings';
import { apiClient } from '../../../lib/api-client';

/** A preview of what a code takes off this order; nothing is applied yet. */
export function checkPromoCode(body: PromoCheckRequest): Promise<PromoCheckResult> {
  return apiClient.request<PromoCheckResult>('/api/v1/promo_codes/check/', {
    method: 'POST',
    body,
  });
}

export function useCheckPromoCode() {
  return useMutation({ mutationFn: checkPromoCode });
}
