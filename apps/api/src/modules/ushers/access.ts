import type { Db } from '../../db/client';
import { AppError, notFound } from '../../lib/app-error';
import { findDoorRight } from './queries';

/** What the reader may do at an event's door; read from the database on every request. */
export type DoorRight = 'organizer' | 'supervisor' | 'steward';

export interface DoorAccess {
  right: DoorRight;
  organizerId: string;
}

/**
 * The reader's right at the event, or `not_found` (with `attr` when the id came from a field)
 * for anyone who is neither its organizer nor one of its ushers: someone else's event answers
 * exactly like one that does not exist. Decision 0014.
 */
export async function doorAccess(
  db: Db,
  userId: string,
  eventId: number,
  attr: string | null = null,
): Promise<DoorAccess> {
  const row = await findDoorRight(db, userId, eventId);
  if (!row) throw notFound(attr);
  if (row.organizer_id === userId) return { right: 'organizer', organizerId: row.organizer_id };
  if (row.usher_role === 'supervisor' || row.usher_role === 'steward') {
    return { right: row.usher_role, organizerId: row.organizer_id };
  }
  throw notFound(attr);
}

/** Approving, rejecting and undoing: the organizer and supervisors; a steward is refused. */
export function assertSupervisor(access: DoorAccess): void {
  if (access.right === 'steward') throw new AppError('permission_denied', { status: 403 });
}
