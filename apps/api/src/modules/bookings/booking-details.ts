import type { BookingDay, EventBookingDetails } from '@hafla/shared/bookings/bookings';
import type { Language } from '@hafla/shared/common/i18n';
import { dayInZone, formatInZone } from '@hafla/shared/common/zoned-time';
import { and, asc, eq, gt } from 'drizzle-orm';
import { eventDates, events, ticketCategories } from '../../db/schema/events';
import { notFound } from '../../lib/app-error';
import { readPlatformSettings } from '../catalog/platform-settings';
import { loadEventSummaries } from '../discovery/event-summaries';
import { eventStatusOf } from '../events/ownership';
import { takenInEvent, ticketsHeldBySlot } from './inventory';
import { salesStateOf } from './order-rules';
import type { BookingsDeps } from './service';

/** The read model of booking: what an event offers, slot by slot, with live availability. */

/** GET /events/{id}/event-details/ — slots still to start, by day, with live availability. */
export async function getEventBookingDetails(
  deps: BookingsDeps,
  reader: { userId: string | null; language: Language },
  eventId: number,
): Promise<EventBookingDetails> {
  const now = deps.now();
  const [event] = await deps.db.select().from(events).where(eq(events.id, eventId));
  if (!event || event.status === 'draft') throw notFound();
  const [summary] = await loadEventSummaries(
    { db: deps.db, storage: deps.storage, language: reader.language, viewerId: reader.userId, now },
    [eventId],
  );
  if (!summary) throw notFound();

  const bookable = eventStatusOf(event, now) === 'published';
  const [slots, categories, taken, held] = await Promise.all([
    deps.db
      .select()
      .from(eventDates)
      .where(and(eq(eventDates.event_id, eventId), gt(eventDates.start_at, now)))
      .orderBy(asc(eventDates.start_at)),
    deps.db
      .select()
      .from(ticketCategories)
      .where(eq(ticketCategories.event_id, eventId))
      .orderBy(asc(ticketCategories.position), asc(ticketCategories.id)),
    takenInEvent(deps.db, eventId, now),
    reader.userId
      ? ticketsHeldBySlot(deps.db, reader.userId, eventId, now)
      : new Map<number, number>(),
  ]);
  const zone = event.timezone;

  const days: BookingDay[] = [];
  for (const slot of bookable ? slots : []) {
    const day = dayInZone(slot.start_at, zone);
    const period = {
      id: slot.id,
      start: formatInZone(slot.start_at, zone),
      end: formatInZone(slot.end_at, zone),
      remaining_allowance: Math.max(0, event.max_tickets_per_order - (held.get(slot.id) ?? 0)),
      has_seat_map: slot.chart_version_id !== null,
      ticket_categories: categories.map((category) => {
        const inSlot = taken(slot.id, category.id);
        const available = Math.max(0, (inSlot.quantity ?? category.quantity) - inSlot.taken);
        return {
          id: category.id,
          name: category.name,
          description: category.description,
          price: category.price,
          min_per_order: category.min_per_order,
          max_per_order: category.max_per_order,
          sales_start: category.sales_start ? formatInZone(category.sales_start, zone) : null,
          sales_end: category.sales_end ? formatInZone(category.sales_end, zone) : null,
          available,
          sales_state: salesStateOf(category, available, now),
          seated: inSlot.seated,
        };
      }),
    };
    const last = days.at(-1);
    if (last?.day === day) last.periods.push(period);
    else days.push({ day, periods: [period] });
  }
  const settings = await readPlatformSettings(deps.db);
  return {
    event: {
      ...summary,
      requires_approval: event.requires_approval,
      max_tickets_per_order: event.max_tickets_per_order,
      refund_policy: {
        refundable_until_hours: event.refundable_until_hours,
        refund_percentage: event.refund_percentage,
      },
    },
    days,
    hold_minutes: settings.hold_minutes,
  };
}
