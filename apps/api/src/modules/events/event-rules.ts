import type { EventStatus } from '@hafla/shared/events/events';
import { AppError, fieldError } from '../../lib/app-error';

/** The fields whose combination matters; checked on the merged state of a PATCH too. */
export interface EventShape {
  is_online: boolean;
  venue_name: string;
  online_url: string | null;
  latitude: number | null;
  longitude: number | null;
}

/** In person needs a venue, online needs its link, and a point needs both coordinates. */
export function checkEventShape(shape: EventShape): void {
  if (!shape.is_online && !shape.venue_name) throw fieldError('venue_required', 'venue_name');
  if (shape.is_online && !shape.online_url) throw fieldError('online_url_required', 'online_url');
  if ((shape.latitude === null) !== (shape.longitude === null)) {
    throw fieldError('coordinates_incomplete', 'latitude');
  }
}

const TRANSITIONS: Record<EventStatus, readonly EventStatus[]> = {
  draft: ['published', 'cancelled'],
  published: ['cancelled'],
  cancelled: [],
  ended: [],
};

/** draft → published → cancelled, or draft → cancelled; nothing leaves cancelled or ended. */
export function checkStatusTransition(from: EventStatus, to: EventStatus): void {
  if (!TRANSITIONS[from].includes(to)) {
    throw new AppError('status_transition_invalid', { status: 409, params: { from, to } });
  }
}

/** The calendar month (UTC) an instant falls in, as [start, next month's start). */
export function monthOf(now: Date): { start: Date; end: Date } {
  const year = now.getUTCFullYear();
  const month = now.getUTCMonth();
  return { start: new Date(Date.UTC(year, month, 1)), end: new Date(Date.UTC(year, month + 1, 1)) };
}
