import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { RefundPreview, RefundRequest, RefundResult } from '@hafla/shared/bookings/payments';
import { apiClient } from '../../../lib/api-client';
import { ticketsKeys } from './tickets-keys';

export function checkRefund(body: RefundRequest, signal?: AbortSignal): Promise<RefundPreview> {
  return apiClient.request<RefundPreview>('/api/v1/payment/refund-check/', {
    method: 'POST',
    body,
    signal,
  });
}

/** Previews of what each request would refund, asked for in one go. */
export function useRefundPreviews(requests: readonly RefundRequest[], isEnabled: boolean) {
  return useQuery({
    queryKey: ticketsKeys.refundCheck(requests),
    queryFn: ({ signal }) => Promise.all(requests.map((request) => checkRefund(request, signal))),
    enabled: isEnabled && requests.length > 0,
    staleTime: 0,
  });
}

export function refund(body: RefundRequest, idempotencyKey: string): Promise<RefundResult> {
  return apiClient.request<RefundResult>('/api/v1/payment/refund/', {
    method: 'POST',
    body,
    headers: { 'Idempotency-Key': idempotencyKey },
  });
}

/** A fresh key per confirmation: a retried request is then answered once, never refunded twice. */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  // randomUUID exists only in secure contexts; build the same version-4 shape otherwise.
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = [...bytes].map((byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * Refunds each request (one per booking) with its own key of this confirmation, one after
 * another; answers the results. Every ticket view is refreshed afterwards, refunded or not.
 */
export function useRefund() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({
      requests,
      keys,
    }: {
      requests: readonly RefundRequest[];
      keys: readonly string[];
    }) => {
      const results: RefundResult[] = [];
      for (const [index, request] of requests.entries()) {
        results.push(await refund(request, keys[index]!));
      }
      return results;
    },
    // Not awaited: the dialog hears of the refund at once, the lists catch up behind it.
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: ticketsKeys.all() });
    },
  });
}
