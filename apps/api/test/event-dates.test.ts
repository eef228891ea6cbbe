import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, dayInZone } from '@hafla/shared/common/zoned-time';
import {
  EventDate,
  EventDateBulkResult,
  EventDateList,
  MAX_BULK_DATES,
} from '@hafla/shared/event-dates/event-dates';
import { Event } from '@hafla/shared/events/events';
import {
  call,
  cancelEvent,
  createDraftEvent,
  createOrganizerTestContext,
  createPublishedEvent,
  expectError,
  expectOk,
  expectOrganizersOnly,
  expectPageBoundsRefused,
  inDays,
  moveEventToPast,
  type Account,
} from './event-helpers';
import type { TestContext } from './helpers';

let ctx: TestContext;
let organizer: Account;
let rival: Account;
let attendee: Account;

beforeAll(async () => {
  // Many fixtures here are published by one organizer.
  ({ ctx, organizer, rival, attendee } = await createOrganizerTestContext({ publishLimit: 1000 }));
});
afterAll(() => ctx.close());

const postDate = (auth: string | null, payload: unknown) =>
  call(ctx, auth, 'POST', '/api/v1/event_dates/', payload);
const postBulk = (auth: string | null, payload: unknown) =>
  call(ctx, auth, 'POST', '/api/v1/event_dates/bulk/', payload);
const patchDate = (auth: string | null, id: number, payload: unknown) =>
  call(ctx, auth, 'PATCH', `/api/v1/event_dates/${id}/`, payload);

const getDate = async (id: number) =>
  expectOk(await call(ctx, organizer.auth, 'GET', `/api/v1/event_dates/${id}`), 200, EventDate);

const listDates = async (query: string, auth = organizer.auth) =>
  expectOk(await call(ctx, auth, 'GET', `/api/v1/event_dates/${query}`), 200, EventDateList);

describe('POST /api/v1/event_dates/', () => {
  it('adds a slot and answers it in the event time zone', async () => {
    const event = await createDraftEvent(ctx, organizer.auth, { timezone: 'Asia/Riyadh' });
    const response = await postDate(organizer.auth, {
      event: event.id,
      start: '2099-03-01T16:00:00Z',
      end: '2099-03-01T22:30:00+03:00',
    });
    const date = expectOk(response, 201, EventDate);
    expect(date).toMatchObject({
      event: event.id,
      start: '2099-03-01T19:00:00+03:00',
      end: '2099-03-01T22:30:00+03:00',
    });
    expect(await getDate(date.id)).toEqual(date);
  });

  it('refuses an end at or before the start with date_order_invalid', async () => {
    const event = await createDraftEvent(ctx, organizer.auth);
    const start = inDays(5);
    expectError(
      await postDate(organizer.auth, { event: event.id, start, end: inDays(4) }),
      400,
      'date_order_invalid',
      'end',
    );
    expectError(
      await postDate(organizer.auth, { event: event.id, start, end: start }),
      400,
      'date_order_invalid',
      'end',
    );
  });

  it('refuses a start in the past with date_in_past', async () => {
    const event = await createDraftEvent(ctx, organizer.auth);
    expectError(
      await postDate(organizer.auth, { event: event.id, start: inDays(-1), end: inDays(1) }),
      400,
      'date_in_past',
      'start',
    );
  });

  it('refuses a second slot at the same instant with date_taken, whatever the offset', async () => {
    const event = await createDraftEvent(ctx, organizer.auth);
    const first = await postDate(organizer.auth, {
      event: event.id,
      start: '2099-05-01T19:00:00+03:00',
      end: '2099-05-01T21:00:00+03:00',
    });
    expect(first.statusCode).toBe(201);
    expectError(
      await postDate(organizer.auth, {
        event: event.id,
        start: '2099-05-01T16:00:00Z',
        end: '2099-05-01T23:00:00Z',
      }),
      409,
      'date_taken',
      'start',
    );
    expect((await listDates(`?event=${event.id}`)).count).toBe(1);
  });

  it('refuses malformed instants, unknown fields and ids above the 32-bit range', async () => {
    const event = await createDraftEvent(ctx, organizer.auth);
    expectError(
      await postDate(organizer.auth, {
        event: event.id,
        start: '2099-05-01 19:00',
        end: inDays(2),
      }),
      400,
      'invalid',
      'start',
    );
    expectError(
      await postDate(organizer.auth, {
        event: event.id,
        start: '2099-05-01T19:00:00',
        end: inDays(2),
      }),
      400,
      'invalid',
      'start',
    );
    expectError(
      await postDate(organizer.auth, { event: event.id, start: inDays(1), end: inDays(2), id: 5 }),
      400,
      'unknown_field',
      'id',
    );
    expectError(
      await postDate(organizer.auth, { event: 2 ** 31, start: inDays(1), end: inDays(2) }),
      400,
      'max_value',
      'event',
    );
    expectError(
      await postDate(organizer.auth, { start: inDays(1), end: inDays(2) }),
      400,
      'required',
      'event',
    );
  });

  it("answers not_found for another organizer's event; attendees and visitors are refused", async () => {
    const event = await createDraftEvent(ctx, organizer.auth);
    const body = { event: event.id, start: inDays(3), end: inDays(3, 2) };
    expectError(await postDate(rival.auth, body), 404, 'not_found', 'event');
    expectError(await postDate(organizer.auth, { ...body, event: 999999 }), 404, 'not_found');
    await expectOrganizersOnly(attendee, (auth) => postDate(auth, body));
    expect((await listDates(`?event=${event.id}`)).count).toBe(0);
  });

  it('refuses slots for a cancelled or ended event with event_not_editable', async () => {
    const cancelled = await createDraftEvent(ctx, organizer.auth);
    await cancelEvent(ctx, organizer.auth, cancelled.id);
    expectError(
      await postDate(organizer.auth, { event: cancelled.id, start: inDays(3), end: inDays(4) }),
      409,
      'event_not_editable',
    );
    const { event } = await createPublishedEvent(ctx, organizer.auth);
    await moveEventToPast(ctx, event.id);
    expectError(
      await postDate(organizer.auth, { event: event.id, start: inDays(3), end: inDays(4) }),
      409,
      'event_not_editable',
    );
  });

  it('adds slots to a published event', async () => {
    const { event } = await createPublishedEvent(ctx, organizer.auth);
    const response = await postDate(organizer.auth, {
      event: event.id,
      start: inDays(30),
      end: inDays(30, 2),
    });
    expect(response.statusCode, response.body).toBe(201);
  });
});

describe('GET /api/v1/event_dates/', () => {
  let eventA: number;
  let eventB: number;
  beforeAll(async () => {
    const owner = organizer;
    eventA = (
      await createPublishedEvent(ctx, owner.auth, {
        dates: [
          { start: inDays(9), end: inDays(9, 2) },
          { start: inDays(3), end: inDays(3, 2) },
        ],
      })
    ).event.id;
    const past = await createPublishedEvent(ctx, owner.auth, {
      dates: [{ start: inDays(2), end: inDays(2, 2) }],
    });
    await moveEventToPast(ctx, past.event.id);
    eventB = past.event.id;
    await createPublishedEvent(ctx, rival.auth);
  });

  it("lists one event's slots by start", async () => {
    const page = await listDates(`?event=${eventA}`);
    expect(page.count).toBe(2);
    const starts = page.results.map((date) => Date.parse(date.start));
    expect(starts).toEqual([...starts].sort((a, b) => a - b));
    expect(page.results.every((date) => date.event === eventA)).toBe(true);
  });

  it('lists only slots that have not ended with upcoming=true', async () => {
    expect((await listDates(`?event=${eventB}`)).count).toBe(1);
    expect((await listDates(`?event=${eventB}&upcoming=true`)).count).toBe(0);
    expect((await listDates(`?event=${eventA}&upcoming=true`)).count).toBe(2);
    expect((await listDates(`?event=${eventB}&upcoming=false`)).count).toBe(1);
    expectError(
      await call(ctx, organizer.auth, 'GET', '/api/v1/event_dates/?upcoming=yes'),
      400,
      'invalid_choice',
      'upcoming',
    );
  });

  it("lists only the organizer's own slots and refuses another's event filter", async () => {
    const all = await listDates('?limit=1000');
    const ownEvents = new Set(all.results.map((date) => date.event));
    const rivalPage = await listDates('?limit=1000', rival.auth);
    for (const date of rivalPage.results) expect(ownEvents.has(date.event)).toBe(false);
    expectError(
      await call(ctx, rival.auth, 'GET', `/api/v1/event_dates/?event=${eventA}`),
      404,
      'not_found',
      'event',
    );
  });

  it('pages and refuses out-of-bounds pagination', async () => {
    const page = await listDates(`?event=${eventA}&limit=1`);
    expect(page.results).toHaveLength(1);
    expect(page.next).toContain('offset=1');
    expect(page.next).toContain(`event=${eventA}`);
    await expectPageBoundsRefused(ctx, organizer.auth, '/api/v1/event_dates/');
    expectError(
      await call(ctx, organizer.auth, 'GET', `/api/v1/event_dates/?event=${2 ** 31}`),
      400,
      'max_value',
      'event',
    );
  });

  it('is for organizers only', async () => {
    await expectOrganizersOnly(attendee, (auth) => call(ctx, auth, 'GET', '/api/v1/event_dates/'));
  });
});

describe('GET /api/v1/event_dates/{id}', () => {
  it("answers not_found for another organizer's slot", async () => {
    const { dates } = await createPublishedEvent(ctx, organizer.auth);
    expectError(
      await call(ctx, rival.auth, 'GET', `/api/v1/event_dates/${dates[0]!.id}`),
      404,
      'not_found',
    );
    expectError(
      await call(ctx, organizer.auth, 'GET', `/api/v1/event_dates/${2 ** 31}`),
      400,
      'max_value',
      'id',
    );
  });
});

describe('PATCH /api/v1/event_dates/{id}/', () => {
  it('moves a slot, answered in the event time zone', async () => {
    const { dates, event } = await createPublishedEvent(ctx, organizer.auth, {
      timezone: 'Africa/Cairo',
      currency: 'EGP',
    });
    const response = await patchDate(organizer.auth, dates[0]!.id, {
      start: '2099-01-10T18:00:00Z',
      end: '2099-01-10T21:00:00Z',
    });
    expect(expectOk(response, 200, EventDate)).toEqual({
      id: dates[0]!.id,
      event: event.id,
      start: '2099-01-10T20:00:00+02:00',
      end: '2099-01-10T23:00:00+02:00',
      has_seat_map: false,
    });
    const end = await patchDate(organizer.auth, dates[0]!.id, { end: '2099-01-10T22:00:00Z' });
    expect(EventDate.parse(end.json()).end).toBe('2099-01-11T00:00:00+02:00');
  });

  it('checks the order on the merged slot and changes nothing when refused', async () => {
    const { dates } = await createPublishedEvent(ctx, organizer.auth);
    const before = await getDate(dates[0]!.id);
    expectError(
      await patchDate(organizer.auth, before.id, { end: inDays(1) }),
      400,
      'date_order_invalid',
      'end',
    );
    expectError(
      await patchDate(organizer.auth, before.id, { start: inDays(8) }),
      400,
      'date_order_invalid',
      'end',
    );
    expectError(
      await patchDate(organizer.auth, before.id, { start: inDays(-2) }),
      400,
      'date_in_past',
      'start',
    );
    expectError(
      await patchDate(organizer.auth, before.id, { event: 1 }),
      400,
      'unknown_field',
      'event',
    );
    expect(await getDate(before.id)).toEqual(before);
  });

  it('refuses to move a slot onto another slot of the event with date_taken', async () => {
    const { dates } = await createPublishedEvent(ctx, organizer.auth, {
      dates: [
        { start: inDays(5), end: inDays(5, 2) },
        { start: inDays(6), end: inDays(6, 2) },
      ],
    });
    expectError(
      await patchDate(organizer.auth, dates[1]!.id, { start: dates[0]!.start }),
      409,
      'date_taken',
      'start',
    );
    expect((await getDate(dates[1]!.id)).start).toBe(dates[1]!.start);
  });

  it("answers not_found for another organizer's slot and refuses attendees", async () => {
    const { dates } = await createPublishedEvent(ctx, organizer.auth);
    const id = dates[0]!.id;
    expectError(await patchDate(rival.auth, id, { end: inDays(9) }), 404, 'not_found');
    await expectOrganizersOnly(attendee, (auth) => patchDate(auth, id, { end: inDays(9) }));
    expect((await getDate(id)).end).toBe(dates[0]!.end);
  });

  it('refuses to change slots of a cancelled or ended event with event_not_editable', async () => {
    const { event, dates } = await createPublishedEvent(ctx, organizer.auth);
    await cancelEvent(ctx, organizer.auth, event.id);
    expectError(
      await patchDate(organizer.auth, dates[0]!.id, { end: inDays(9) }),
      409,
      'event_not_editable',
    );
    const ended = await createPublishedEvent(ctx, organizer.auth);
    await moveEventToPast(ctx, ended.event.id);
    expectError(
      await patchDate(organizer.auth, ended.dates[0]!.id, { start: inDays(3), end: inDays(4) }),
      409,
      'event_not_editable',
    );
  });
});

describe('POST /api/v1/event_dates/bulk/', () => {
  it('creates a daily show for three months in one request, at 19:00 local every day', async () => {
    const event = await createDraftEvent(ctx, organizer.auth, { timezone: 'Asia/Riyadh' });
    const pattern = {
      event: event.id,
      start_date: '2099-06-01',
      end_date: '2099-08-31',
      days_of_week: [0, 1, 2, 3, 4, 5, 6],
      times: [{ start: '19:00', end: '22:00' }],
    };
    const result = expectOk(await postBulk(organizer.auth, pattern), 201, EventDateBulkResult);
    expect(result.created).toBe(92);
    expect(result.skipped).toBe(0);
    expect(result.results).toHaveLength(92);
    expect(result.results[0]).toMatchObject({
      start: '2099-06-01T19:00:00+03:00',
      end: '2099-06-01T22:00:00+03:00',
    });
    expect(result.results[91]!.start).toBe('2099-08-31T19:00:00+03:00');
    expect(result.results.every((date) => date.start.slice(11) === '19:00:00+03:00')).toBe(true);

    const refreshed = await call(ctx, organizer.auth, 'GET', `/api/v1/events/${event.id}`);
    expect(Event.parse(refreshed.json())).toMatchObject({
      dates_count: 92,
      first_start: '2099-06-01T19:00:00+03:00',
      last_end: '2099-08-31T22:00:00+03:00',
    });

    // Repeating the request creates nothing and counts every slot as skipped.
    const again = EventDateBulkResult.parse((await postBulk(organizer.auth, pattern)).json());
    expect(again).toEqual({ created: 0, skipped: 92, results: [] });
  });

  it('keeps only the listed weekdays and makes a slot per listed time', async () => {
    const event = await createDraftEvent(ctx, organizer.auth, { timezone: 'UTC' });
    const response = await postBulk(organizer.auth, {
      event: event.id,
      start_date: '2099-02-01',
      end_date: '2099-02-28',
      days_of_week: [5, 6],
      times: [
        { start: '15:00', end: '17:00' },
        { start: '20:00', end: '22:00' },
        { start: '20:00', end: '23:00' },
      ],
    });
    const result = expectOk(response, 201, EventDateBulkResult);
    // February 2099 has four Fridays and four Saturdays; the repeated 20:00 is one slot.
    expect(result.created).toBe(16);
    for (const date of result.results) {
      expect([5, 6]).toContain(new Date(date.start).getUTCDay());
      expect(['15:00', '20:00']).toContain(date.start.slice(11, 16));
    }
  });

  it('keeps the local time across a daylight-saving change (Europe/London in October)', async () => {
    const event = await createDraftEvent(ctx, organizer.auth, {
      timezone: 'Europe/London',
      currency: 'EUR',
    });
    const response = await postBulk(organizer.auth, {
      event: event.id,
      start_date: '2099-10-20',
      end_date: '2099-11-03',
      days_of_week: [0, 1, 2, 3, 4, 5, 6],
      times: [{ start: '19:00', end: '21:30' }],
    });
    const result = expectOk(response, 201, EventDateBulkResult);
    expect(result.created).toBe(15);
    expect(result.results.every((date) => date.start.slice(11, 19) === '19:00:00')).toBe(true);
    expect(result.results[0]!.start).toBe('2099-10-20T19:00:00+01:00');
    expect(result.results[14]!.start).toBe('2099-11-03T19:00:00+00:00');
    // The same wall time is an hour later in UTC once the clocks go back.
    expect(new Date(result.results[0]!.start).getUTCHours()).toBe(18);
    expect(new Date(result.results[14]!.start).getUTCHours()).toBe(19);
  });

  it('ends a slot the next day when its end is not after its start', async () => {
    const event = await createDraftEvent(ctx, organizer.auth, { timezone: 'Asia/Riyadh' });
    const result = EventDateBulkResult.parse(
      (
        await postBulk(organizer.auth, {
          event: event.id,
          start_date: '2099-04-10',
          end_date: '2099-04-10',
          days_of_week: [0, 1, 2, 3, 4, 5, 6],
          times: [{ start: '22:00', end: '01:00' }],
        })
      ).json(),
    );
    expect(result.results).toEqual([
      expect.objectContaining({
        start: '2099-04-10T22:00:00+03:00',
        end: '2099-04-11T01:00:00+03:00',
      }),
    ]);
  });

  it('skips slots that already began today and counts them', async () => {
    const timezone = 'Asia/Tokyo';
    const event = await createDraftEvent(ctx, organizer.auth, { timezone });
    const today = dayInZone(new Date(), timezone);
    const response = await postBulk(organizer.auth, {
      event: event.id,
      start_date: today,
      end_date: addDays(today, 1),
      days_of_week: [0, 1, 2, 3, 4, 5, 6],
      times: [{ start: '00:00', end: '00:30' }],
    });
    const result = expectOk(response, 201, EventDateBulkResult);
    expect(result).toMatchObject({ created: 1, skipped: 1 });
    expect(result.results[0]!.start).toBe(`${addDays(today, 1)}T00:00:00+09:00`);
  });

  it('refuses a reversed or past range', async () => {
    const event = await createDraftEvent(ctx, organizer.auth, { timezone: 'Asia/Riyadh' });
    const base = {
      event: event.id,
      days_of_week: [1],
      times: [{ start: '19:00', end: '21:00' }],
    };
    expectError(
      await postBulk(organizer.auth, { ...base, start_date: '2099-05-10', end_date: '2099-05-01' }),
      400,
      'date_order_invalid',
      'end_date',
    );
    const yesterday = addDays(dayInZone(new Date(), 'Asia/Riyadh'), -1);
    expectError(
      await postBulk(organizer.auth, { ...base, start_date: yesterday, end_date: '2099-05-01' }),
      400,
      'date_in_past',
      'start_date',
    );
  });

  it(`refuses more than ${MAX_BULK_DATES} slots with too_many_dates`, async () => {
    const event = await createDraftEvent(ctx, organizer.auth);
    const error = expectError(
      await postBulk(organizer.auth, {
        event: event.id,
        start_date: '2099-01-01',
        end_date: '2099-12-31',
        days_of_week: [0, 1, 2, 3, 4, 5, 6],
        times: [
          { start: '10:00', end: '12:00' },
          { start: '19:00', end: '21:00' },
        ],
      }),
      400,
      'too_many_dates',
    );
    expect(error.detail).toContain('730');
    expect(error.detail).toContain(String(MAX_BULK_DATES));
    // A pattern over a decade is refused as quickly, one past the accepted years on its field.
    const weekly = {
      event: event.id,
      days_of_week: [3],
      times: [{ start: '10:00', end: '12:00' }],
    };
    expectError(
      await postBulk(organizer.auth, {
        ...weekly,
        start_date: '2090-01-01',
        end_date: '2099-12-31',
      }),
      400,
      'too_many_dates',
    );
    expectError(
      await postBulk(organizer.auth, {
        ...weekly,
        start_date: '2099-01-01',
        end_date: '9999-12-31',
      }),
      400,
      'date_out_of_range',
      'end_date',
    );
    expect((await listDates(`?event=${event.id}`)).count).toBe(0);
  });

  it('refuses a pattern that produces no slot with no_dates_in_pattern', async () => {
    const event = await createDraftEvent(ctx, organizer.auth);
    // 2099-06-01 is a Monday and 2099-06-02 a Tuesday: no Friday between them.
    expectError(
      await postBulk(organizer.auth, {
        event: event.id,
        start_date: '2099-06-01',
        end_date: '2099-06-02',
        days_of_week: [5],
        times: [{ start: '19:00', end: '21:00' }],
      }),
      400,
      'no_dates_in_pattern',
    );
  });

  it('refuses malformed patterns', async () => {
    const event = await createDraftEvent(ctx, organizer.auth);
    const base = {
      event: event.id,
      start_date: '2099-06-01',
      end_date: '2099-06-30',
      days_of_week: [1],
      times: [{ start: '19:00', end: '21:00' }],
    };
    for (const [patch, code, attr] of [
      [{ days_of_week: [7] }, 'max_value', 'days_of_week.0'],
      [{ days_of_week: [] }, 'min_length', 'days_of_week'],
      [{ times: [{ start: '24:00', end: '01:00' }] }, 'invalid', 'times.0.start'],
      [{ times: [] }, 'min_length', 'times'],
      [{ start_date: '2099-02-30' }, 'invalid', 'start_date'],
      [{ repeat: 'daily' }, 'unknown_field', 'repeat'],
      [{ event: 2 ** 31 }, 'max_value', 'event'],
    ] as const) {
      expectError(await postBulk(organizer.auth, { ...base, ...patch }), 400, code, attr);
    }
  });

  it("answers not_found for another organizer's event and refuses a cancelled one", async () => {
    const event = await createDraftEvent(ctx, organizer.auth);
    const pattern = {
      event: event.id,
      start_date: '2099-06-01',
      end_date: '2099-06-07',
      days_of_week: [1],
      times: [{ start: '19:00', end: '21:00' }],
    };
    expectError(await postBulk(rival.auth, pattern), 404, 'not_found', 'event');
    await expectOrganizersOnly(attendee, (auth) => postBulk(auth, pattern));
    await cancelEvent(ctx, organizer.auth, event.id);
    expectError(await postBulk(organizer.auth, pattern), 409, 'event_not_editable');
    expect((await listDates(`?event=${event.id}`)).count).toBe(0);
  });
});
