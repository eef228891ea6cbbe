import type { EventSummary } from '@hafla/shared/events/discovery';
import { EventCard } from '../../../components/event-card';
import { WishlistToggle } from '../../social/api/wishlist-toggle';
import classes from './events.module.css';

export interface EventGridProps {
  events: readonly EventSummary[];
  headingLevel?: 2 | 3;
  isStale?: boolean;
  showOrganizer?: boolean;
}

export function EventGrid({
  events,
  headingLevel = 2,
  isStale = false,
  showOrganizer,
}: EventGridProps) {
  return (
    <ul className={`${classes.grid} ${isStale ? classes.isStale : ''}`}>
      {events.map((event, index) => (
        <li key={event.id}>
          <EventCard
            event={event}
            headingLevel={headingLevel}
            isPriority={index < 2}
            showOrganizer={showOrganizer}
            action={<WishlistToggle event={event} />}
          />
        </li>
      ))}
    </ul>
  );
}

export function EventGridSkeleton({ count = 8 }: { count?: number }) {
  return (
    <ul className={classes.grid} aria-hidden="true">
      {Array.from({ length: count }, (_, index) => (
        <li key={index} className={classes.skeleton} />
      ))}
    </ul>
  );
}
