import { z } from 'zod';
import { SalesState } from './bookings';

/**
 * Live availability (issue 18, decision 0025): an open booking page sits in its event's room and
 * is told what is left in each slot still to start, at most once a second and only when it
 * changed. Anyone may join (the figures are the ones `event-details` shows everyone).
 */
export const availabilityRoomOf = (eventId: number): string => `availability:${eventId}`;
/** Client → server: join an event's availability room (`{ event }`), or leave it. */
export const AVAILABILITY_JOIN_EVENT = 'availability:join';
export const AVAILABILITY_LEAVE_EVENT = 'availability:leave';
/** Server → client: what is left in the event's slots (every slot and category, not a diff). */
export const AVAILABILITY_CHANGED_EVENT = 'availability:changed';

export const SlotAvailability = z.object({
  /** The slot (event date). */
  id: z.number().int(),
  ticket_categories: z.array(
    z.object({ id: z.number().int(), available: z.number().int(), sales_state: SalesState }),
  ),
});
export type SlotAvailability = z.infer<typeof SlotAvailability>;

export const AvailabilityChanged = z.object({
  event: z.number().int(),
  slots: z.array(SlotAvailability),
});
export type AvailabilityChanged = z.infer<typeof AvailabilityChanged>;
