import type { EventSummary } from '@hafla/shared/events/discovery';
import { EventCard } from '../../../components/event-card';
import { WishlistToggle } from '../../social/api/wishlist-toggle';
import classes from './catalog.module.css';

/** A row's cards are min(78%, 17rem) wide on a phone and about 17rem on a desktop. */
const ROW_COVER_SIZES = '(min-width: 22em) 17rem, 78vw';

export interface EventRowProps {
  events: readonly EventSummary[];
  /** How many covers from the start load at once (the first screen's); the rest lazily. */
  priorityCount?: number;
}

/**
 * Covers are thumbnails of a few kilobytes (`cover_thumbnails`, sized by `ROW_COVER_SIZES`).
 * The first cover of each row on the first screen — on a phone, one of them is the largest
 * paint of the home page — is fetched at once and first; the others wait until they are
 * scrolled near.
 */
export function EventRow({ events, priorityCount = 0 }: EventRowProps) {
  return (
    <ul className={classes.row}>
      {events.map((event, index) => (
        <li key={event.id}>
          <EventCard
            event={event}
            coverSizes={ROW_COVER_SIZES}
            isPriority={index < priorityCount}
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
