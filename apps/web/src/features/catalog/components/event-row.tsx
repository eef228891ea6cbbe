import { ROW_COVER_SIZES } from '@hafla/shared/events/cover-images';
import type { EventSummary } from '@hafla/shared/events/discovery';
import { EventCard } from '../../../components/event-card';
import { WishlistToggle } from '../../social/api/wishlist-toggle';
import classes from './catalog.module.css';

export interface EventRowProps {
  events: readonly EventSummary[];
  /** How many covers from the start load at once and first; the rest lazily. */
  priorityCount?: number;
  /** How many covers from the start load at once (a row on the first screen shows up to four). */
  eagerCount?: number;
}

/**
 * Covers are thumbnails of a few kilobytes (`cover_thumbnails`, sized by `ROW_COVER_SIZES`).
 * The covers a row on the first screen shows are fetched at once — the first of each first,
 * as one of them is the largest paint of the home page — and the others when scrolled near.
 */
export function EventRow({ events, priorityCount = 0, eagerCount = 0 }: EventRowProps) {
  return (
    <ul className={classes.row}>
      {events.map((event, index) => (
        <li key={event.id}>
          <EventCard
            event={event}
            coverSizes={ROW_COVER_SIZES}
            isPriority={index < priorityCount}
            isEager={index < eagerCount}
            action={<WishlistToggle event={event} />}
          />
        </li>
      ))}
    </ul>
  );
}

export function EventRowSkeleton() {
  return (
    <ul className={classes.row} aria-hidden="true">
      {Array.from({ length: 4 }, (_, index) => (
        <li key={index} className={classes.skeletonCard} />
      ))}
    </ul>
  );
}
