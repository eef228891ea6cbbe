import type { EventDate } from '@hafla/shared/event-dates/event-dates';
import type { EventsPublishedThisMonth } from '@hafla/shared/events/events';

export type PublishCheck = 'future_date' | 'ticket_category' | 'monthly_limit';

export interface PublishReadinessInput {
  dates: readonly Pick<EventDate, 'start'>[];
  ticketCategoryCount: number;
  publishedThisMonth: EventsPublishedThisMonth | undefined;
  now?: Date;
}

export interface PublishReadiness {
  /** Each precondition the API checks when publishing, true when it holds. */
  checks: Record<PublishCheck, boolean>;
  upcomingDateCount: number;
  canPublish: boolean;
}

/**
 * The API's publish preconditions, checked ahead so the button can say why it is not ready: a
 * time slot that has not started, a ticket category, and room under the monthly limit. An
 * unknown counter does not block: the API has the final word either way.
 */
export function publishReadiness({
  dates,
  ticketCategoryCount,
  publishedThisMonth,
  now = new Date(),
}: PublishReadinessInput): PublishReadiness {
  const upcomingDateCount = dates.filter(
    (date) => new Date(date.start).getTime() > now.getTime(),
  ).length;
  const checks: Record<PublishCheck, boolean> = {
    future_date: upcomingDateCount > 0,
    ticket_category: ticketCategoryCount > 0,
    monthly_limit: publishedThisMonth ? publishedThisMonth.remaining > 0 : true,
  };
  return { checks, upcomingDateCount, canPublish: Object.values(checks).every(Boolean) };
}
