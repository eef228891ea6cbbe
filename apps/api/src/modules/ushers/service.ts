import type { Language } from '@hafla/shared/common/i18n';
import type { PaginationQuery } from '@hafla/shared/common/pagination';
import { formatInZone } from '@hafla/shared/common/zoned-time';
import type {
  Usher,
  UsherCreated,
  UsherCreateRequest,
  UsherEvent,
  UsherRole,
} from '@hafla/shared/door/ushers';
import type { Db } from '../../db/client';
import { AppError, fieldError, notFound } from '../../lib/app-error';
import type { FileStorage } from '../../lib/storage';
import { avatarUrl } from '../auth/users';
import * as queries from './queries';
import { queueUsherInvitation } from './usher-mails';

export interface UshersDeps {
  db: Db;
  storage: FileStorage;
  /** After the commit of a new usher: send the email it queued. */
  onMailQueued: () => void;
  /** After the commit of a removal: close the removed account's sockets on every process. */
  disconnect: (userId: string) => void;
}

const roleOf = (role: string): UsherRole => (role === 'supervisor' ? 'supervisor' : 'steward');
const utc = (instant: Date) => formatInZone(instant, 'UTC');

function toUsher(
  { usher, user }: { usher: queries.UsherRow; user: queries.UsherRowUser | null },
  storage: FileStorage,
): Usher {
  return {
    id: usher.id,
    user: user
      ? {
          id: user.id,
          first_name: user.first_name,
          last_name: user.last_name,
          email: user.email,
          avatar: avatarUrl(user, storage),
        }
      : null,
    email: usher.email,
    status: user ? 'active' : 'invited',
    role: roleOf(usher.role),
    events: usher.event_ids,
    created_at: utc(usher.created_at),
  };
}

export async function listUshers(deps: UshersDeps, organizerId: string, query: PaginationQuery) {
  const { rows, count } = await queries.findOrganizerUshers(deps.db, organizerId, query);
  return { count, results: rows.map((row) => toUsher(row, deps.storage)) };
}

/**
 * Adds an usher by address. The answer and the work are the same whether or not the address has
 * an account (one row, one queued email), so the call tells nothing about who is registered.
 */
export async function addUsher(
  deps: UshersDeps,
  organizerId: string,
  input: UsherCreateRequest,
  language: Language,
): Promise<UsherCreated> {
  const email = input.email.trim().toLowerCase();
  // The organizer already has every right at their own door; adding themselves would only list
  // them as an usher with fewer rights than they have. Refused before anything is written.
  if (await queries.isOwnAddress(deps.db, organizerId, email)) {
    throw fieldError('cannot_add_self_as_usher', 'email');
  }
  const eventIds = input.events ? [...new Set(input.events)] : null;
  if (eventIds) {
    const foreign = await queries.foreignEventIds(deps.db, organizerId, eventIds);
    if (foreign.length > 0) {
      throw fieldError('does_not_exist', `events.${input.events!.indexOf(foreign[0]!)}`);
    }
  }
  const row = await deps.db.transaction(async (tx) => {
    const inserted = await queries.insertUsher(tx, {
      organizer_id: organizerId,
      email,
      role: input.role ?? 'steward',
      event_ids: eventIds,
      language,
    });
    if (!inserted) throw new AppError('already_exists', { status: 409, attr: 'email' });
    await queueUsherInvitation(tx, inserted.id);
    return inserted;
  });
  deps.onMailQueued();
  return {
    id: row.id,
    email: row.email,
    role: roleOf(row.role),
    events: row.event_ids,
    created_at: utc(row.created_at),
  };
}

/** Removes an usher: the next request of that account is refused, its sockets are closed. */
export async function removeUsher(deps: UshersDeps, organizerId: string, id: number) {
  const removed = await queries.deleteUsher(deps.db, organizerId, id);
  if (!removed) throw notFound();
  const account = await queries.findAccountByEmail(deps.db, removed.email);
  if (account) deps.disconnect(account.id);
}

/** "Events I scan for": published (or cancelled) events the reader is an usher of. */
export async function listUsherEvents(
  deps: UshersDeps,
  userId: string,
  query: PaginationQuery,
): Promise<{ count: number; results: UsherEvent[] }> {
  const { rows, count } = await queries.findUsherEvents(deps.db, userId, query);
  const slots = await queries.findSlotsOfEvents(
    deps.db,
    rows.map((row) => row.id),
  );
  return {
    count,
    results: rows.map((row) => ({
      id: row.id,
      title: row.title,
      cover: row.cover_key ? deps.storage.url(row.cover_key) : null,
      timezone: row.timezone,
      status: row.status,
      organizer: { id: row.organizer_id, name: row.organizer_name },
      role: roleOf(row.role),
      event_dates: slots
        .filter((slot) => slot.event_id === row.id)
        .map((slot) => ({
          id: slot.id,
          start: formatInZone(slot.start_at, row.timezone),
          end: formatInZone(slot.end_at, row.timezone),
        })),
    })),
  };
}
