import { z } from 'zod';
import { Booking } from '../bookings/bookings';
import { DbId, DbIdParam } from '../common/ids';
import { CategoryKey, ChartElementId, SeatChart } from './chart-format';

/**
 * The seats of an event date with a chart (decision 0020): attaching a published chart version
 * to a date, the seat map's status and counters, blocking seats, best available, and the live
 * seat changes pushed to the map.
 */

/** PUT /api/v1/event_dates/{id}/chart/ — pin the chart's newest published version to the date. */
export const EventDateChartRequest = z.strictObject({
  chart: DbId,
  /** Every category of the chart → a ticket category of the date's event (it gives the price). */
  categories: z.record(CategoryKey, DbId),
});
export type EventDateChartRequest = z.infer<typeof EventDateChartRequest>;

/** A chart category as the date sells it. */
export const EventDateChartCategory = z.object({
  key: z.string(),
  ticket_category: z.number().int(),
  /** Seats of the category (or the capacity of its general-admission areas). */
  quantity: z.number().int(),
  /** Sold by seat (false: a general-admission area, booked with `items`). */
  seated: z.boolean(),
});
export type EventDateChartCategory = z.infer<typeof EventDateChartCategory>;

/** The chart a date sells its seats from. */
export const EventDateChart = z.object({
  event_date: z.number().int(),
  chart: z.number().int(),
  version: z.number().int(),
  seat_count: z.number().int(),
  categories: z.array(EventDateChartCategory),
});
export type EventDateChart = z.infer<typeof EventDateChart>;

/** A seat of a date, for everyone: never who holds it. */
export const SeatStatus = z.enum(['available', 'held', 'sold', 'blocked']);
export type SeatStatus = z.infer<typeof SeatStatus>;

export const SeatState = z.object({
  id: z.string(),
  status: SeatStatus,
});
export type SeatState = z.infer<typeof SeatState>;

/** `seatMapCounters`: seats of a category free now, of all its seats. */
export const SeatCounter = z.object({
  /** The chart category's key. */
  category: z.string(),
  ticket_category: z.number().int(),
  available: z.number().int(),
  total: z.number().int(),
});
export type SeatCounter = z.infer<typeof SeatCounter>;

/** GET /api/v1/event_dates/{id}/seats/ — the pinned chart and every seat's status. */
export const SeatMap = z.object({
  event_date: z.number().int(),
  chart: z.number().int(),
  version: z.number().int(),
  /** The pinned version, as published. */
  seat_chart: SeatChart,
  seats: z.array(SeatState),
  counters: z.array(SeatCounter),
  /** Chart category key → ticket category id. */
  categories: z.record(z.string(), z.number().int()),
});
export type SeatMap = z.infer<typeof SeatMap>;

/**
 * GET /api/v1/event_dates/{id}/seats/chart/ — the chart version a date pins, alone: the same for
 * every date that pins it and never changed, so it is cached by its version (a strong ETag naming
 * it; a matching If-None-Match answers 304 without a byte of the chart).
 */
export const SeatMapChart = z.object({
  chart: z.number().int(),
  version: z.number().int(),
  /** The version's own id: the live part (`SeatMapStatus`) names the one it follows. */
  chart_version: z.number().int(),
  seat_chart: SeatChart,
});
export type SeatMapChart = z.infer<typeof SeatMapChart>;

/**
 * GET /api/v1/event_dates/{id}/seats/status/ — the live part of a date's seat map, compact: every
 * seat's status as one letter (`a` available, `h` held, `s` sold, `b` blocked) in the chart's seat
 * order (`seatsInChartOrder` of `charts/seat-codes`), the counters and the category mapping.
 */
export const SeatMapStatus = z.object({
  event_date: z.number().int(),
  chart: z.number().int(),
  version: z.number().int(),
  /** The chart version the letters follow (`SeatMapChart.chart_version`). */
  chart_version: z.number().int(),
  statuses: z.string().regex(/^[ahsb]*$/),
  counters: z.array(SeatCounter),
  /** Chart category key → ticket category id. */
  categories: z.record(z.string(), z.number().int()),
});
export type SeatMapStatus = z.infer<typeof SeatMapStatus>;

export const MAX_BLOCKED_AT_ONCE = 1000;

/** POST /api/v1/event_dates/{id}/seats/block/ — the organizer blocks or unblocks seats. */
export const SeatBlockRequest = z.strictObject({
  seats: z.array(ChartElementId).min(1).max(MAX_BLOCKED_AT_ONCE),
  blocked: z.boolean(),
});
export type SeatBlockRequest = z.infer<typeof SeatBlockRequest>;

export const SeatBlockResult = z.object({
  seats: z.array(SeatState),
});
export type SeatBlockResult = z.infer<typeof SeatBlockResult>;

/** POST /api/v1/events/{id}/best-available/ — hold the best seats of one category. */
export const BestAvailableRequest = z.strictObject({
  event_date: DbId,
  ticket_category: DbId,
  quantity: z.number().int().min(1).max(100),
});
export type BestAvailableRequest = z.infer<typeof BestAvailableRequest>;

export const BestAvailableResult = z.object({
  /** All side by side in one row (false: the best split). */
  together: z.boolean(),
  booking: Booking,
});
export type BestAvailableResult = z.infer<typeof BestAvailableResult>;

/** The socket.io room of a date's seat map (anonymous sockets may join it, read-only). */
export const seatRoomOf = (eventDateId: number): string => `seats:${eventDateId}`;
/** Client → server: join a date's seat room (`{ event_date }`), or leave it. */
export const SEATS_JOIN_EVENT = 'seats:join';
export const SEATS_LEAVE_EVENT = 'seats:leave';
/** Server → client: seats of a date changed (held, released, sold, blocked). */
export const SEATS_CHANGED_EVENT = 'seats:changed';

export const SeatsChanged = z.object({
  event_date: z.number().int(),
  seats: z.array(SeatState),
});
export type SeatsChanged = z.infer<typeof SeatsChanged>;

export const EventDateChartParams = z.object({ id: DbIdParam });
