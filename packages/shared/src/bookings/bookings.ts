import { z } from 'zod';
import { DbId, DbIdParam } from '../common/ids';
import { PaginationQuery, paginated } from '../common/pagination';
import { Instant } from '../common/time';
import { EventStatus, RefundPolicy } from '../events/events';
import { EventSummary, TimeSlot } from '../events/discovery';
import { PromoCodeText } from '../promo-codes/promo-codes';
import { BOOKING_STATUSES, TICKET_STATUSES } from './states';

/** Most ticket lines in one order, and most tickets of one category in it. */
export const MAX_BOOKING_LINES = 20;
export const MAX_LINE_QUANTITY = 100;

export const BookingStatus = z.enum(BOOKING_STATUSES);
export type BookingStatus = z.infer<typeof BookingStatus>;

export const TicketStatus = z.enum(TICKET_STATUSES);
export type TicketStatus = z.infer<typeof TicketStatus>;

/** Why a ticket category cannot be bought right now (`on_sale` when it can). */
export const SalesState = z.enum(['on_sale', 'not_started', 'ended', 'sold_out']);
export type SalesState = z.infer<typeof SalesState>;

export const BookingTicketCategory = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  price: z.number().int(),
  min_per_order: z.number().int(),
  max_per_order: z.number().int(),
  sales_start: Instant.nullable(),
  sales_end: Instant.nullable(),
  /** Tickets left in this slot: quantity − sold − live holds. */
  available: z.number().int(),
  sales_state: SalesState,
  /** Sold by seat in this slot (book it with `seats`, from the seat map). */
  seated: z.boolean(),
});
export type BookingTicketCategory = z.infer<typeof BookingTicketCategory>;

export const BookingPeriod = TimeSlot.extend({
  ticket_categories: z.array(BookingTicketCategory),
  /**
   * Tickets the reader may still take in this slot: the event's per-order maximum less what
   * they already hold or bought for it (the maximum itself when anonymous).
   */
  remaining_allowance: z.number().int(),
  /** The slot has a seat map (GET /api/v1/event_dates/{id}/seats/). */
  has_seat_map: z.boolean(),
});
export type BookingPeriod = z.infer<typeof BookingPeriod>;

export const BookingDay = z.object({
  /** `YYYY-MM-DD` in the event's time zone. */
  day: z.string(),
  periods: z.array(BookingPeriod),
});
export type BookingDay = z.infer<typeof BookingDay>;

/** GET /api/v1/events/{id}/event-details/ — what the booking screen needs. */
export const EventBookingDetails = z.object({
  event: EventSummary.extend({
    requires_approval: z.boolean(),
    max_tickets_per_order: z.number().int(),
    refund_policy: RefundPolicy,
  }),
  /** Slots still to start, grouped by day in the event's time zone. */
  days: z.array(BookingDay),
  hold_minutes: z.number().int(),
});
export type EventBookingDetails = z.infer<typeof EventBookingDetails>;

export const BookingItemRequest = z.strictObject({
  ticket_category: DbId,
  quantity: z.number().int().min(1).max(MAX_LINE_QUANTITY),
});

/** Most seats in one order (the event's per-order maximum is at most this too). */
export const MAX_BOOKING_SEATS = 100;

/** A seat of the slot's chart, by its chart id (`SeatChart` seat `id`). */
export const SeatId = z
  .string()
  .min(1)
  .max(40)
  .regex(/^[A-Za-z0-9_.:-]+$/);

/**
 * POST /api/v1/tickets/book/ — prices never come from the client (unknown fields are refused).
 * `items` are counted tickets of unseated categories, `seats` the chosen seats of seated ones
 * (each seat is one ticket of the category its chart maps it to); one order may mix both.
 */
export const BookRequest = z
  .strictObject({
    event: DbId,
    event_date: DbId,
    items: z.array(BookingItemRequest).max(MAX_BOOKING_LINES).default([]),
    seats: z.array(SeatId).max(MAX_BOOKING_SEATS).optional(),
    promo_code: PromoCodeText.nullable().optional(),
  })
  .superRefine((request, context) => {
    if (request.items.length === 0 && (request.seats?.length ?? 0) === 0) {
      context.addIssue({
        code: 'too_small',
        origin: 'array',
        minimum: 1,
        inclusive: true,
        path: ['items'],
        message: 'an order needs items or seats',
      });
    }
    const seen = new Set<string>();
    request.seats?.forEach((seat, index) => {
      if (seen.has(seat)) {
        context.addIssue({
          code: 'custom',
          path: ['seats', index],
          message: 'a seat is named twice',
          params: { code: 'duplicate_seat' },
        });
      }
      seen.add(seat);
    });
  });
export type BookRequest = z.infer<typeof BookRequest>;

/** PATCH /api/v1/bookings/{id}/ — apply or remove a promo code while the booking is pending. */
export const BookingUpdateRequest = z.strictObject({
  promo_code: PromoCodeText.nullable(),
});
export type BookingUpdateRequest = z.infer<typeof BookingUpdateRequest>;

/** POST /api/v1/promo_codes/check/ */
export const PromoCheckRequest = z.strictObject({
  event: DbId,
  code: PromoCodeText,
  items: z.array(BookingItemRequest).min(1).max(MAX_BOOKING_LINES),
});
export type PromoCheckRequest = z.infer<typeof PromoCheckRequest>;

export const PromoCheckResult = z.object({
  code: z.string(),
  discount_type: z.enum(['percentage', 'fixed']),
  value: z.number().int(),
  /** Categories of the order it applies to. */
  ticket_categories: z.array(z.number().int()),
  subtotal: z.number().int(),
  discount: z.number().int(),
  fees: z.number().int(),
  total: z.number().int(),
  currency: z.string(),
});
export type PromoCheckResult = z.infer<typeof PromoCheckResult>;

export const BookingItem = z.object({
  ticket_category: z.number().int(),
  name: z.string(),
  quantity: z.number().int(),
  unit_price: z.number().int(),
  /** Discount on this line, spread over its tickets. */
  discount: z.number().int(),
});

/** A ticket's seat, as printed: section (in both languages), row or table, seat. */
export const TicketSeat = z.object({
  id: z.string(),
  section_en: z.string(),
  section_ar: z.string(),
  row: z.string(),
  seat: z.string(),
});
export type TicketSeat = z.infer<typeof TicketSeat>;

export const BookingTicket = z.object({
  id: z.number().int(),
  ticket_category: z.number().int(),
  status: TicketStatus,
  holder_name: z.string(),
  holder_email: z.string(),
  holder_phone: z.string(),
  /** Null for an unseated category. */
  seat: TicketSeat.nullable(),
});
export type BookingTicket = z.infer<typeof BookingTicket>;

export const Booking = z.object({
  id: z.number().int(),
  status: BookingStatus,
  event: z.number().int(),
  event_title: z.string(),
  event_date: TimeSlot,
  timezone: z.string(),
  /** When an unpaid hold lapses; null once confirmed. */
  expires_at: Instant.nullable(),
  items: z.array(BookingItem),
  tickets: z.array(BookingTicket),
  promo_code: z.string().nullable(),
  subtotal: z.number().int(),
  discount: z.number().int(),
  fees: z.number().int(),
  total: z.number().int(),
  refunded_amount: z.number().int(),
  currency: z.string(),
  created_at: Instant,
  confirmed_at: Instant.nullable(),
});
export type Booking = z.infer<typeof Booking>;

export const BookingParams = z.object({ id: DbIdParam });

export const BookingListQuery = PaginationQuery.extend({ event: DbIdParam.optional() });
export const BookingList = paginated(Booking);

/** Attendee details of one ticket (PATCH /api/v1/tickets/{id}/). */
export const TicketUpdateRequest = z.strictObject({
  holder_name: z.string().trim().max(200).optional(),
  holder_email: z.union([z.literal(''), z.email().max(254)]).optional(),
  holder_phone: z
    .string()
    .trim()
    .max(32)
    .regex(/^[+0-9 ()-]*$/)
    .optional(),
});
export type TicketUpdateRequest = z.infer<typeof TicketUpdateRequest>;

/** A ticket as its holder sees it. */
/** Why money went back: the holder asked, the organizer cancelled the event or declined the ticket. */
export const TicketRefundReason = z.enum([
  'requested',
  'event_cancelled',
  'rejected',
  'hold_lapsed',
]);
export type TicketRefundReason = z.infer<typeof TicketRefundReason>;

/** The refund that gave a ticket back: one refund may cover several tickets of a booking. */
export const TicketRefund = z.object({
  id: z.number().int(),
  /** The whole refund, in `currency` (all its tickets together). */
  amount: z.number().int(),
  currency: z.string(),
  reason: TicketRefundReason,
  /** How many tickets this refund covered. */
  tickets: z.number().int(),
  created_at: Instant,
});
export type TicketRefund = z.infer<typeof TicketRefund>;

export const Ticket = BookingTicket.extend({
  booking: z.number().int(),
  event: z.object({
    id: z.number().int(),
    title: z.string(),
    /** `cancelled` once the organizer called the event off (its tickets are refunded). */
    status: EventStatus,
    cover: z.string().nullable(),
    timezone: z.string(),
    venue_name: z.string(),
    address: z.string(),
    is_online: z.boolean(),
    online_url: z.string().nullable(),
  }),
  event_date: TimeSlot,
  ticket_category_name: z.string(),
  /** What was paid for this ticket (price − discount), in `currency`. */
  price: z.number().int(),
  discount: z.number().int(),
  currency: z.string(),
  /** The signed code the QR image carries; checked at the door. */
  qr: z.string(),
  /** The code printed under the QR for typing at the door (`1234-ABCD-EFGH`). */
  short_code: z.string(),
  checked_in_at: Instant.nullable(),
  created_at: Instant,
  /** The refund that gave this ticket back, or null. */
  refund: TicketRefund.nullable(),
});
export type Ticket = z.infer<typeof Ticket>;

export const TicketList = paginated(Ticket);
export type TicketList = z.infer<typeof TicketList>;
export const TicketListQuery = PaginationQuery.extend({
  event: DbIdParam.optional(),
  /** Only the tickets to this slot (a booking belongs to one: cancelling is per slot). */
  event_date: DbIdParam.optional(),
});
export type TicketListQuery = z.infer<typeof TicketListQuery>;
export const TicketParams = z.object({ id: DbIdParam });

/** One slot of a reserved event: the reader's tickets to that date and time. */
export const ReservedDate = z.object({
  date: TimeSlot,
  /** Issued tickets to this slot. */
  tickets_count: z.number().int(),
  /** Tickets to this slot given back. */
  refunded_tickets_count: z.number().int(),
  /** What was refunded for this slot's bookings, in the event's `currency`. */
  refunded_amount: z.number().int(),
});
export type ReservedDate = z.infer<typeof ReservedDate>;

/** GET /api/v1/events_read/reserved-events/ — events the reader holds tickets for. */
export const ReservedEvent = EventSummary.extend({
  /** Issued tickets (valid, awaiting approval, checked in). */
  tickets_count: z.number().int(),
  /** Tickets given back (refunded, cancelled after paying, declined by the organizer). */
  refunded_tickets_count: z.number().int(),
  /** What was refunded for this event's tickets, in `currency`. */
  refunded_amount: z.number().int(),
  /** The reader's next slot with a ticket (or their last one when all are over). */
  booked_date: TimeSlot,
  /**
   * Every slot the reader holds (or held) tickets for, the earliest first, each with its own
   * counts: an attendee with tickets on two nights sees both.
   */
  dates: z.array(ReservedDate),
});
export type ReservedEvent = z.infer<typeof ReservedEvent>;
/**
 * Without `include` the events the reader holds issued tickets for (as before); with
 * `include=history` also those whose tickets were all given back: the order history.
 */
export const ReservedEventListQuery = PaginationQuery.extend({
  include: z.enum(['history']).optional(),
});
export type ReservedEventListQuery = z.infer<typeof ReservedEventListQuery>;
export const ReservedEventList = paginated(ReservedEvent);
export type ReservedEventList = z.infer<typeof ReservedEventList>;
