import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EventBookingDetails } from '@hafla/shared/bookings/bookings';
import { PayResult } from '@hafla/shared/bookings/payments';
import { book, holdTickets, ledgerBalance, pay, send } from './booking-helpers';
import {
  createAttendee,
  createOrganizerTestContext,
  createPublishedEvent,
  expectError,
  expectOk,
  type EventFixture,
  type OrganizerTestContext,
} from './event-helpers';

let t: OrganizerTestContext;
let fixture: EventFixture;

beforeAll(async () => {
  t = await createOrganizerTestContext({ publishLimit: 100 });
  fixture = await createPublishedEvent(t.ctx, t.organizer.auth, {
    ticket_categories: [
      { name: 'General', price: 5000, quantity: 5 },
      { name: 'VIP', price: 12000, quantity: 2 },
    ],
  });
});
afterAll(() => t.ctx.close());

const order = (quantity = 2, category = 0) => ({
  event: fixture.event.id,
  event_date: fixture.dates[0]!.id,
  items: [{ ticket_category: fixture.ticket_categories[category]!.id, quantity }],
});

describe('holding and paying', () => {
  it('holds, pays with the success card, issues tickets and writes the ledger', async () => {
    const buyer = await createAttendee(t.ctx);
    const held = await holdTickets(t.ctx, buyer.auth, order(2));
    expect(held.status).toBe('pending');
    expect(held.tickets).toHaveLength(2);
    expect(held.total).toBe(10000);
    expect(held.expires_at).not.toBeNull();
    const paid = expectOk(await pay(t.ctx, buyer.auth, held.id), 200, PayResult);
    expect(paid.booking.status).toBe('confirmed');
    expect(paid.booking.tickets.every((ticket) => ticket.status === 'valid')).toBe(true);
    expect(paid.payment?.amount).toBe(10000);
    const ledger = await ledgerBalance(t.ctx, fixture.event.id);
    expect(ledger.paid).toBe(ledger.captured);
    const details = expectOk(
      await send(t.ctx, buyer.auth, 'GET', `/api/v1/events/${fixture.event.id}/event-details/`),
      200,
      EventBookingDetails,
    );
    const general = details.days[0]!.periods[0]!.ticket_categories[0]!;
    expect(general.available).toBe(3);
    expect(details.days[0]!.periods[0]!.remaining_allowance).toBe(8);
  });

  it('refuses more than is left and says what is left', async () => {
    const buyer = await createAttendee(t.ctx);
    await holdTickets(t.ctx, buyer.auth, order(2, 1));
    const other = await createAttendee(t.ctx);
    const error = expectError(
      await book(t.ctx, other.auth, order(1, 1)),
      409,
      'sold_out',
      'items.0.quantity',
    );
    expect(error.detail).toContain('0');
  });
});
