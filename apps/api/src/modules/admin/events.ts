import type {
  AdminEvent,
  AdminEventPatch,
  AdminEventQuery,
  UnpublishRequest,
} from '@hafla/shared/admin/events';
import { and, asc, count, desc, eq, ilike, or } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { users } from '../../db/schema/accounts';
import { categories } from '../../db/schema/catalog';
import { events } from '../../db/schema/events';
import { AppError, notFound } from '../../lib/app-error';
import { addNotifications, queueNotificationMailsOf } from '../notifications/notify';
import { recordAudit, type AuditActor } from './audit';
import { likePattern } from './content';

export interface EventsDeps {
  db: Db;
  notify: (ids: number[]) => void;
}

const columns = {
  event: {
    id: events.id,
    title: events.title,
    status: events.status,
    is_featured: events.is_featured,
    first_start_at: events.first_start_at,
    published_at: events.published_at,
    created_at: events.created_at,
  },
  organizer: {
    id: users.id,
    email: users.email,
    first_name: users.first_name,
    last_name: users.last_name,
    organization_name: users.organization_name,
  },
  category: { id: categories.id, name_en: categories.name_en, name_ar: categories.name_ar },
};

interface EventRow {
  event: {
    id: number;
    title: string;
    status: string;
    is_featured: boolean;
    first_start_at: Date | null;
    published_at: Date | null;
    created_at: Date;
  };
  organizer: {
    id: string;
    email: string;
    first_name: string;
    last_name: string;
    organization_name: string | null;
  };
  category: { id: number; name_en: string; name_ar: string };
}

function toAdminEvent({ event, organizer, category }: EventRow): AdminEvent {
  return {
    id: event.id,
    title: event.title,
    status: event.status as AdminEvent['status'],
    is_featured: event.is_featured,
    organizer: {
      id: organizer.id,
      email: organizer.email,
      name: organizer.organization_name || `${organizer.first_name} ${organizer.last_name}`.trim(),
    },
    category,
    first_start_at: event.first_start_at?.toISOString() ?? null,
    published_at: event.published_at?.toISOString() ?? null,
    created_at: event.created_at.toISOString(),
  };
}

function selectEvents(db: Db | Tx) {
  return db
    .select(columns)
    .from(events)
    .innerJoin(users, eq(users.id, events.organizer_id))
    .innerJoin(categories, eq(categories.id, events.category_id));
}

export async function listEvents(db: Db, query: AdminEventQuery) {
  const where = and(
    query.search
      ? or(
          ilike(events.title, likePattern(query.search)),
          ilike(users.email, likePattern(query.search)),
          ilike(users.organization_name, likePattern(query.search)),
        )
      : undefined,
    query.status ? eq(events.status, query.status) : undefined,
    query.featured === undefined ? undefined : eq(events.is_featured, query.featured),
  );
  const field = query.ordering.replace(/^-/, '');
  const column =
    field === 'title'
      ? events.title
      : field === 'first_start_at'
        ? events.first_start_at
        : events.created_at;
  const direction = query.ordering.startsWith('-') ? desc : asc;
  const [rows, [total]] = await Promise.all([
    selectEvents(db)
      .where(where)
      .orderBy(direction(column), direction(events.id))
      .limit(query.limit)
      .offset(query.offset),
    db
      .select({ n: count() })
      .from(events)
      .innerJoin(users, eq(users.id, events.organizer_id))
      .where(where),
  ]);
  return { count: total?.n ?? 0, results: rows.map(toAdminEvent) };
}

async function getEvent(db: Db | Tx, id: number, lock = false): Promise<AdminEvent> {
  if (lock) await db.select({ id: events.id }).from(events).where(eq(events.id, id)).for('update');
  const [row] = await selectEvents(db).where(eq(events.id, id));
  if (!row) throw notFound();
  return toAdminEvent(row);
}

/** Marks an event featured on the home page, or not. */
export async function patchEvent(
  db: Db,
  actor: AuditActor,
  id: number,
  patch: AdminEventPatch,
): Promise<AdminEvent> {
  return db.transaction(async (tx) => {
    const before = await getEvent(tx, id, true);
    await tx
      .update(events)
      .set({ is_featured: patch.is_featured, updated_at: new Date() })
      .where(eq(events.id, id));
    const after = await getEvent(tx, id);
    await recordAudit(tx, actor, {
      action: patch.is_featured ? 'event.feature' : 'event.unfeature',
      targetType: 'event',
      targetId: id,
      before: { is_featured: before.is_featured },
      after: { is_featured: after.is_featured },
    });
    return after;
  });
}

/**
 * Takes a published event off the site (back to draft, no longer featured); its organizer is
 * notified with the reason. Its bookings stay as they are.
 */
export async function unpublishEvent(
  deps: EventsDeps,
  actor: AuditActor,
  id: number,
  input: UnpublishRequest,
): Promise<AdminEvent> {
  const { result, notified } = await deps.db.transaction(async (tx) => {
    const before = await getEvent(tx, id, true);
    if (before.status !== 'published') {
      throw new AppError('event_not_published', { status: 409, params: { status: before.status } });
    }
    await tx
      .update(events)
      .set({ status: 'draft', is_featured: false, updated_at: new Date() })
      .where(eq(events.id, id));
    const after = await getEvent(tx, id);
    await recordAudit(tx, actor, {
      action: 'event.unpublish',
      targetType: 'event',
      targetId: id,
      before: { status: before.status, is_featured: before.is_featured },
      after: { status: after.status, is_featured: after.is_featured, reason: input.reason },
    });
    const ids = await addNotifications(tx, [
      {
        userId: before.organizer.id,
        kind: 'event_unpublished',
        type: 'event',
        value: id,
        eventId: id,
        params: { reason: input.reason },
      },
    ]);
    await queueNotificationMailsOf(tx, ids);
    return { result: after, notified: ids };
  });
  deps.notify(notified);
  return result;
}
