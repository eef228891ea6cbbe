/**
 * PRODUCT.md section 8: 2 seconds after a realtime notification the lists it affects are
 * refetched — the my-tickets page (pages of 4) for a `ticket` notification, the guest-list page
 * (pages of 10) for an `event` one. The pause lets the change that caused the notification
 * settle everywhere before the lists ask for it. The rules themselves are in
 * `features/notifications/api/refetch-rules.ts`.
 */
export const REALTIME_REFETCH_DELAY_MS = 2_000;

/**
 * Every guest-list query key starts with this, then the event's id (`[...GUEST_LIST_KEY,
 * eventId, …]`), so an `event` notification refreshes the guest list of that event on screen.
 * The ushers feature's queries use it; the rule applies to them without another change.
 */
export const GUEST_LIST_KEY = ['guest-list'] as const;

export function guestListKeyOf(eventId: number) {
  return [...GUEST_LIST_KEY, eventId] as const;
}
