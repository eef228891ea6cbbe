import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { TOKEN_EXPIRED_EVENT } from '@hafla/shared/notifications/notifications';
import { signAccessToken } from '../src/lib/tokens';
import { bookAndPay } from './booking-helpers';
import {
  type Account,
  createAttendee,
  createOrganizer,
  createPublishedEvent,
  type EventFixture,
} from './event-helpers';
import { createTestContext, type TestContext } from './helpers';
import { collectNotifications, SocketClients } from './socket-clients';

let ctx: TestContext;
let url: string;
let organizer: Account;
let buyer: Account;
let bystander: Account;
let fixture: EventFixture;
const clients = new SocketClients();

const tokenOf = (account: Account) => account.auth.replace(/^Bearer /, '');

const connected = (token: unknown, language?: string) => clients.connect(url, token, language);

beforeAll(async () => {
  ctx = await createTestContext();
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  url = `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`;
  organizer = await createOrganizer(ctx);
  buyer = await createAttendee(ctx);
  bystander = await createAttendee(ctx);
  fixture = await createPublishedEvent(ctx, organizer.auth, { title: 'Lantern walk' });
}, 60_000);

afterEach(() => clients.closeAll());

afterAll(async () => {
  await ctx?.close();
});

describe('the realtime channel (socket.io on /socket.io/)', () => {
  it('pushes each user’s notifications to that user alone, in the language each socket shows', async () => {
    const buyerSocket = await connected(tokenOf(buyer));
    const organizerSocket = await connected(tokenOf(organizer));
    const bystanderSocket = await connected(tokenOf(bystander));
    // The same user in a second tab that shows Arabic.
    const arabicSocket = await connected(tokenOf(buyer), 'ar');
    const [toBuyer, toOrganizer, toBystander, toArabic] = [
      buyerSocket,
      organizerSocket,
      bystanderSocket,
      arabicSocket,
    ].map(collectNotifications);

    const booking = await bookAndPay(ctx, buyer.auth, {
      event: fixture.event.id,
      event_date: fixture.dates[0]!.id,
      items: [{ ticket_category: fixture.ticket_categories[0]!.id, quantity: 1 }],
    });
    await ctx.app.background.idle();
    await expect.poll(() => toBuyer!.length).toBe(1);
    await expect.poll(() => toOrganizer!.length).toBe(1);

    expect(toBuyer![0]).toMatchObject({
      kind: 'booking_confirmed',
      type: 'ticket',
      value: booking.tickets[0]!.id,
      seen: false,
      title: 'Booking confirmed',
    });
    expect(toOrganizer![0]).toMatchObject({ kind: 'new_booking', value: fixture.event.id });
    await expect.poll(() => toArabic!.length).toBe(1);
    expect(toArabic![0]).toMatchObject({ id: toBuyer![0]!.id, title: 'تم تأكيد الحجز' });
    // Pushed exactly as the list answers it.
    const listed = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/notifications/?limit=1',
      headers: { authorization: buyer.auth },
    });
    expect(listed.json<{ results: unknown[] }>().results[0]).toEqual(toBuyer![0]);
    expect(toBystander).toEqual([]);
  });

  it('refuses a connection without a token, with a forged one or with an expired one', async () => {
    await expect(connected(undefined)).rejects.toThrow('not_authenticated');
    await expect(connected('')).rejects.toThrow('not_authenticated');
    await expect(connected('forged.token.value')).rejects.toThrow('token_not_valid');
    const foreignKey = await signAccessToken('another-secret-that-is-long-enough-to-sign', {
      userId: buyer.id,
      roles: ['attendee'],
    });
    await expect(connected(foreignKey)).rejects.toThrow('token_not_valid');
    const expired = await signAccessToken(
      ctx.config.JWT_SECRET,
      { userId: buyer.id, roles: ['attendee'] },
      new Date(Date.now() - 3_600_000),
    );
    await expect(connected(expired)).rejects.toThrow('token_not_valid');
    expect(ctx.app.realtime.localConnections()).toBe(0);
  });

  it('ends the subscription when the token expires, saying so first', async () => {
    const shortLived = await signAccessToken(
      ctx.config.JWT_SECRET,
      { userId: buyer.id, roles: ['attendee'] },
      new Date(),
      2,
    );
    const socket = await connected(shortLived);
    const told = new Promise<void>((resolve) => socket.once(TOKEN_EXPIRED_EVENT, () => resolve()));
    const ended = new Promise<string>((resolve) => socket.once('disconnect', resolve));
    await told;
    expect(await ended).toBe('io server disconnect');
  });
});
