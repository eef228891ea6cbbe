import type { EventSummary } from '@hafla/shared/events/discovery';
import { EventCard } from '../../../components/event-card';
import { WishlistToggle } from '../../social/api/wishlist-toggle';
import classes from './catalog.module.css';

export interface EventRowProps {
  events: readonly EventSummary[];
  /** The first row's covers are on screen at once; the rest wait until scrolled near. */
  isFirst?: boolean;
}

export function EventRow({ events, isFirst = false }: EventRowProps) {
  return (
    <ul className={classes.row}>
      {events.map((event, index) => (
        <li key={event.id}>
          <EventCard
            event={event}
            isPriority={isFirst && index < 2}
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
