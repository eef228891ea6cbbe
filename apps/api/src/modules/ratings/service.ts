import { and, eq, type SQL } from 'drizzle-orm';
import type {
  Rating,
  RatingCreateRequest,
  RatingFilter,
  RatingSummary,
  RatingUpdateRequest,
} from '@hafla/shared/social/ratings';
import type { Db } from '../../db/client';
import { eventRatings } from '../../db/schema/ratings';
import { AppError, fieldError, notFound } from '../../lib/app-error';
import type { FileStorage } from '../../lib/storage';
import { avatarUrl, findUserById } from '../auth/users';
import * as queries from './queries';
import type { Notifier } from '../notifications/notifier';
import { addNotifications } from '../notifications/notify';
import { summarizeRatings } from './rating-summary';

export interface RatingsDeps {
  db: Db;
  storage: FileStorage;
  now: () => Date;
  /** Pushes the organizer's "new review" notification after its commit. */
  notifier: Pick<Notifier, 'push'>;
}

interface Page<T> {
  count: number;
  results: T[];
}

function toRating(row: queries.RatingRow, storage: FileStorage): Rating {
  return {
    id: row.id,
    event: row.event_id,
    event_title: row.event_title,
    rating: row.rating,
    comment: row.comment,
    user: {
      id: row.user_id,
      name: `${row.first_name} ${row.last_name}`.trim(),
      avatar: avatarUrl(row, storage),
    },
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}

/**
 * The ratings a filter selects: an event's (published, ended or cancelled) or an organizer's
 * (a finished organizer account), optionally only the reader's own. Exactly one of event and
 * organizer is needed.
 */
async function whereFor(db: Db, filter: RatingFilter, viewerId: string | null): Promise<SQL> {
  if ((filter.event === undefined) === (filter.organizer === undefined)) {
    throw fieldError(filter.event === undefined ? 'required' : 'invalid', 'event');
  }
  const conditions: SQL[] = [];
  if (filter.event !== undefined) {
    if (!(await queries.findVisibleEvent(db, filter.event))) throw notFound('event');
    conditions.push(eq(eventRatings.event_id, filter.event));
  }
  if (filter.organizer !== undefined) {
    const organizer = await findUserById(db, filter.organizer);
    if (
      !organizer ||
      organizer.user_type !== 'organizer' ||
      !organizer.is_verified ||
      !organizer.is_profile_complete
    ) {
      throw notFound('organizer');
    }
    conditions.push(eq(eventRatings.organizer_id, filter.organizer));
  }
  if (filter.mine === 'true') {
    if (!viewerId) throw new AppError('not_authenticated', { status: 401 });
    conditions.push(eq(eventRatings.user_id, viewerId));
  }
  return and(...conditions) as SQL;
}

export async function listRatings(
  deps: RatingsDeps,
  viewerId: string | null,
  query: RatingFilter & { limit: number; offset: number },
): Promise<Page<Rating>> {
  const where = await whereFor(deps.db, query, viewerId);
  const { rows, count } = await queries.findRatings(deps.db, where, query);
  return { count, results: rows.map((row) => toRating(row, deps.storage)) };
}

export async function getRatingSummary(
  deps: RatingsDeps,
  viewerId: string | null,
  filter: RatingFilter,
): Promise<RatingSummary> {
  return summarizeRatings(deps.db, await whereFor(deps.db, filter, viewerId));
}

async function loadRating(deps: RatingsDeps, id: number): Promise<Rating> {
  const row = await queries.findRatingById(deps.db, id);
  if (!row) throw notFound();
  return toRating(row, deps.storage);
}

/**
 * Only someone who held a valid (or checked-in) ticket to a slot that has ended may rate, once
 * per event; an organizer never rates their own event.
 */
export async function createRating(
  deps: RatingsDeps,
  userId: string,
  input: RatingCreateRequest,
): Promise<Rating> {
  const event = await queries.findVisibleEvent(deps.db, input.event);
  if (!event) throw notFound('event');
  if (event.organizer_id === userId) {
    throw new AppError('cannot_rate_own_event', { status: 403, attr: 'event' });
  }
  if (!(await queries.hasAttended(deps.db, userId, event.id, deps.now()))) {
    throw new AppError('rating_not_allowed', { status: 403, attr: 'event' });
  }
  const { id, notified } = await deps.db.transaction(async (tx) => {
    const inserted = await queries.insertRating(tx, {
      event_id: event.id,
      organizer_id: event.organizer_id,
      user_id: userId,
      rating: input.rating,
      comment: input.comment,
    });
    if (inserted === null) return { id: null, notified: [] };
    const ids = await addNotifications(tx, [
      {
        userId: event.organizer_id,
        kind: 'new_review',
        type: 'event',
        value: event.id,
        eventId: event.id,
        params: { rating: input.rating },
      },
    ]);
    return { id: inserted, notified: ids };
  });
  if (id === null) throw new AppError('already_rated', { status: 409, attr: 'event' });
  deps.notifier.push(notified);
  return loadRating(deps, id);
}

/** The author changes stars and comment; anyone else's rating answers like a missing one. */
export async function updateRating(
  deps: RatingsDeps,
  userId: string,
  id: number,
  input: RatingUpdateRequest,
): Promise<Rating> {
  const updated = await queries.updateOwnRating(deps.db, id, userId, input, deps.now());
  if (updated === null) throw notFound();
  return loadRating(deps, updated);
}
