import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PromoCode, PromoCodeList } from '@hafla/shared/promo-codes/promo-codes';
import { promoCodes } from '../src/db/schema/events';
import {
  call,
  cancelEvent,
  createAttendee,
  createDraftEvent,
  createOrganizerTestContext,
  createPublishedEvent,
  expectError,
  expectOk,
  expectOrganizersOnly,
  expectPageBoundsRefused,
  moveEventToPast,
  type Account,
  type EventFixture,
} from './event-helpers';
import type { TestContext } from './helpers';

let ctx: TestContext;
let organizer: Account;
let rival: Account;
let attendee: Account;
/** An event with categories priced 5000, 3000 and free. */
let fixture: EventFixture;

beforeAll(async () => {
  ({ ctx, organizer, rival, attendee } = await createOrganizerTestContext({ publishLimit: 1000 }));
  fixture = await createPublishedEvent(ctx, organizer.auth, {
    ticket_categories: [
      { name: 'VIP', price: 5000 },
      { name: 'Standard', price: 3000 },
      { name: 'Free', price: 0 },
    ],
  });
});
afterAll(() => ctx.close());

const categoryId = (name: string) =>
  fixture.ticket_categories.find((category) => category.name === name)!.id;

const post = (auth: string | null, payload: unknown) =>
  call(ctx, auth, 'POST', '/api/v1/promo_codes/', payload);
const put = (auth: string | null, id: number, payload: unknown) =>
  call(ctx, auth, 'PUT', `/api/v1/promo_codes/${id}/`, payload);

const getCode = async (id: number) =>
  expectOk(await call(ctx, organizer.auth, 'GET', `/api/v1/promo_codes/${id}/`), 200, PromoCode);

let codeCounter = 0;
const uniqueCode = (prefix = 'CODE') => `${prefix}${(codeCounter += 1)}`;

/** A valid create body: a new 10% code for the fixture event, changed by `fields`. */
const codeBody = (fields: object = {}, eventId = fixture.event.id) => ({
  event: eventId,
  code: uniqueCode(),
  discount_type: 'percentage',
  value: 10,
  ...fields,
});

const newCode = async (fields: object = {}, eventId = fixture.event.id) =>
  expectOk(await post(organizer.auth, codeBody(fields, eventId)), 201, PromoCode);

describe('POST /api/v1/promo_codes/', () => {
  it('creates a code as typed, with defaults and no uses', async () => {
    const response = await post(organizer.auth, {
      event: fixture.event.id,
      code: 'Ramadan-25',
      discount_type: 'percentage',
      value: 25,
    });
    const code = expectOk(response, 201, PromoCode);
    expect(code).toMatchObject({
      event: fixture.event.id,
      code: 'Ramadan-25',
      discount_type: 'percentage',
      value: 25,
      max_uses: null,
      max_uses_per_user: null,
      valid_from: null,
      valid_until: null,
      ticket_categories: [],
      is_active: true,
      uses: 0,
    });
    expect(code.created_at).toMatch(/\+03:00$/);
    expect(await getCode(code.id)).toEqual(code);
  });

  it('refuses the same code in another letter case with promo_code_taken', async () => {
    await newCode({ code: 'SUMMER' });
    expectError(
      await post(organizer.auth, {
        event: fixture.event.id,
        code: 'summer',
        discount_type: 'fixed',
        value: 100,
      }),
      409,
      'promo_code_taken',
      'code',
    );
    // Another event may use it.
    const other = await createDraftEvent(ctx, organizer.auth);
    await newCode({ code: 'summer' }, other.id);
    const page = PromoCodeList.parse(
      (
        await call(
          ctx,
          organizer.auth,
          'GET',
          `/api/v1/promo_codes/?event=${fixture.event.id}&limit=1000`,
        )
      ).json(),
    );
    expect(page.results.filter((code) => code.code.toUpperCase() === 'SUMMER')).toHaveLength(1);
  });

  it('lets only one of two concurrent requests for the same code win', async () => {
    const code = uniqueCode('RACE');
    const responses = await Promise.all(
      [code.toUpperCase(), code.toLowerCase(), code].map((text) =>
        post(organizer.auth, {
          event: fixture.event.id,
          code: text,
          discount_type: 'percentage',
          value: 5,
        }),
      ),
    );
    expect(responses.map((response) => response.statusCode).sort()).toEqual([201, 409, 409]);
    for (const response of responses.filter((r) => r.statusCode === 409)) {
      expectError(response, 409, 'promo_code_taken', 'code');
    }
  });

  it('refuses a percentage over 100 with max_value', async () => {
    const error = expectError(
      await post(organizer.auth, codeBody({ value: 101 })),
      400,
      'max_value',
      'value',
    );
    expect(error.detail).toContain('100');
    expectError(await post(organizer.auth, codeBody({ value: 0 })), 400, 'min_value', 'value');
    await newCode({ value: 100 });
  });

  it('refuses a fixed amount above the cheapest paid ticket it applies to', async () => {
    const fixed = (fields: object) => codeBody({ discount_type: 'fixed', ...fields });
    const error = expectError(
      await post(organizer.auth, fixed({ value: 3001 })),
      400,
      'promo_value_exceeds_price',
      'value',
    );
    expect(error.detail).toMatch(/SAR\s30(?![.\d])/);
    await newCode({ discount_type: 'fixed', value: 3000 });
    // Limited to VIP, the floor is VIP's price.
    await newCode({ discount_type: 'fixed', value: 5000, ticket_categories: [categoryId('VIP')] });
    expectError(
      await post(organizer.auth, fixed({ value: 5001, ticket_categories: [categoryId('VIP')] })),
      400,
      'promo_value_exceeds_price',
      'value',
    );
    expectError(
      await post(
        organizer.auth,
        fixed({ value: 4000, ticket_categories: [categoryId('VIP'), categoryId('Standard')] }),
      ),
      400,
      'promo_value_exceeds_price',
      'value',
    );
    // Free tickets set no floor.
    await newCode({
      discount_type: 'fixed',
      value: 5000,
      ticket_categories: [categoryId('VIP'), categoryId('Free')],
    });
  });

  it('refuses ticket categories of another event with ticket_category_not_in_event', async () => {
    const other = await createPublishedEvent(ctx, organizer.auth);
    const rivalEvent = await createPublishedEvent(ctx, rival.auth);
    for (const ids of [
      [other.ticket_categories[0]!.id],
      [categoryId('VIP'), rivalEvent.ticket_categories[0]!.id],
      [999999],
    ]) {
      expectError(
        await post(organizer.auth, codeBody({ ticket_categories: ids })),
        400,
        'ticket_category_not_in_event',
        'ticket_categories',
      );
    }
  });

  it('refuses a validity window that ends before it starts with date_order_invalid', async () => {
    expectError(
      await post(
        organizer.auth,
        codeBody({ valid_from: '2099-02-01T00:00:00Z', valid_until: '2099-01-01T00:00:00Z' }),
      ),
      400,
      'date_order_invalid',
      'valid_until',
    );
    const code = await newCode({
      valid_from: '2099-01-01T00:00:00Z',
      valid_until: '2099-02-01T00:00:00Z',
    });
    expect(code).toMatchObject({
      valid_from: '2099-01-01T03:00:00+03:00',
      valid_until: '2099-02-01T03:00:00+03:00',
    });
  });

  it('refuses malformed codes, limits, unknown fields and ids above the 32-bit range', async () => {
    for (const [fields, code, attr] of [
      [{ code: 'ab' }, 'min_length', 'code'],
      [{ code: 'two words' }, 'invalid', 'code'],
      [{ code: 'x'.repeat(33) }, 'max_length', 'code'],
      [{ discount_type: 'bogo' }, 'invalid_choice', 'discount_type'],
      [{ max_uses: 0 }, 'min_value', 'max_uses'],
      [{ max_uses_per_user: -1 }, 'min_value', 'max_uses_per_user'],
      [{ uses: 5 }, 'unknown_field', 'uses'],
      [{ event: 2 ** 31 }, 'max_value', 'event'],
      [{ ticket_categories: [2 ** 31] }, 'max_value', 'ticket_categories.0'],
    ] as const) {
      expectError(await post(organizer.auth, codeBody(fields)), 400, code, attr);
    }
  });

  it("answers not_found for another organizer's event; attendees and visitors are refused", async () => {
    const body = codeBody();
    expectError(await post(rival.auth, body), 404, 'not_found', 'event');
    await expectOrganizersOnly(attendee, (auth) => post(auth, body));
  });

  it('refuses codes for a cancelled or ended event with event_not_editable', async () => {
    const ended = await createPublishedEvent(ctx, organizer.auth);
    await moveEventToPast(ctx, ended.event.id);
    expectError(
      await post(organizer.auth, codeBody({}, ended.event.id)),
      409,
      'event_not_editable',
    );
  });
});

describe('GET /api/v1/promo_codes/', () => {
  it("lists one event's codes, newest first, only for its organizer", async () => {
    const event = await createDraftEvent(ctx, organizer.auth);
    const first = await newCode({}, event.id);
    const second = await newCode({}, event.id);
    const response = await call(
      ctx,
      organizer.auth,
      'GET',
      `/api/v1/promo_codes/?event=${event.id}`,
    );
    const page = expectOk(response, 200, PromoCodeList);
    expect(page.count).toBe(2);
    expect(page.results.map((code) => code.id)).toEqual([second.id, first.id]);

    expectError(
      await call(ctx, rival.auth, 'GET', `/api/v1/promo_codes/?event=${event.id}`),
      404,
      'not_found',
      'event',
    );
    const rivals = PromoCodeList.parse(
      (await call(ctx, rival.auth, 'GET', '/api/v1/promo_codes/')).json(),
    );
    expect(rivals.count).toBe(0);
  });

  it('pages and refuses out-of-bounds pagination and non-organizers', async () => {
    const page = PromoCodeList.parse(
      (await call(ctx, organizer.auth, 'GET', '/api/v1/promo_codes/?limit=1')).json(),
    );
    expect(page.results).toHaveLength(1);
    expect(page.next).toContain('offset=1');
    await expectPageBoundsRefused(ctx, organizer.auth, '/api/v1/promo_codes/');
    await expectOrganizersOnly(attendee, (auth) => call(ctx, auth, 'GET', '/api/v1/promo_codes/'));
  });
});

describe('GET /api/v1/promo_codes/{id}/', () => {
  it("answers not_found for another organizer's code and shows uses", async () => {
    const code = await newCode();
    await ctx.database.db.update(promoCodes).set({ uses: 4 }).where(eq(promoCodes.id, code.id));
    expect((await getCode(code.id)).uses).toBe(4);
    expectError(
      await call(ctx, rival.auth, 'GET', `/api/v1/promo_codes/${code.id}/`),
      404,
      'not_found',
    );
    expectError(
      await call(ctx, organizer.auth, 'GET', `/api/v1/promo_codes/${2 ** 31}/`),
      400,
      'max_value',
      'id',
    );
  });
});

describe('PUT /api/v1/promo_codes/{id}/', () => {
  it('replaces every field; omitted ones take their defaults; uses and id stay', async () => {
    const code = await newCode({
      max_uses: 50,
      max_uses_per_user: 2,
      valid_until: '2099-01-01T00:00:00Z',
      is_active: false,
    });
    await ctx.database.db.update(promoCodes).set({ uses: 3 }).where(eq(promoCodes.id, code.id));
    const response = await put(organizer.auth, code.id, {
      id: 1,
      uses: 0,
      event: fixture.event.id,
      code: code.code.toLowerCase(),
      discount_type: 'fixed',
      value: 2500,
      ticket_categories: [categoryId('Standard'), categoryId('Standard')],
    });
    expect(expectOk(response, 200, PromoCode)).toMatchObject({
      id: code.id,
      code: code.code.toLowerCase(),
      discount_type: 'fixed',
      value: 2500,
      max_uses: null,
      max_uses_per_user: null,
      valid_until: null,
      is_active: true,
      ticket_categories: [categoryId('Standard')],
      uses: 3,
    });
  });

  it('refuses to move a code to another event with invalid', async () => {
    const code = await newCode();
    const other = await createDraftEvent(ctx, organizer.auth);
    expectError(
      await put(organizer.auth, code.id, {
        event: other.id,
        code: code.code,
        discount_type: 'percentage',
        value: 10,
      }),
      400,
      'invalid',
      'event',
    );
    expect((await getCode(code.id)).event).toBe(fixture.event.id);
  });

  it('applies the creation rules and changes nothing when refused', async () => {
    const code = await newCode({ value: 15 });
    const taken = await newCode({ code: uniqueCode('TAKEN') });
    const replace = (fields: object) =>
      put(organizer.auth, code.id, {
        code: code.code,
        discount_type: 'percentage',
        value: 20,
        ...fields,
      });
    expectError(await replace({ code: taken.code.toLowerCase() }), 409, 'promo_code_taken', 'code');
    expectError(await replace({ value: 150 }), 400, 'max_value', 'value');
    expectError(
      await replace({ discount_type: 'fixed', value: 3500 }),
      400,
      'promo_value_exceeds_price',
      'value',
    );
    expectError(
      await replace({ ticket_categories: [999999] }),
      400,
      'ticket_category_not_in_event',
      'ticket_categories',
    );
    expectError(
      await replace({ valid_from: '2099-01-02T00:00:00Z', valid_until: '2099-01-01T00:00:00Z' }),
      400,
      'date_order_invalid',
      'valid_until',
    );
    expectError(await replace({ created_at: 'x' }), 400, 'unknown_field', 'created_at');
    expect(await getCode(code.id)).toEqual(code);
  });

  it('refuses max_uses below the uses so far with max_uses_below_uses and changes nothing', async () => {
    const code = await newCode({ max_uses: 10, value: 15 });
    await ctx.database.db.update(promoCodes).set({ uses: 4 }).where(eq(promoCodes.id, code.id));
    const used = await getCode(code.id);
    const replace = (maxUses: number | null) =>
      put(organizer.auth, code.id, {
        code: code.code,
        discount_type: 'percentage',
        value: 30,
        max_uses: maxUses,
      });
    const error = expectError(await replace(3), 409, 'max_uses_below_uses', 'max_uses');
    expect(error.detail).toContain('4');
    expect(await getCode(code.id)).toEqual(used);
    expect(expectOk(await replace(4), 200, PromoCode)).toMatchObject({ max_uses: 4, uses: 4 });
    expect(expectOk(await replace(null), 200, PromoCode)).toMatchObject({ max_uses: null });
  });

  it('never leaves max_uses below uses when bookings use the code while it is lowered', async () => {
    const event = await createPublishedEvent(ctx, organizer.auth, {
      ticket_categories: [{ name: 'General', price: 1000, quantity: 100 }],
    });
    const code = await newCode({ max_uses: null }, event.event.id);
    const buyers = await Promise.all([1, 2, 3, 4, 5, 6].map(() => createAttendee(ctx)));
    const answers = await Promise.all([
      ...buyers.map((buyer) =>
        call(ctx, buyer.auth, 'POST', '/api/v1/tickets/book/', {
          event: event.event.id,
          event_date: event.dates[0]!.id,
          items: [{ ticket_category: event.ticket_categories[0]!.id, quantity: 1 }],
          promo_code: code.code,
        }),
      ),
      put(organizer.auth, code.id, {
        code: code.code,
        discount_type: 'percentage',
        value: 10,
        max_uses: 3,
      }),
    ]);
    for (const answer of answers) expect(answer.statusCode, answer.body).toBeLessThan(500);
    const [row] = await ctx.database.db
      .select({ uses: promoCodes.uses, max_uses: promoCodes.max_uses })
      .from(promoCodes)
      .where(eq(promoCodes.id, code.id));
    expect(row!.max_uses === null || row!.uses <= row!.max_uses, JSON.stringify(row)).toBe(true);
    const booked = answers.slice(0, -1).filter((answer) => answer.statusCode === 201).length;
    expect(row!.uses).toBe(booked);
  });

  it("answers not_found for another organizer's code and refuses attendees", async () => {
    const code = await newCode();
    const body = { code: 'HIJACK', discount_type: 'percentage', value: 100 };
    expectError(await put(rival.auth, code.id, body), 404, 'not_found');
    await expectOrganizersOnly(attendee, (auth) => put(auth, code.id, body));
    expect(await getCode(code.id)).toEqual(code);
  });

  it('refuses to change a code of a cancelled event with event_not_editable', async () => {
    const event = await createDraftEvent(ctx, organizer.auth);
    const code = await newCode({}, event.id);
    await cancelEvent(ctx, organizer.auth, event.id);
    expectError(
      await put(organizer.auth, code.id, {
        code: code.code,
        discount_type: 'percentage',
        value: 5,
      }),
      409,
      'event_not_editable',
    );
  });
});
