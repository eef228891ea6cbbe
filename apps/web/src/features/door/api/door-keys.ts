import { guestListKeyOf } from '../../../lib/realtime-refetch';

export const doorKeys = {
  ushers: () => ['ushers'] as const,
  usherPage: (offset: number) => ['ushers', offset] as const,
  usherEvents: () => ['usher-events'] as const,
  /** Under GUEST_LIST_KEY, so an `event` notification refetches it (realtime-refetch.ts). */
  guestList: (eventId: number, params: object) => [...guestListKeyOf(eventId), params] as const,
};
