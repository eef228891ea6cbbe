import { like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Booking } from '@hafla/shared/bookings/bookings';
import { buildApp } from '../src/app';
import { rateCounters } from '../src/db/schema/accounts';
import type { App } from '../src/lib/types';
import {
  type Account,
  createAttendee,
  createOrganizerTestContext,
  createPublishedEvent,
  expectOk,
  type EventFixture,
  type OrganizerTestContext,
} from './event-helpers';
import { firstError } from './helpers';

let t: OrganizerTestContext;
let fixture: EventFixture;
let addresses = 0;

beforeAll(async () => {
  t = await createOrganizerTestContext({ publishLimit: 100 });
  fixture = await createPublishedEvent(t.ctx, t.organizer.auth, {
    ticket_categories: [{ name: 'General', price: 5000, quantity: 500 }],
  });
  const promo = await t.ctx.app.inject({
    method: 'POST',
    url: '/api/v1/promo_codes/',
    headers: { authorization: t.organizer.auth },
    payload: { event: fixture.event.id, code: 'RIGHT20', discount_type: 'percentage', value: 20 },
  });
  expect(promo.statusCode, promo.body).toBe(201);
});
afterAll(() => t.ctx.close());

/** A client address of its own for each test, so the tests' failures never add up. */
const newAddress = () => `198.51.100.${(addresses += 1)}`;

const items = () => [{ ticket_category: fixture.ticket_categories[0]!.id, quantity: 1 }];

function as(account: Account, address: string, app: App = t.ctx.app) {
  const send = (method: 'POST' | 'PATCH', url: string, payload: object) =>
    app.inject({
      method,
      url,
      payload,
      remoteAddress: address,
      headers: { authorization: account.auth },
    });
  return {
    check: (code: string) =>
      send('POST', '/api/v1/promo_codes/check/', { event: fixture.event.id, code, items: items() }),
    book: (code: string | null) =>
      send('POST', '/api/v1/tickets/book/', {
        event: fixture.event.id,
        event_date: fixture.dates[0]!.id,
        items: items(),
        promo_code: code,
      }),
    apply: (bookingId: number, code: string) =>
      send('PATCH', `/api/v1/bookings/${bookingId}/`, { promo_code: code }),
  };
}

type Answer = Awaited<ReturnType<ReturnType<typeof as>['check']>>;

function expectThrottled(response: Answer) {
  expect(response.statusCode, response.body).toBe(429);
  expect(firstError(response)?.code).toBe('throttled');
  const wait = Number(response.headers['retry-after']);
  expect(wait).toBeGreaterThan(0);
  expect(wait).toBeLessThanOrEqual(600);
}

describe('guessing promo codes', () => {
  it('refuses a user every code for the window after 10 failed ones, the right code included, wherever they call from', async () => {
    const guesser = await createAttendee(t.ctx);
    const calls = as(guesser, newAddress());
    const held = expectOk(await calls.book(null), 201, Booking);
    // Failures count alike whether the code is checked, booked with or applied to a booking.
    for (let i = 0; i < 4; i += 1) {
      expect(firstError(await calls.check(`GUESS${i}`))?.code).toBe('promo_code_invalid');
    }
    for (let i = 4; i < 7; i += 1) {
      expect(firstError(await calls.book(`GUESS${i}`))?.code).toBe('promo_code_invalid');
    }
    for (let i = 7; i < 10; i += 1) {
      expect(firstError(await calls.apply(held.id, `GUESS${i}`))?.code).toBe('promo_code_invalid');
    }

    expectThrottled(await calls.check('RIGHT20'));
    expectThrottled(await calls.book('RIGHT20'));
    expectThrottled(await calls.apply(held.id, 'RIGHT20'));
    expectThrottled(await as(guesser, newAddress()).check('RIGHT20'));
    // Booking without a code is not concerned.
    expect((await calls.book(null)).statusCode).toBe(201);
    // Another user is not concerned either.
    expect((await as(await createAttendee(t.ctx), newAddress()).check('RIGHT20')).statusCode).toBe(
      200,
    );
  });

  it('refuses every user of an address after 10 failed codes from it', async () => {
    const address = newAddress();
    for (let i = 0; i < 10; i += 1) {
      const user = await createAttendee(t.ctx);
      expect((await as(user, address).check(`WRONG${i}`)).statusCode).toBe(409);
    }
    const next = await createAttendee(t.ctx);
    expectThrottled(await as(next, address).check('RIGHT20'));
    expectThrottled(await as(next, address).book('RIGHT20'));
    expect((await as(next, newAddress()).check('RIGHT20')).statusCode).toBe(200);
  });

  it('holds across API processes, counts only failures, and lifts when the window passes', async () => {
    const guesser = await createAttendee(t.ctx);
    const address = newAddress();
    const other = await buildApp({ config: t.ctx.config, database: t.ctx.database });
    try {
      await other.ready();
      for (let i = 0; i < 12; i += 1) {
        expect((await as(guesser, address).check('RIGHT20')).statusCode).toBe(200);
      }
      for (let i = 0; i < 10; i += 1) {
        const app = i % 2 === 0 ? t.ctx.app : other;
        expect((await as(guesser, address, app).check(`MISS${i}`)).statusCode).toBe(409);
      }
      expectThrottled(await as(guesser, address, other).check('RIGHT20'));
      expectThrottled(await as(guesser, address).check('RIGHT20'));

      // Ten minutes later: the window the failures were counted in is over.
      await t.ctx.database.db
        .delete(rateCounters)
        .where(like(rateCounters.key, `promo-fail:%:${guesser.id}`));
      await t.ctx.database.db
        .delete(rateCounters)
        .where(like(rateCounters.key, `promo-fail:address:${address}`));
      expect((await as(guesser, address).check('RIGHT20')).statusCode).toBe(200);
    } finally {
      await other.close();
    }
  });
});
