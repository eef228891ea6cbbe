import type { EventType } from '@hafla/shared/catalog/event-types';
import { Link } from 'react-router';
import classes from './catalog.module.css';

export function eventTypeEventsPath(eventType: Pick<EventType, 'slug'>): string {
  return `/events?${new URLSearchParams({ type: eventType.slug }).toString()}`;
}

export interface EventTypeListProps {
  eventTypes: EventType[];
}

export function EventTypeList({ eventTypes }: EventTypeListProps) {
  return (
    <ul className={classes.pillList}>
      {eventTypes.map((eventType) => (
        <li key={eventType.id}>
          <Link to={eventTypeEventsPath(eventType)} className={classes.pill}>
            {eventType.name}
          </Link>
        </li>
      ))}
    </ul>
  );
}
