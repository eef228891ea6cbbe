import { z } from 'zod';
import { DbIdParam } from '../common/ids';
import { PaginationQuery, paginated } from '../common/pagination';
import { Instant } from '../common/time';
import { TicketSeat } from '../bookings/bookings';
import { GUEST_TICKET_STATES } from '../bookings/states';
import { TimeSlot } from '../events/discovery';

export const GuestTicketState = z.enum(GUEST_TICKET_STATES);
export type GuestTicketState = z.infer<typeof GuestTicketState>;

export const GUEST_LIST_PAGE_SIZE = 10;
export const MAX_GUEST_SEARCH = 100;

/**
 * GET /api/v1/tickets/?event={id}&view=guest_list — the organizer's or an usher's view of an
 * event's tickets. `search` matches holder name, email, phone, booking reference (the booking
 * id), ticket id and short code; Arabic letter forms, diacritics and tatweel are folded.
 */
export const GuestListQuery = PaginationQuery.extend({
  event: DbIdParam,
  view: z.literal('guest_list'),
  search: z.string().trim().max(MAX_GUEST_SEARCH).optional(),
  event_date: DbIdParam.optional(),
  ticket_category: DbIdParam.optional(),
  state: GuestTicketState.optional(),
});
export type GuestListQuery = z.input<typeof GuestListQuery>;

/** Who checked a ticket in. */
export const CheckedInBy = z.object({
  id: z.uuid(),
  name: z.string(),
});
export type CheckedInBy = z.infer<typeof CheckedInBy>;

export const TicketCategoryRef = z.object({ id: z.number().int(), name: z.string() });
export type TicketCategoryRef = z.infer<typeof TicketCategoryRef>;

/** One row of the guest list. */
export const GuestTicket = z.object({
  id: z.number().int(),
  /** The code printed under the QR (`1234-ABCD-EFGH`); the QR payload itself is only the holder's. */
  short_code: z.string(),
  /** The holder's name (the buyer's when the ticket was not named). */
  holder_name: z.string(),
  holder_email: z.string(),
  holder_phone: z.string(),
  /** The booking reference: the booking's id. */
  booking: z.number().int(),
  ticket_category: TicketCategoryRef,
  event_date: TimeSlot,
  state: GuestTicketState,
  checked_in_at: Instant.nullable(),
  checked_in_by: CheckedInBy.nullable(),
  /** Section, row and seat of a seated ticket (null: unseated). */
  seat: TicketSeat.nullable(),
});
export type GuestTicket = z.infer<typeof GuestTicket>;

export const GuestListCounts = z.object({
  /** Tickets in the list's event (and `event_date` when given), whatever the other filters. */
  total: z.number().int(),
  checked_in: z.number().int(),
  pending_approval: z.number().int(),
});
export type GuestListCounts = z.infer<typeof GuestListCounts>;

export const GuestList = paginated(GuestTicket).extend({
  /** True for the event's organizer, false for its ushers. */
  is_organizer: z.boolean(),
  counts: GuestListCounts,
});
export type GuestList = z.infer<typeof GuestList>;

/** PATCH /api/v1/tickets/{id}/approve-reject/ (organizer or supervisor). */
export const ApproveRejectRequest = z.strictObject({
  action: z.enum(['approve', 'reject']),
  reason: z.string().trim().max(500).optional(),
});
export type ApproveRejectRequest = z.infer<typeof ApproveRejectRequest>;

/** The answer: the ticket as the guest list shows it now. */
export const ApproveRejectResponse = GuestTicket;
export type ApproveRejectResponse = z.infer<typeof ApproveRejectResponse>;
