import type { GuestTicketState } from '@hafla/shared/door/guest-list';

/** Mirrors GUEST_TICKET_STATES without importing zod into the page. */
export const GUEST_STATES: readonly GuestTicketState[] = [
  'pending_approval',
  'valid',
  'checked_in',
  'rejected',
  'cancelled',
  'refunded',
];

export function isGuestState(value: string | null): value is GuestTicketState {
  return (GUEST_STATES as readonly (string | null)[]).includes(value);
}
