import type { Language } from '@hafla/shared/common/i18n';
import type { Event } from '@hafla/shared/events/events';
import { and, asc, eq } from 'drizzle-orm';
import { events, promoCodes, ticketCategories } from '../../db/schema/events';
import { AppError, notFound } from '../../lib/app-error';
import { deleteUnlessReferenced } from '../../lib/db-errors';
import type { EventsDeps } from './service';
import { getOwnEvent } from './service';

/**
 * DELETE /api/v1/events/{id}/ — a draft nobody booked goes, with its slots, ticket categories
 * and promo codes. A published event is cancelled instead (its buyers are refunded and told);
 * one with bookings (a draft again after a publish) keeps them: the foreign keys refuse.
 */
export async function deleteDraftEvent(deps: EventsDeps, organizerId: string, id: number) {
  const [event] = await deps.db
    .select({ status: events.status, cover: events.cover_key })
    .from(events)
    .where(and(eq(events.id, id), eq(events.organizer_id, organizerId)));
  if (!event) throw notFound();
  if (event.status !== 'draft') throw new AppError('event_not_draft', { status: 409 });
  const deleted = await deleteUnlessReferenced(
    () =>
      deps.db
        .delete(events)
        .where(
          and(eq(events.id, id), eq(events.organizer_id, organizerId), eq(events.status, 'draft')),
        )
        .returning({ id: events.id }),
    'event_in_use',
  );
  if (deleted.length === 0) throw new AppError('event_not_draft', { status: 409 });
  if (event.cover) await deps.storage.delete(event.cover);
}

const COPY_SUFFIX: Record<Language, string> = { en: ' (copy)', ar: ' (نسخة)' };
const TITLE_MAX = 200;

/**
 * POST /api/v1/events/{id}/duplicate/ — a new draft with the event's details, ticket categories
 * and promo codes (each code's categories mapped to the copies, its uses at zero). Time slots
 * are not copied (a copy is for another date), nor the cover (its file belongs to the original).
 */
export async function duplicateEvent(
  deps: EventsDeps,
  organizerId: string,
  id: number,
  language: Language,
): Promise<Event> {
  const now = deps.now();
  const copyId = await deps.db.transaction(async (tx) => {
    const [source] = await tx
      .select()
      .from(events)
      .where(and(eq(events.id, id), eq(events.organizer_id, organizerId)));
    if (!source) throw notFound();
    const suffix = COPY_SUFFIX[language];
    const [copy] = await tx
      .insert(events)
      .values({
        organizer_id: organizerId,
        title: `${source.title.slice(0, TITLE_MAX - suffix.length)}${suffix}`,
        description: source.description,
        category_id: source.category_id,
        event_type_id: source.event_type_id,
        venue_name: source.venue_name,
        address: source.address,
        latitude: source.latitude,
        longitude: source.longitude,
        is_online: source.is_online,
        online_url: source.online_url,
        timezone: source.timezone,
        currency: source.currency,
        requires_approval: source.requires_approval,
        max_tickets_per_order: source.max_tickets_per_order,
        refundable_until_hours: source.refundable_until_hours,
        refund_percentage: source.refund_percentage,
        status: 'draft',
        created_at: now,
        updated_at: now,
      })
      .returning({ id: events.id });
    if (!copy) throw new Error('insert returned no row');
    const categoryIds = new Map<number, number>();
    const categories = await tx
      .select()
      .from(ticketCategories)
      .where(eq(ticketCategories.event_id, id))
      .orderBy(asc(ticketCategories.position), asc(ticketCategories.id));
    for (const { id: sourceId, event_id: _event, ...category } of categories) {
      const [copied] = await tx
        .insert(ticketCategories)
        .values({ ...category, event_id: copy.id, created_at: now, updated_at: now })
        .returning({ id: ticketCategories.id });
      categoryIds.set(sourceId, copied!.id);
    }
    const codes = await tx
      .select()
      .from(promoCodes)
      .where(eq(promoCodes.event_id, id))
      .orderBy(asc(promoCodes.id));
    if (codes.length > 0) {
      await tx.insert(promoCodes).values(
        codes.map(({ id: _id, event_id: _event, ...code }) => ({
          ...code,
          event_id: copy.id,
          ticket_category_ids: code.ticket_category_ids.flatMap((categoryId) => {
            const copied = categoryIds.get(categoryId);
            return copied === undefined ? [] : [copied];
          }),
          uses: 0,
          created_at: now,
          updated_at: now,
        })),
      );
    }
    return copy.id;
  });
  return getOwnEvent(deps, organizerId, copyId);
}
