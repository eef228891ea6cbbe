import { describe, expect, it } from 'vitest';
import { guestListKeyOf } from '../../../lib/realtime-refetch';
import { bookingKeys } from '../../booking/api/query-keys';
import { financeKeys } from '../../finance/api/finance-keys';
import { ticketsKeys } from '../../tickets/api/tickets-keys';
import { notification, venueChanged } from '../test-fixtures';
import { keysToRefetch, keysToRefetchAtOnce } from './refetch-rules';

describe('what a realtime notification refetches', () => {
  it('refetches the named ticket’s own page at once (its holder at the door sees it checked in)', () => {
    const checkedIn = notification(1, {
      kind: 'ticket_checked_in',
      type: 'ticket',
      value: 41,
      extra_data: { event: 7 },
    });
    expect(keysToRefetchAtOnce(checkedIn)).toEqual([ticketsKeys.ticket(41)]);
    // The lists wait for the pause (PRODUCT.md section 8).
    expect(keysToRefetch(checkedIn)).toEqual([ticketsKeys.all()]);
  });

  it('reads a confirmed booking again at once, so a page waiting for a lost payment answer follows it', () => {
    const confirmed = notification(4, { kind: 'booking_confirmed', type: 'ticket', value: 41 });
    expect(keysToRefetchAtOnce(confirmed)).toEqual([
      ticketsKeys.ticket(41),
      bookingKeys.booking(90),
    ]);
  });

  it('refetches an event’s guest list after the pause, nothing at once', () => {
    const changed = venueChanged(2);
    expect(keysToRefetchAtOnce(changed)).toEqual([]);
    expect(keysToRefetch(changed)).toContainEqual(guestListKeyOf(7));
  });

  it('refetches the wallet’s balance and requests at once for a withdrawal, its lines after', () => {
    const paid = notification(3, {
      kind: 'withdrawal_status_changed',
      type: 'withdrawal',
      value: 12,
      extra_data: { withdrawal: 12 },
    });
    expect(keysToRefetchAtOnce(paid)).toEqual([financeKeys.balance(), financeKeys.withdrawals()]);
    expect(keysToRefetch(paid)).toContainEqual(financeKeys.transactions());
  });
});
