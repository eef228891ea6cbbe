/** Every organizer-event query sits under one root, so a change can refresh all of an event's views. */
export const organizerEventKeys = {
  all: ['organizer-events'] as const,
  lists: () => [...organizerEventKeys.all, 'list'] as const,
  event: (eventId: number) => [...organizerEventKeys.all, 'event', eventId] as const,
  publishedThisMonth: () => [...organizerEventKeys.all, 'published-this-month'] as const,
};
