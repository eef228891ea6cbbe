import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  MAX_PRICE,
  TicketCategory,
  TicketCategoryList,
} from '@hafla/shared/ticket-categories/ticket-categories';
import { ticketInventory } from '../src/db/schema/events';
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
  ({ ctx, organizer, rival, attendee } = await createOrganizerTestContext({ publishLimit: 1000 }));
});
afterAll(() => ctx.close());

const create = (auth: string | null, payload: unknown) =>
  call(ctx, auth, 'POST', '/api/v1/ticket/create/', payload);
const patch = (auth: string | null, id: number, payload: unknown) =>
  call(ctx, auth, 'PATCH', `/api/v1/ticket_categories/${id}/`, payload);

const getCategory = async (id: number) =>
  expectOk(
    await call(ctx, organizer.auth, 'GET', `/api/v1/ticket_categories/${id}`),
    200,
    TicketCategory,
  );

/** A valid create body for an event's category, changed by `fields`. */
const categoryBody = (eventId: number, fields: object = {}) => ({
  event: eventId,
  name: 'X',
  price: 100,
  quantity: 10,
  ...fields,
});

async function newCategory(eventId: number, fields: object = {}) {
  const response = await create(organizer.auth, {
    event: eventId,
    name: 'Standard',
    price: 7500,
    quantity: 50,
    ...fields,
  });
  return expectOk(response, 201, TicketCategory);
}

/** Simulates sales (booking arrives later): `sold` tickets of a category in a slot. */
async function sell(dateId: number, categoryId: number, sold: number) {
  await ctx.database.db
    .insert(ticketInventory)
    .values({ event_date_id: dateId, ticket_category_id: categoryId, sold })
    .onConflictDoUpdate({
      target: [ticketInventory.event_date_id, ticketInventory.ticket_category_id],
      set: { sold },
    });
}

describe('POST /api/v1/ticket/create/', () => {
  it('adds a category with defaults, the per-order maximum following the event', async () => {
    const event = await createDraftEvent(ctx, organizer.auth, { max_tickets_per_order: 6 });
    const category = await newCategory(event.id);
    expect(category).toEqual({
      id: category.id,
      event: event.id,
      name: 'Standard',
      description: '',
      price: 7500,
      quantity: 50,
      sales_start: null,
      sales_end: null,
      min_per_order: 1,
      max_per_order: 6,
      sold: 0,
    });
    expect(await getCategory(category.id)).toEqual(category);
  });

  it('accepts a free category and a sales window, answered in the event time zone', async () => {
    const event = await createDraftEvent(ctx, organizer.auth, { timezone: 'Asia/Riyadh' });
    const category = await newCategory(event.id, {
      price: 0,
      sales_start: '2099-01-01T09:00:00Z',
      sales_end: '2099-02-01T09:00:00Z',
      min_per_order: 2,
      max_per_order: 4,
    });
    expect(category).toMatchObject({
      price: 0,
      sales_start: '2099-01-01T12:00:00+03:00',
      sales_end: '2099-02-01T12:00:00+03:00',
      min_per_order: 2,
      max_per_order: 4,
    });
  });

  it('refuses negative, zero and oversized prices and quantities', async () => {
    const event = await createDraftEvent(ctx, organizer.auth);
    for (const [fields, code, attr] of [
      [{ price: -1 }, 'min_value', 'price'],
      [{ price: MAX_PRICE + 1 }, 'max_value', 'price'],
      [{ price: 10.5 }, 'not_an_integer', 'price'],
      [{ price: '100' }, 'not_a_number', 'price'],
      [{ quantity: 0 }, 'min_value', 'quantity'],
      [{ quantity: -5 }, 'min_value', 'quantity'],
      [{ quantity: 1_000_001 }, 'max_value', 'quantity'],
      [{ name: '' }, 'min_length', 'name'],
      [{ min_per_order: 0 }, 'min_value', 'min_per_order'],
    ] as const) {
      expectError(await create(organizer.auth, categoryBody(event.id, fields)), 400, code, attr);
    }
    const list = await call(
      ctx,
      organizer.auth,
      'GET',
      `/api/v1/ticket_categories/?event=${event.id}`,
    );
    expect(TicketCategoryList.parse(list.json()).count).toBe(0);
  });

  it('refuses a maximum per order below the minimum or above the event cap', async () => {
    const event = await createDraftEvent(ctx, organizer.auth, { max_tickets_per_order: 5 });
    const createWith = (fields: object) => create(organizer.auth, categoryBody(event.id, fields));
    expectError(
      await createWith({ min_per_order: 4, max_per_order: 3 }),
      400,
      'per_order_invalid',
      'max_per_order',
    );
    const error = expectError(
      await createWith({ max_per_order: 6 }),
      400,
      'max_value',
      'max_per_order',
    );
    expect(error.detail).toContain('5');
    // The default maximum is the event's cap, so a minimum above it cannot be met.
    expectError(await createWith({ min_per_order: 6 }), 400, 'per_order_invalid', 'max_per_order');
  });

  it('refuses a sales window that ends before it starts', async () => {
    const event = await createDraftEvent(ctx, organizer.auth);
    expectError(
      await create(
        organizer.auth,
        categoryBody(event.id, { sales_start: inDays(5), sales_end: inDays(4) }),
      ),
      400,
      'sales_window_invalid',
      'sales_end',
    );
  });

  it('refuses unknown fields (sold is read-only) and ids above the 32-bit range', async () => {
    const event = await createDraftEvent(ctx, organizer.auth);
    expectError(
      await create(organizer.auth, categoryBody(event.id, { sold: 3 })),
      400,
      'unknown_field',
      'sold',
    );
    expectError(
      await create(organizer.auth, categoryBody(event.id, { event: 2 ** 31 })),
      400,
      'max_value',
      'event',
    );
  });

  it("answers not_found for another organizer's event; attendees and visitors are refused", async () => {
    const event = await createDraftEvent(ctx, organizer.auth);
    const body = categoryBody(event.id);
    expectError(await create(rival.auth, body), 404, 'not_found', 'event');
    await expectOrganizersOnly(attendee, (auth) => create(auth, body));
  });

  it('refuses categories for a cancelled or ended event with event_not_editable', async () => {
    const draft = await createDraftEvent(ctx, organizer.auth);
    await cancelEvent(ctx, organizer.auth, draft.id);
    const body = { name: 'Late', price: 100, quantity: 10 };
    expectError(
      await create(organizer.auth, { ...body, event: draft.id }),
      409,
      'event_not_editable',
    );
    const { event } = await createPublishedEvent(ctx, organizer.auth);
    await moveEventToPast(ctx, event.id);
    expectError(
      await create(organizer.auth, { ...body, event: event.id }),
      409,
      'event_not_editable',
    );
  });
});

describe('GET /api/v1/ticket_categories/', () => {
  it("lists one event's categories, only for its organizer", async () => {
    const { event } = await createPublishedEvent(ctx, organizer.auth, {
      ticket_categories: [{ name: 'A' }, { name: 'B' }, { name: 'C' }],
    });
    await createPublishedEvent(ctx, rival.auth);
    const response = await call(
      ctx,
      organizer.auth,
      'GET',
      `/api/v1/ticket_categories/?event=${event.id}&limit=2`,
    );
    const page = expectOk(response, 200, TicketCategoryList);
    expect(page.count).toBe(3);
    expect(page.results.map((category) => category.name)).toEqual(['A', 'B']);
    expect(page.next).toContain('offset=2');

    expectError(
      await call(ctx, rival.auth, 'GET', `/api/v1/ticket_categories/?event=${event.id}`),
      404,
      'not_found',
      'event',
    );
    const all = TicketCategoryList.parse(
      (await call(ctx, rival.auth, 'GET', '/api/v1/ticket_categories/?limit=1000')).json(),
    );
    expect(all.results.some((category) => category.event === event.id)).toBe(false);
  });

  it('refuses out-of-bounds pagination and non-organizers', async () => {
    await expectPageBoundsRefused(ctx, organizer.auth, '/api/v1/ticket_categories/');
    expectError(
      await call(ctx, organizer.auth, 'GET', '/api/v1/ticket_categories/?event=0'),
      400,
      'min_value',
      'event',
    );
    await expectOrganizersOnly(attendee, (auth) =>
      call(ctx, auth, 'GET', '/api/v1/ticket_categories/'),
    );
  });
});

describe('GET /api/v1/ticket_categories/{id}', () => {
  it('answers sold as the most sold in any one slot', async () => {
    const { dates, ticket_categories } = await createPublishedEvent(ctx, organizer.auth, {
      dates: [
        { start: inDays(4), end: inDays(4, 2) },
        { start: inDays(5), end: inDays(5, 2) },
      ],
      ticket_categories: [{ name: 'A' }, { name: 'B' }],
    });
    const [a, b] = ticket_categories as [TicketCategory, TicketCategory];
    await sell(dates[0]!.id, a.id, 3);
    await sell(dates[1]!.id, a.id, 7);
    await sell(dates[0]!.id, b.id, 12);
    expect((await getCategory(a.id)).sold).toBe(7);
    expect((await getCategory(b.id)).sold).toBe(12);
  });

  it("answers not_found for another organizer's category", async () => {
    const { ticket_categories } = await createPublishedEvent(ctx, organizer.auth);
    expectError(
      await call(ctx, rival.auth, 'GET', `/api/v1/ticket_categories/${ticket_categories[0]!.id}`),
      404,
      'not_found',
    );
    expectError(
      await call(ctx, organizer.auth, 'GET', `/api/v1/ticket_categories/${2 ** 31}`),
      400,
      'max_value',
      'id',
    );
  });
});

describe('PATCH /api/v1/ticket_categories/{id}/', () => {
  it('edits a category of a published event', async () => {
    const { ticket_categories } = await createPublishedEvent(ctx, organizer.auth);
    const response = await patch(organizer.auth, ticket_categories[0]!.id, {
      name: 'Early bird',
      price: 4000,
      quantity: 80,
    });
    expect(expectOk(response, 200, TicketCategory)).toMatchObject({
      name: 'Early bird',
      price: 4000,
      quantity: 80,
      description: '',
    });
  });

  it('refuses a quantity below what a slot has sold with quantity_below_sold', async () => {
    const { dates, ticket_categories } = await createPublishedEvent(ctx, organizer.auth, {
      ticket_categories: [{ quantity: 20 }],
    });
    const category = ticket_categories[0]!;
    await sell(dates[0]!.id, category.id, 9);
    const error = expectError(
      await patch(organizer.auth, category.id, { quantity: 8, name: 'Renamed' }),
      409,
      'quantity_below_sold',
      'quantity',
    );
    expect(error.detail).toContain('9');
    expect(await getCategory(category.id)).toMatchObject({
      quantity: 20,
      name: category.name,
      sold: 9,
    });
    const exact = await patch(organizer.auth, category.id, { quantity: 9 });
    expect(exact.statusCode, exact.body).toBe(200);
    expect(exact.json()).toMatchObject({ quantity: 9, sold: 9 });
  });

  it('checks the per-order limits and the sales window on the merged state', async () => {
    const event = await createDraftEvent(ctx, organizer.auth, { max_tickets_per_order: 8 });
    const category = await newCategory(event.id, {
      min_per_order: 2,
      max_per_order: 4,
      sales_start: inDays(1),
      sales_end: inDays(10),
    });
    for (const [fields, code, attr] of [
      [{ min_per_order: 5 }, 'per_order_invalid', 'max_per_order'],
      [{ max_per_order: 1 }, 'per_order_invalid', 'max_per_order'],
      [{ max_per_order: 9 }, 'max_value', 'max_per_order'],
      [{ sales_end: inDays(0) }, 'sales_window_invalid', 'sales_end'],
      [{ sales_start: inDays(11) }, 'sales_window_invalid', 'sales_end'],
      [{ price: -100 }, 'min_value', 'price'],
      [{ event: event.id }, 'unknown_field', 'event'],
    ] as const) {
      expectError(await patch(organizer.auth, category.id, fields), 400, code, attr);
    }
    // Above the event's cap, the message names the event's setting, not a bare maximum.
    const overCap = expectError(
      await patch(organizer.auth, category.id, { max_per_order: 9 }),
      400,
      'max_value',
      'max_per_order',
    );
    expect(overCap.detail).toContain('The event allows at most 8 tickets in one order');
    expect(await getCategory(category.id)).toEqual(category);
    const opened = await patch(organizer.auth, category.id, { sales_start: null, sales_end: null });
    expect(opened.json()).toMatchObject({ sales_start: null, sales_end: null });
  });

  it("answers not_found for another organizer's category and refuses attendees", async () => {
    const { ticket_categories } = await createPublishedEvent(ctx, organizer.auth);
    const id = ticket_categories[0]!.id;
    expectError(await patch(rival.auth, id, { price: 1 }), 404, 'not_found');
    await expectOrganizersOnly(attendee, (auth) => patch(auth, id, { price: 1 }));
    expect((await getCategory(id)).price).toBe(ticket_categories[0]!.price);
  });

  it('refuses to change a category of an ended event with event_not_editable', async () => {
    const { event, ticket_categories } = await createPublishedEvent(ctx, organizer.auth);
    await moveEventToPast(ctx, event.id);
    expectError(
      await patch(organizer.auth, ticket_categories[0]!.id, { price: 1 }),
      409,
      'event_not_editable',
    );
  });
});
