import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Event } from '@hafla/shared/events/events';
import { PromoCode, PromoCodeList } from '@hafla/shared/promo-codes/promo-codes';
import { TicketCategoryList } from '@hafla/shared/ticket-categories/ticket-categories';
import { EventDateList } from '@hafla/shared/event-dates/event-dates';
import { bookAndPay } from './booking-helpers';
import {
  call,
  createOrganizerTestContext,
  createPublishedEvent,
  expectError,
  expectOk,
  inDays,
  type OrganizerTestContext,
} from './event-helpers';

let t: OrganizerTestContext;

beforeAll(async () => {
  t = await createOrganizerTestContext({ publishLimit: 1000 });
});
afterAll(async () => {
  await t?.ctx.close();
});

const del = (auth: string | null, url: string) => call(t.ctx, auth, 'DELETE', url);

async function createCode(eventId: number, code: string, categories: number[] = []) {
  return expectOk(
    await call(t.ctx, t.organizer.auth, 'POST', '/api/v1/promo_codes/', {
      event: eventId,
      code,
      discount_type: 'percentage',
      value: 10,
      ticket_categories: categories,
    }),
    201,
    PromoCode,
  );
}

describe('deleting what nothing was sold against', () => {
  it('deletes a draft with its slots, categories and codes; refuses others and strangers', async () => {
    const draft = await createPublishedEvent(t.ctx, t.organizer.auth, {
      publish: false,
      ticket_categories: [{ name: 'General' }, { name: 'VIP', price: 9000 }],
    });
    const [general, vip] = draft.ticket_categories;
    const limited = await createCode(draft.event.id, 'VIPONLY', [vip!.id]);
    // A code limited to the category would apply to every category without it: refused.
    expectError(
      await del(t.organizer.auth, `/api/v1/ticket_categories/${vip!.id}/`),
      409,
      'ticket_category_in_promo_codes',
    );
    for (const auth of [t.rival.auth]) {
      for (const url of [
        `/api/v1/events/${draft.event.id}/`,
        `/api/v1/event_dates/${draft.dates[0]!.id}/`,
        `/api/v1/ticket_categories/${general!.id}/`,
        `/api/v1/promo_codes/${limited.id}/`,
      ]) {
        expectError(await del(auth, url), 404, 'not_found');
      }
    }
    expectError(
      await del(t.attendee.auth, `/api/v1/events/${draft.event.id}/`),
      403,
      'permission_denied',
    );
    expectError(await del(null, `/api/v1/events/${draft.event.id}/`), 401, 'not_authenticated');
    expectError(await del(t.organizer.auth, '/api/v1/events/abc/'), 400, 'not_a_number', 'id');

    expect((await del(t.organizer.auth, `/api/v1/promo_codes/${limited.id}/`)).statusCode).toBe(
      204,
    );
    expect((await del(t.organizer.auth, `/api/v1/ticket_categories/${vip!.id}/`)).statusCode).toBe(
      204,
    );
    expect(
      (await del(t.organizer.auth, `/api/v1/event_dates/${draft.dates[0]!.id}/`)).statusCode,
    ).toBe(204);
    await createCode(draft.event.id, 'ALL');
    expect((await del(t.organizer.auth, `/api/v1/events/${draft.event.id}/`)).statusCode).toBe(204);
    expectError(
      await call(t.ctx, t.organizer.auth, 'GET', `/api/v1/events/${draft.event.id}`),
      404,
      'not_found',
    );
    const codes = expectOk(
      await call(t.ctx, t.organizer.auth, 'GET', '/api/v1/promo_codes/'),
      200,
      PromoCodeList,
    );
    expect(codes.results.filter((code) => code.event === draft.event.id)).toEqual([]);
  });

  it('refuses, saying why, what was booked — and a published event, which is cancelled instead', async () => {
    const fixture = await createPublishedEvent(t.ctx, t.organizer.auth, {
      ticket_categories: [{ name: 'General' }, { name: 'Unsold', price: 7000 }],
    });
    const [general, unsold] = fixture.ticket_categories;
    const code = await createCode(fixture.event.id, 'USED');
    await bookAndPay(t.ctx, t.attendee.auth, {
      event: fixture.event.id,
      event_date: fixture.dates[0]!.id,
      items: [{ ticket_category: general!.id, quantity: 1 }],
      promo_code: code.code,
    });
    const refusals: Array<[string, string]> = [
      [`/api/v1/events/${fixture.event.id}/`, 'event_not_draft'],
      [`/api/v1/event_dates/${fixture.dates[0]!.id}/`, 'event_date_in_use'],
      [`/api/v1/ticket_categories/${general!.id}/`, 'ticket_category_in_use'],
      [`/api/v1/promo_codes/${code.id}/`, 'promo_code_in_use'],
    ];
    for (const [url, reason] of refusals) {
      const answer = expectError(await del(t.organizer.auth, url), 409, reason);
      expect(answer.detail, url).toMatch(/instead/);
    }
    // Arabic explains too.
    const arabic = await t.ctx.app.inject({
      method: 'DELETE',
      url: `/api/v1/promo_codes/${code.id}/`,
      headers: { authorization: t.organizer.auth, 'accept-language': 'ar' },
    });
    expect(arabic.statusCode).toBe(409);
    expect(arabic.json().errors[0].detail).toMatch(/تفعيله/);
    // What was not booked still goes, while the rest stays as it was.
    expect(
      (await del(t.organizer.auth, `/api/v1/ticket_categories/${unsold!.id}/`)).statusCode,
    ).toBe(204);
    const categories = expectOk(
      await call(
        t.ctx,
        t.organizer.auth,
        'GET',
        `/api/v1/ticket_categories/?event=${fixture.event.id}`,
      ),
      200,
      TicketCategoryList,
    );
    expect(categories.results.map((category) => category.name)).toEqual(['General']);
  });
});

describe('duplicating an event', () => {
  it('copies details, categories and codes (their categories mapped, uses at zero) as a draft without slots', async () => {
    const fixture = await createPublishedEvent(t.ctx, t.organizer.auth, {
      title: 'Oud night',
      ticket_categories: [{ name: 'General' }, { name: 'VIP', price: 9000, quantity: 20 }],
    });
    const vip = fixture.ticket_categories[1]!;
    await createCode(fixture.event.id, 'VIP10', [vip.id]);
    const copy = expectOk(
      await call(t.ctx, t.organizer.auth, 'POST', `/api/v1/events/${fixture.event.id}/duplicate/`),
      201,
      Event,
    );
    expect(copy.id).not.toBe(fixture.event.id);
    expect(copy).toMatchObject({
      title: 'Oud night (copy)',
      status: 'draft',
      timezone: fixture.event.timezone,
      currency: fixture.event.currency,
      venue_name: fixture.event.venue_name,
    });
    const categories = expectOk(
      await call(t.ctx, t.organizer.auth, 'GET', `/api/v1/ticket_categories/?event=${copy.id}`),
      200,
      TicketCategoryList,
    );
    expect(categories.results.map((c) => [c.name, c.price, c.quantity])).toEqual([
      ['General', 5000, 100],
      ['VIP', 9000, 20],
    ]);
    const codes = expectOk(
      await call(t.ctx, t.organizer.auth, 'GET', `/api/v1/promo_codes/?event=${copy.id}`),
      200,
      PromoCodeList,
    );
    const copiedVip = categories.results.find((c) => c.name === 'VIP')!;
    expect(codes.results.map((c) => [c.code, c.ticket_categories, c.uses])).toEqual([
      ['VIP10', [copiedVip.id], 0],
    ]);
    const dates = expectOk(
      await call(t.ctx, t.organizer.auth, 'GET', `/api/v1/event_dates/?event=${copy.id}`),
      200,
      EventDateList,
    );
    expect(dates.count).toBe(0);
    // The copy is a draft of its own: a slot and a publish later, it sells.
    expect(
      (
        await call(t.ctx, t.organizer.auth, 'POST', '/api/v1/event_dates/', {
          event: copy.id,
          start: inDays(9),
          end: inDays(9, 2),
        })
      ).statusCode,
    ).toBe(201);
    const arabic = await t.ctx.app.inject({
      method: 'POST',
      url: `/api/v1/events/${fixture.event.id}/duplicate/`,
      headers: { authorization: t.organizer.auth, 'accept-language': 'ar' },
    });
    expect(arabic.statusCode).toBe(201);
    expect(arabic.json().title).toBe('Oud night (نسخة)');
    expectError(
      await call(t.ctx, t.rival.auth, 'POST', `/api/v1/events/${fixture.event.id}/duplicate/`),
      404,
      'not_found',
    );
  });
});
