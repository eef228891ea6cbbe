import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EARLIEST_DAY, LATEST_DAY } from '@hafla/shared/common/date-range';
import { EventDateList } from '@hafla/shared/event-dates/event-dates';
import { PromoCodeList } from '@hafla/shared/promo-codes/promo-codes';
import { TicketCategoryList } from '@hafla/shared/ticket-categories/ticket-categories';
import {
  call,
  createOrganizerTestContext,
  createPublishedEvent,
  expectError,
  expectOk,
  inDays,
  type Account,
  type EventFixture,
} from './event-helpers';
import type { TestContext } from './helpers';

/** Every date input is bounded by shared/common/date-range.ts, with a field error naming it. */

let ctx: TestContext;
let organizer: Account;
let fixture: EventFixture;

beforeAll(async () => {
  ({ ctx, organizer } = await createOrganizerTestContext());
  fixture = await createPublishedEvent(ctx, organizer.auth);
});
afterAll(() => ctx.close());

const FAR = ['9999-12-31T23:59:59Z', '2100-01-01T00:00:00+03:00', '0001-01-01T00:00:00Z'];
const send = (method: 'POST' | 'PATCH' | 'PUT', url: string, payload: object) =>
  call(ctx, organizer.auth, method, url, payload);

async function slots() {
  const url = `/api/v1/event_dates/?event=${fixture.event.id}`;
  return expectOk(await call(ctx, organizer.auth, 'GET', url), 200, EventDateList);
}

describe('time slots', () => {
  it('refuse a start or end outside the range and store nothing; the event still reads', async () => {
    const before = await slots();
    for (const far of FAR) {
      expectError(
        await send('POST', '/api/v1/event_dates/', {
          event: fixture.event.id,
          start: inDays(3),
          end: far,
        }),
        400,
        'date_out_of_range',
        'end',
      );
      expectError(
        await send('PATCH', `/api/v1/event_dates/${fixture.dates[0]!.id}/`, { start: far }),
        400,
        'date_out_of_range',
        'start',
      );
    }
    expect(await slots()).toEqual(before);
    expect(
      (await call(ctx, null, 'GET', `/api/v1/events_read/${fixture.event.id}`)).statusCode,
    ).toBe(200);
    expect((await call(ctx, null, 'GET', '/api/v1/events_read/?sort=newest')).statusCode).toBe(200);
  });

  it('say the range in the reader language', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/event_dates/',
      headers: { authorization: organizer.auth, 'accept-language': 'ar' },
      payload: { event: fixture.event.id, start: inDays(3), end: FAR[0] },
    });
    const error = expectError(response, 400, 'date_out_of_range', 'end');
    expect(error.detail).toContain(EARLIEST_DAY);
    expect(error.detail).toContain(LATEST_DAY);
    expect(error.detail).toMatch(/[\u0600-\u06FF]/);
  });

  it('accept the last day of the range', async () => {
    const response = await send('POST', '/api/v1/event_dates/', {
      event: fixture.event.id,
      start: `${LATEST_DAY}T10:00:00Z`,
      end: `${LATEST_DAY}T23:59:00Z`,
    });
    expect(response.statusCode, response.body).toBe(201);
  });

  it("refuse a repeating pattern's range outside the range", async () => {
    const before = await slots();
    const pattern = {
      event: fixture.event.id,
      days_of_week: [5],
      times: [{ start: '19:00', end: '21:00' }],
    };
    expectError(
      await send('POST', '/api/v1/event_dates/bulk/', {
        ...pattern,
        start_date: '2099-12-01',
        end_date: '9999-12-31',
      }),
      400,
      'date_out_of_range',
      'end_date',
    );
    expectError(
      await send('POST', '/api/v1/event_dates/bulk/', {
        ...pattern,
        start_date: '1999-12-31',
        end_date: '2000-01-07',
      }),
      400,
      'date_out_of_range',
      'start_date',
    );
    expect(await slots()).toEqual(before);
  });
});

describe('ticket categories', () => {
  it('refuse sales dates outside the range and change nothing', async () => {
    const category = fixture.ticket_categories[0]!;
    const list = async () => {
      const url = `/api/v1/ticket_categories/?event=${fixture.event.id}`;
      return expectOk(await call(ctx, organizer.auth, 'GET', url), 200, TicketCategoryList);
    };
    const before = await list();
    for (const far of FAR) {
      expectError(
        await send('POST', '/api/v1/ticket/create/', {
          event: fixture.event.id,
          name: 'Far',
          price: 0,
          quantity: 5,
          sales_end: far,
        }),
        400,
        'date_out_of_range',
        'sales_end',
      );
      expectError(
        await send('PATCH', `/api/v1/ticket_categories/${category.id}/`, { sales_start: far }),
        400,
        'date_out_of_range',
        'sales_start',
      );
    }
    expect(await list()).toEqual(before);
  });
});

describe('promo codes', () => {
  it('refuse validity dates outside the range and change nothing', async () => {
    const list = async () => {
      const url = `/api/v1/promo_codes/?event=${fixture.event.id}`;
      return expectOk(await call(ctx, organizer.auth, 'GET', url), 200, PromoCodeList);
    };
    const created = await send('POST', '/api/v1/promo_codes/', {
      event: fixture.event.id,
      code: 'BOUNDED',
      discount_type: 'percentage',
      value: 10,
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = (created.json() as { id: number }).id;
    const before = await list();
    for (const far of FAR) {
      const body = { code: 'FARCODE', discount_type: 'percentage', value: 10 };
      expectError(
        await send('POST', '/api/v1/promo_codes/', {
          ...body,
          event: fixture.event.id,
          valid_until: far,
        }),
        400,
        'date_out_of_range',
        'valid_until',
      );
      expectError(
        await send('PUT', `/api/v1/promo_codes/${id}/`, { ...body, valid_from: far }),
        400,
        'date_out_of_range',
        'valid_from',
      );
    }
    expect(await list()).toEqual(before);
  });
});

describe('GET /api/v1/events_read/', () => {
  it('refuses date filters outside the range', async () => {
    expectError(
      await call(ctx, null, 'GET', '/api/v1/events_read/?date_to=9999-12-31'),
      400,
      'date_out_of_range',
      'date_to',
    );
    expectError(
      await call(ctx, null, 'GET', '/api/v1/events_read/?date_from=0001-01-01'),
      400,
      'date_out_of_range',
      'date_from',
    );
  });
});
