import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  CheckInBatchRequest,
  CheckInBatchResponse,
  CheckInHistory,
  CheckInList,
  CheckInRequest,
  CheckInResponse,
  CheckInUndoResponse,
} from '@hafla/shared/door/check-ins';
import type {
  ApproveRejectRequest,
  ApproveRejectResponse,
  GuestList,
  GuestTicket,
  GuestTicketState,
} from '@hafla/shared/door/guest-list';
import { apiClient } from '../../../lib/api-client';
import { guestListKeyOf } from '../../../lib/realtime-refetch';
import { doorKeys } from './door-keys';

/** PRODUCT.md section 8: the guest list shows ten a page. */
export const GUEST_PAGE_SIZE = 10;
/** The CSV export reads the list in pages this long (the API's largest). */
const EXPORT_PAGE_SIZE = 1000;

export interface GuestListFilters {
  search?: string;
  event_date?: number;
  ticket_category?: number;
  state?: GuestTicketState;
  offset?: number;
}

/** The viewer's rights on the list; `role` is read when the API answers it. */
export type GuestListAnswer = GuestList & { role?: 'organizer' | 'supervisor' | 'steward' };

export function getGuestList(
  eventId: number,
  filters: GuestListFilters,
  limit = GUEST_PAGE_SIZE,
  signal?: AbortSignal,
) {
  return apiClient.get<GuestListAnswer>('/api/v1/tickets/', {
    query: {
      event: eventId,
      view: 'guest_list',
      limit,
      offset: filters.offset ?? 0,
      search: filters.search?.trim() || undefined,
      event_date: filters.event_date,
      ticket_category: filters.ticket_category,
      state: filters.state,
    },
    signal,
  });
}

export function useGuestList(eventId: number, filters: GuestListFilters) {
  return useQuery({
    queryKey: doorKeys.guestList(eventId, filters),
    queryFn: ({ signal }) => getGuestList(eventId, filters, GUEST_PAGE_SIZE, signal),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

/** Every ticket the filters match, page after page (the organizer's CSV export). */
export async function getAllGuests(
  eventId: number,
  filters: Omit<GuestListFilters, 'offset'>,
): Promise<GuestTicket[]> {
  const guests: GuestTicket[] = [];
  for (let offset = 0; ; offset += EXPORT_PAGE_SIZE) {
    const page = await getGuestList(eventId, { ...filters, offset }, EXPORT_PAGE_SIZE);
    guests.push(...page.results);
    if (!page.next || page.results.length === 0) return guests;
  }
}

export function useApproveReject(eventId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ ticketId, ...request }: ApproveRejectRequest & { ticketId: number }) =>
      apiClient.request<ApproveRejectResponse>(`/api/v1/tickets/${ticketId}/approve-reject/`, {
        method: 'PATCH',
        body: request,
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: guestListKeyOf(eventId) }),
  });
}

/**
 * Undoes a ticket's check-in (organizer or supervisor): the scan that checked it in now is its
 * newest `ok` scan (an undo, a new check-in or an earlier offline scan taking over each add a
 * newer entry), and the API refuses (`check_in_not_undoable`) if that is no longer so.
 */
export function useUndoCheckIn(eventId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ ticketId, device }: { ticketId: number; device: string }) => {
      const history = await apiClient.get<CheckInHistory>(`/api/v1/tickets/${ticketId}/check-ins/`);
      const current = history.results.findLast(
        (entry) => entry.kind === 'scan' && entry.result === 'ok',
      );
      if (!current) throw new NothingToUndo();
      return apiClient.request<CheckInUndoResponse>(`/api/v1/check-ins/${current.id}/undo/`, {
        method: 'POST',
        body: { device },
      });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: guestListKeyOf(eventId) }),
  });
}

/** The ticket's history has no check-in to undo (someone undid it meanwhile). */
export class NothingToUndo extends Error {
  override name = 'NothingToUndo';
}

export function postCheckIn(request: CheckInRequest) {
  return apiClient.request<CheckInResponse>('/api/v1/check-ins/', {
    method: 'POST',
    body: request,
  });
}

export function postCheckInBatch(request: CheckInBatchRequest) {
  return apiClient.request<CheckInBatchResponse>('/api/v1/check-ins/batch/', {
    method: 'POST',
    body: request,
  });
}

export function getCheckInList(eventId: number, since: string | undefined) {
  return apiClient.get<CheckInList>(`/api/v1/events/${eventId}/check-in-list/`, {
    query: { since },
  });
}
