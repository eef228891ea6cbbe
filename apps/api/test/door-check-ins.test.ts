import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Ticket } from '@hafla/shared/bookings/bookings';
import {
  CheckInBatchResponse,
  CheckInHistory,
  CheckInList,
  CheckInUndoResponse,
  MAX_CHECK_IN_BATCH,
} from '@hafla/shared/door/check-ins';
import { GuestList, GuestTicket } from '@hafla/shared/door/guest-list';
import { NotificationList } from '@hafla/shared/notifications/notifications';
import { codeHash } from '../src/lib/tickets/ticket-code';
import { rowsOf } from '../src/lib/db-rows';
import { normalizeShortCode } from '@hafla/shared/door/short-code';
import {
  call,
  createAttendee,
  createOrganizerTestContext,
  expectError,
  expectOk,
  inDays,
  type Account,
  type EventFixture,
} from './event-helpers';
import type { TestContext } from './helpers';
import {
  buyTickets,
  createDoorEvent,
  createUsher,
  guestListUrl,
  scan,
  scanOk,
} from './door-helpers';

let ctx: TestContext;
let organizer: Account;
let rival: Account;
let attendee: Account;
let steward: Account;
let supervisor: Account;
let fixture: EventFixture;

beforeAll(async () => {
  ({ ctx, organizer, rival, attendee } = await createOrganizerTestContext({ publishLimit: 100 }));
  fixture = await createDoorEvent(ctx, organizer, {
    dates: [
      { start: inDays(7), end: inDays(7, 3) },
      { start: inDays(8), end: inDays(8, 3) },
    ],
  });
  steward = await createUsher(ctx, organizer, 'steward');
  supervisor = await createUsher(ctx, organizer, 'supervisor');
});

afterAll(async () => {
  await ctx.close();
});

const checkInRows = async () =>
  rowsOf<{ count: number }>(
    await ctx.database.db.execute(sql`select count(*)::int as count from check_ins`),
  )[0]!.count;

describe('check-in', () => {
  it('checks a ticket in once: ok, then already_checked_in with when and by whom', async () => {
    const [ticket] = await buyTickets(ctx, attendee, fixture);
    const first = await scanOk(ctx, steward.auth, { code: ticket!.qr, event: fixture.event.id });
    expect(first.result).toBe('ok');
    expect(first.ticket?.id).toBe(ticket!.id);
    expect(first.ticket?.state).toBe('checked_in');
    expect(first.checked_in_by?.id).toBe(steward.id);
    const second = await scanOk(ctx, supervisor.auth, {
      code: ticket!.qr,
      event: fixture.event.id,
    });
    expect(second.result).toBe('already_checked_in');
    expect(second.checked_in_by?.id).toBe(steward.id);
    expect(second.checked_in_at).toBe(first.checked_in_at);
    // The holder's ticket says so, and they were told.
    const own = expectOk(
      await call(ctx, attendee.auth, 'GET', `/api/v1/tickets/${ticket!.id}/`),
      200,
      Ticket,
    );
    expect(own.status).toBe('checked_in');
    expect(own.checked_in_at).not.toBeNull();
    const notes = expectOk(
      await call(ctx, attendee.auth, 'GET', '/api/v1/notifications/'),
      200,
      NotificationList,
    );
    expect(
      notes.results.some((n) => n.kind === 'ticket_checked_in' && n.value === ticket!.id),
    ).toBe(true);
  });

  it('takes the short code printed under the QR, typed loosely', async () => {
    const [ticket] = await buyTickets(ctx, attendee, fixture);
    const typed = ticket!.short_code.toLowerCase().replace(/-/g, ' ');
    const answer = await scanOk(ctx, organizer.auth, { code: typed, event: fixture.event.id });
    expect(answer.result).toBe('ok');
    expect(answer.ticket?.id).toBe(ticket!.id);
  });

  it('answers invalid for forged, malformed and unknown codes, telling nothing about a ticket', async () => {
    const [ticket] = await buyTickets(ctx, attendee, fixture);
    const parts = ticket!.qr.split('.');
    const forged = [parts[0], parts[1], parts[2], 'A'.repeat(22)].join('.');
    const otherId = [parts[0], String(Number(parts[1]) + 100000), parts[2], parts[3]].join('.');
    const shortWrong = `${ticket!.id}-AAAA-AAAA`;
    for (const code of [forged, otherId, shortWrong, 'hello', '1234', '💥'.repeat(10)]) {
      const answer = await scanOk(ctx, steward.auth, { code, event: fixture.event.id });
      expect(answer.result, code).toBe('invalid');
      expect(answer.ticket).toBeNull();
    }
    const own = expectOk(
      await call(ctx, attendee.auth, 'GET', `/api/v1/tickets/${ticket!.id}/`),
      200,
      Ticket,
    );
    expect(own.status).toBe('valid');
  });

  it('judges validity before "already checked in": wrong event, wrong date', async () => {
    const other = await createDoorEvent(ctx, organizer);
    const [ticket] = await buyTickets(ctx, attendee, fixture, 1, 1);
    const wrongEvent = await scanOk(ctx, steward.auth, { code: ticket!.qr, event: other.event.id });
    expect(wrongEvent.result).toBe('wrong_event');
    expect(wrongEvent.ticket).toBeNull();
    const wrongDate = await scanOk(ctx, steward.auth, {
      code: ticket!.qr,
      event: fixture.event.id,
      event_date: fixture.dates[0]!.id,
    });
    expect(wrongDate.result).toBe('wrong_date');
    const right = await scanOk(ctx, steward.auth, {
      code: ticket!.qr,
      event: fixture.event.id,
      event_date: fixture.dates[1]!.id,
    });
    expect(right.result).toBe('ok');
    // Checked in, but still the wrong slot: wrong_date, not already_checked_in.
    const again = await scanOk(ctx, steward.auth, {
      code: ticket!.qr,
      event: fixture.event.id,
      event_date: fixture.dates[0]!.id,
    });
    expect(again.result).toBe('wrong_date');
  });

  it('refuses refunded and pending-approval tickets with their reason', async () => {
    const [refunded, kept] = await buyTickets(ctx, attendee, fixture, 2);
    const refund = await call(ctx, attendee.auth, 'POST', '/api/v1/payment/refund/', {
      booking: refunded!.booking,
      tickets: [refunded!.id],
    });
    expect(refund.statusCode, refund.body).toBe(200);
    expect(
      (await scanOk(ctx, steward.auth, { code: refunded!.qr, event: fixture.event.id })).result,
    ).toBe('refunded');
    expect(
      (await scanOk(ctx, steward.auth, { code: kept!.qr, event: fixture.event.id })).result,
    ).toBe('ok');

    const approval = await createDoorEvent(ctx, organizer, { requires_approval: true });
    const [waiting] = await buyTickets(ctx, attendee, approval);
    expect(waiting!.status).toBe('pending_approval');
    expect(
      (await scanOk(ctx, steward.auth, { code: waiting!.qr, event: approval.event.id })).result,
    ).toBe('pending_approval');
  });

  it('answers the first answer again for the same nonce, recording the scan once', async () => {
    const [ticket] = await buyTickets(ctx, attendee, fixture);
    const nonce = randomUUID();
    const before = await checkInRows();
    const first = await scanOk(ctx, steward.auth, {
      code: ticket!.qr,
      event: fixture.event.id,
      nonce,
    });
    const retry = await scanOk(ctx, steward.auth, {
      code: ticket!.qr,
      event: fixture.event.id,
      nonce,
    });
    expect(first.result).toBe('ok');
    expect(retry).toEqual(first);
    expect(await checkInRows()).toBe(before + 1);
  });

  it('answers a reused nonce with its first answer even when the code sent now would check in', async () => {
    const [ticket] = await buyTickets(ctx, attendee, fixture, 1, 1);
    const nonce = randomUUID();
    const wrong = await scanOk(ctx, steward.auth, {
      code: ticket!.qr,
      event: fixture.event.id,
      event_date: fixture.dates[0]!.id,
      nonce,
    });
    expect(wrong.result).toBe('wrong_date');
    const before = await checkInRows();
    const reused = await scanOk(ctx, steward.auth, {
      code: ticket!.qr,
      event: fixture.event.id,
      nonce,
    });
    expect(reused).toEqual(wrong);
    expect(await checkInRows()).toBe(before);
    // Nothing was checked in: a new scan is the one that does it.
    const fresh = await scanOk(ctx, steward.auth, { code: ticket!.qr, event: fixture.event.id });
    expect(fresh.result).toBe('ok');
  });

  it('lets a supervisor undo; the history lists every scan and undo with device and user', async () => {
    const [ticket] = await buyTickets(ctx, attendee, fixture);
    const first = await scanOk(ctx, steward.auth, {
      code: ticket!.qr,
      event: fixture.event.id,
      device: 'gate-a',
    });
    expectError(
      await call(ctx, steward.auth, 'POST', `/api/v1/check-ins/${first.id}/undo/`, {}),
      403,
      'permission_denied',
    );
    const undone = expectOk(
      await call(ctx, supervisor.auth, 'POST', `/api/v1/check-ins/${first.id}/undo/`, {
        device: 'desk',
      }),
      200,
      CheckInUndoResponse,
    );
    expect(undone.ticket.state).toBe('valid');
    expect(undone.entry.kind).toBe('undo');
    // Undoing it twice changes nothing more.
    expectError(
      await call(ctx, organizer.auth, 'POST', `/api/v1/check-ins/${first.id}/undo/`, {}),
      409,
      'check_in_not_undoable',
    );
    const again = await scanOk(ctx, steward.auth, {
      code: ticket!.qr,
      event: fixture.event.id,
      device: 'gate-b',
    });
    expect(again.result).toBe('ok');
    const history = expectOk(
      await call(ctx, organizer.auth, 'GET', `/api/v1/tickets/${ticket!.id}/check-ins/`),
      200,
      CheckInHistory,
    );
    expect(
      history.results.map((entry) => [entry.kind, entry.result, entry.device, entry.user.id]),
    ).toEqual([
      ['scan', 'ok', 'gate-a', steward.id],
      ['undo', null, 'desk', supervisor.id],
      ['scan', 'ok', 'gate-b', steward.id],
    ]);
    // The old scan no longer names the current check-in.
    expectError(
      await call(ctx, organizer.auth, 'POST', `/api/v1/check-ins/${first.id}/undo/`, {}),
      409,
      'check_in_not_undoable',
    );
  });

  it('syncs a batch: earliest device time wins, others are already_checked_in', async () => {
    const [a, b] = await buyTickets(ctx, attendee, fixture, 2);
    const t0 = Date.now() - 60_000;
    const at = (seconds: number) => new Date(t0 + seconds * 1000).toISOString();
    const later = expectOk(
      await call(ctx, steward.auth, 'POST', '/api/v1/check-ins/batch/', {
        scans: [
          {
            code: a!.qr,
            event: fixture.event.id,
            nonce: randomUUID(),
            scanned_at: at(30),
            device: 'd1',
          },
          {
            code: b!.qr,
            event: fixture.event.id,
            nonce: randomUUID(),
            scanned_at: at(10),
            device: 'd1',
          },
          {
            code: 'forged',
            event: fixture.event.id,
            nonce: randomUUID(),
            scanned_at: at(5),
            device: 'd1',
          },
        ],
      }),
      200,
      CheckInBatchResponse,
    );
    expect(later.results.map((r) => r.result)).toEqual(['ok', 'ok', 'invalid']);
    // Another device scanned ticket a earlier, offline, and syncs afterwards: it wins.
    const earlier = expectOk(
      await call(ctx, supervisor.auth, 'POST', '/api/v1/check-ins/batch/', {
        scans: [
          {
            code: a!.qr,
            event: fixture.event.id,
            nonce: randomUUID(),
            scanned_at: at(20),
            device: 'd2',
          },
          {
            code: b!.qr,
            event: fixture.event.id,
            nonce: randomUUID(),
            scanned_at: at(40),
            device: 'd2',
          },
        ],
      }),
      200,
      CheckInBatchResponse,
    );
    expect(earlier.results.map((r) => r.result)).toEqual(['ok', 'already_checked_in']);
    expect(earlier.results[1]!.checked_in_by?.id).toBe(steward.id);
    const list = expectOk(
      await call(ctx, organizer.auth, 'GET', guestListUrl(fixture.event.id, `search=${a!.id}`)),
      200,
      GuestList,
    );
    const row = list.results.find((r) => r.id === a!.id)!;
    expect(row.checked_in_by?.id).toBe(supervisor.id);
    expect(Math.floor(Date.parse(row.checked_in_at!) / 1000)).toBe(
      Math.floor(Date.parse(at(20)) / 1000),
    );
  });
});

describe('guest list', () => {
  let event: EventFixture;
  let guests: Ticket[];

  beforeAll(async () => {
    event = await createDoorEvent(ctx, organizer);
    guests = await buyTickets(ctx, attendee, event, 3);
    const named = [
      {
        holder_name: 'أحمد الإسلامي',
        holder_email: 'ahmad@example.com',
        holder_phone: '+966 55 123 4567',
      },
      { holder_name: 'Layla Haddad', holder_email: 'layla@example.com', holder_phone: '' },
      { holder_name: 'فاطمة', holder_email: '', holder_phone: '' },
    ];
    for (const [index, body] of named.entries()) {
      const response = await call(
        ctx,
        attendee.auth,
        'PATCH',
        `/api/v1/tickets/${guests[index]!.id}/`,
        body,
      );
      expect(response.statusCode, response.body).toBe(200);
    }
  });

  it('answers the organizer with is_organizer true, an usher false, with counts', async () => {
    await scanOk(ctx, steward.auth, { code: guests[0]!.qr, event: event.event.id });
    const own = expectOk(
      await call(ctx, organizer.auth, 'GET', guestListUrl(event.event.id)),
      200,
      GuestList,
    );
    expect(own.is_organizer).toBe(true);
    expect(own.count).toBe(3);
    expect(own.counts).toEqual({ total: 3, checked_in: 1, pending_approval: 0 });
    const usher = expectOk(
      await call(ctx, steward.auth, 'GET', guestListUrl(event.event.id, 'limit=2')),
      200,
      GuestList,
    );
    expect(usher.is_organizer).toBe(false);
    expect(usher.results).toHaveLength(2);
    expect(usher.next).not.toBeNull();
    const checked = expectOk(
      await call(ctx, steward.auth, 'GET', guestListUrl(event.event.id, 'state=checked_in')),
      200,
      GuestList,
    );
    expect(checked.results.map((r) => r.id)).toEqual([guests[0]!.id]);
    expect(checked.results[0]!.checked_in_by?.id).toBe(steward.id);
  });

  it('searches names folding Arabic letter forms, emails, phones, booking and short code', async () => {
    const ids = async (search: string) =>
      expectOk(
        await call(
          ctx,
          organizer.auth,
          'GET',
          guestListUrl(event.event.id, `search=${encodeURIComponent(search)}`),
        ),
        200,
        GuestList,
      ).results.map((r: GuestTicket) => r.id);
    expect(await ids('احمد')).toEqual([guests[0]!.id]);
    expect(await ids('اسلامي')).toEqual([guests[0]!.id]);
    expect(await ids('فاطمه')).toEqual([guests[2]!.id]);
    expect(await ids('فـاطِمة')).toEqual([guests[2]!.id]);
    expect(await ids('LAYLA@')).toEqual([guests[1]!.id]);
    expect(await ids('55 123')).toEqual([guests[0]!.id]);
    expect(await ids(guests[1]!.short_code)).toEqual([guests[1]!.id]);
    expect((await ids(String(guests[0]!.booking))).sort()).toEqual(guests.map((g) => g.id).sort());
    expect(await ids('100%_')).toEqual([]);
  });

  it('folds the hamza seats ؤ and ئ as the issue’s Arabic search does', async () => {
    const seats = await createDoorEvent(ctx, organizer);
    const [momen, hael] = await buyTickets(ctx, attendee, seats, 2);
    for (const [ticket, holder_name] of [
      [momen!, 'مؤمن علي'],
      [hael!, 'هائل سعيد'],
    ] as const) {
      const response = await call(ctx, attendee.auth, 'PATCH', `/api/v1/tickets/${ticket.id}/`, {
        holder_name,
      });
      expect(response.statusCode, response.body).toBe(200);
    }
    const ids = async (search: string) =>
      expectOk(
        await call(
          ctx,
          organizer.auth,
          'GET',
          guestListUrl(seats.event.id, `search=${encodeURIComponent(search)}`),
        ),
        200,
        GuestList,
      ).results.map((r: GuestTicket) => r.id);
    expect(await ids('مومن')).toEqual([momen!.id]);
    expect(await ids('مؤمن')).toEqual([momen!.id]);
    expect(await ids('مومن علي')).toEqual([momen!.id]);
    expect(await ids('هايل')).toEqual([hael!.id]);
    expect(await ids('هائل')).toEqual([hael!.id]);
  });

  it('is not_found for an attendee, a rival organizer and unknown events; own tickets stay as they were', async () => {
    expectError(
      await call(ctx, attendee.auth, 'GET', guestListUrl(event.event.id)),
      404,
      'not_found',
    );
    expectError(await call(ctx, rival.auth, 'GET', guestListUrl(event.event.id)), 404, 'not_found');
    expectError(
      await call(ctx, organizer.auth, 'GET', guestListUrl(2_000_000_000)),
      404,
      'not_found',
    );
    expectError(
      await call(ctx, organizer.auth, 'GET', '/api/v1/tickets/?view=guest_list'),
      400,
      'required',
      'event',
    );
    const own = await call(ctx, attendee.auth, 'GET', `/api/v1/tickets/?event=${event.event.id}`);
    expect(own.statusCode).toBe(200);
    expect((own.json() as { results: unknown[] }).results).toHaveLength(3);
  });
});

describe('approve and reject', () => {
  it('approves and rejects (refunding in full and releasing the seat); a steward cannot', async () => {
    const event = await createDoorEvent(ctx, organizer, { requires_approval: true });
    const [one, two] = await buyTickets(ctx, attendee, event, 2);
    const url = (id: number) => `/api/v1/tickets/${id}/approve-reject/`;
    expectError(
      await call(ctx, steward.auth, 'PATCH', url(one!.id), { action: 'approve' }),
      403,
      'permission_denied',
    );
    expectError(
      await call(ctx, attendee.auth, 'PATCH', url(one!.id), { action: 'approve' }),
      404,
      'not_found',
    );
    expectError(
      await call(ctx, rival.auth, 'PATCH', url(one!.id), { action: 'approve' }),
      404,
      'not_found',
    );
    const approved = expectOk(
      await call(ctx, supervisor.auth, 'PATCH', url(one!.id), { action: 'approve' }),
      200,
      GuestTicket,
    );
    expect(approved.state).toBe('valid');
    expectError(
      await call(ctx, organizer.auth, 'PATCH', url(one!.id), { action: 'reject' }),
      409,
      'ticket_not_pending_approval',
    );
    const rejected = expectOk(
      await call(ctx, organizer.auth, 'PATCH', url(two!.id), { action: 'reject', reason: 'Full' }),
      200,
      GuestTicket,
    );
    expect(rejected.state).toBe('rejected');
    const refunds = rowsOf<{ amount: number; reason: string }>(
      await ctx.database.db.execute(
        sql`select amount, reason from refunds where booking_id = ${two!.booking}`,
      ),
    );
    expect(refunds).toEqual([{ amount: 5000, reason: 'rejected' }]);
    const inventory = rowsOf<{ sold: number }>(
      await ctx.database.db.execute(
        sql`select sold from ticket_inventory where event_date_id = ${event.dates[0]!.id}`,
      ),
    );
    expect(inventory[0]!.sold).toBe(1);
    const notes = expectOk(
      await call(ctx, attendee.auth, 'GET', '/api/v1/notifications/'),
      200,
      NotificationList,
    );
    expect(notes.results.filter((n) => n.value === one!.id).map((n) => n.kind)).toContain(
      'ticket_approved',
    );
    const rejection = notes.results.find(
      (n) => n.value === two!.id && n.kind === 'ticket_rejected',
    );
    // The organizer's reason reaches the holder, set apart from the sentence around it.
    expect(rejection?.content).toContain("The organizer's reason: \u2068Full\u2069");
    expect((await scanOk(ctx, steward.auth, { code: two!.qr, event: event.event.id })).result).toBe(
      'rejected',
    );
  });
});

describe('offline list', () => {
  it('lists hashes of the codes and sends only what changed after the cursor', async () => {
    const event = await createDoorEvent(ctx, organizer);
    const bought = await buyTickets(ctx, attendee, event, 3);
    const url = (query = '') => `/api/v1/events/${event.event.id}/check-in-list/${query}`;
    const first = expectOk(await call(ctx, steward.auth, 'GET', url('?limit=2')), 200, CheckInList);
    expect(first.results).toHaveLength(2);
    expect(first.more).toBe(true);
    const rest = expectOk(
      await call(ctx, steward.auth, 'GET', url(`?limit=2&since=${first.cursor}`)),
      200,
      CheckInList,
    );
    expect(rest.more).toBe(false);
    const all = [...first.results, ...rest.results];
    expect(new Set(all.map((r) => r.id))).toEqual(new Set(bought.map((t) => t.id)));
    const row = all.find((r) => r.id === bought[0]!.id)!;
    expect(row.code_hash).toBe(codeHash(bought[0]!.qr));
    expect(row.short_code_hash).toBe(codeHash(normalizeShortCode(bought[0]!.short_code)!));
    expect(JSON.stringify(all)).not.toContain(bought[0]!.qr);

    // Age every row past the overlap: a delta then carries only the ticket checked in since.
    await ctx.database.db.execute(
      sql`update tickets set holder_phone = holder_phone where event_id = ${event.event.id}`,
    );
    await ctx.database.db.execute(sql`alter table tickets disable trigger tickets_touch`);
    await ctx.database.db.execute(
      sql`update tickets set updated_at = updated_at - interval '10 minutes' where event_id = ${event.event.id}`,
    );
    await ctx.database.db.execute(sql`alter table tickets enable trigger tickets_touch`);
    const baseline = expectOk(await call(ctx, steward.auth, 'GET', url()), 200, CheckInList);
    await scanOk(ctx, steward.auth, { code: bought[1]!.qr, event: event.event.id });
    const delta = expectOk(
      await call(ctx, steward.auth, 'GET', url(`?since=${baseline.cursor}`)),
      200,
      CheckInList,
    );
    expect(delta.results.map((r) => [r.id, r.state])).toEqual([[bought[1]!.id, 'checked_in']]);
  });

  it('is not_found for anyone but the organizer and its ushers', async () => {
    const url = `/api/v1/events/${fixture.event.id}/check-in-list/`;
    expectError(await call(ctx, attendee.auth, 'GET', url), 404, 'not_found');
    expectError(await call(ctx, rival.auth, 'GET', url), 404, 'not_found');
    expectError(
      await call(ctx, steward.auth, 'GET', `${url}?since=not-a-cursor`),
      400,
      'invalid',
      'since',
    );
  });
});

describe('refusals', () => {
  it('refuses strangers and ushers of another organizer with not_found, changing nothing', async () => {
    const [ticket] = await buyTickets(ctx, attendee, fixture);
    const rivalUsher = await createUsher(ctx, rival, 'supervisor');
    const stranger = await createAttendee(ctx);
    const before = await checkInRows();
    for (const who of [attendee, rival, rivalUsher, stranger]) {
      expectError(
        await scan(ctx, who.auth, { code: ticket!.qr, event: fixture.event.id }),
        404,
        'not_found',
        'event',
      );
    }
    expectError(
      await scan(ctx, steward.auth, { code: ticket!.qr, event: 2_000_000_000 }),
      404,
      'not_found',
      'event',
    );
    expect(await checkInRows()).toBe(before);
    const own = expectOk(
      await call(ctx, attendee.auth, 'GET', `/api/v1/tickets/${ticket!.id}/`),
      200,
      Ticket,
    );
    expect(own.status).toBe('valid');
  });

  it('answers bad input with a 4xx envelope and records nothing', async () => {
    const [ticket] = await buyTickets(ctx, attendee, fixture);
    const before = await checkInRows();
    const event = fixture.event.id;
    const bad: Array<[unknown, string]> = [
      [{ code: ticket!.qr, event, nonce: 'x' }, 'nonce'],
      [{ code: ticket!.qr, event: 'one', nonce: randomUUID() }, 'event'],
      [{ code: 'x'.repeat(201), event, nonce: randomUUID() }, 'code'],
      [{ code: 42, event, nonce: randomUUID() }, 'code'],
      [{ code: ticket!.qr, event, nonce: randomUUID(), scanned_at: 'yesterday' }, 'scanned_at'],
      [{ code: ticket!.qr, event, nonce: randomUUID(), extra: 1 }, 'extra'],
      [{ code: ticket!.qr, event: 2 ** 40, nonce: randomUUID() }, 'event'],
    ];
    for (const [body, attr] of bad) {
      const response = await call(ctx, steward.auth, 'POST', '/api/v1/check-ins/', body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect((response.json() as { errors: Array<{ attr: string }> }).errors[0]!.attr).toBe(attr);
    }
    const huge = Array.from({ length: MAX_CHECK_IN_BATCH + 1 }, () => ({
      code: ticket!.qr,
      event,
      nonce: randomUUID(),
      scanned_at: new Date().toISOString(),
    }));
    const batch = await call(ctx, steward.auth, 'POST', '/api/v1/check-ins/batch/', {
      scans: huge,
    });
    expect(batch.statusCode).toBe(400);
    expectError(
      await call(ctx, steward.auth, 'POST', '/api/v1/check-ins/batch/', {
        scans: [
          { code: ticket!.qr, event, nonce: randomUUID(), scanned_at: new Date().toISOString() },
          {
            code: ticket!.qr,
            event: 2_000_000_000,
            nonce: randomUUID(),
            scanned_at: new Date().toISOString(),
          },
        ],
      }),
      404,
      'not_found',
      'scans.1.event',
    );
    expectError(
      await call(ctx, steward.auth, 'POST', '/api/v1/check-ins/batch/', { scans: [] }),
      400,
      'min_length',
    );
    expectError(
      await call(ctx, supervisor.auth, 'POST', '/api/v1/check-ins/2000000000/undo/', {}),
      404,
      'not_found',
    );
    expectError(
      await call(ctx, supervisor.auth, 'POST', '/api/v1/check-ins/abc/undo/', {}),
      400,
      'not_a_number',
    );
    expectError(
      await call(ctx, organizer.auth, 'PATCH', `/api/v1/tickets/${ticket!.id}/approve-reject/`, {
        action: 'maybe',
      }),
      400,
      'invalid_choice',
      'action',
    );
    expect(await checkInRows()).toBe(before);
    const own = expectOk(
      await call(ctx, attendee.auth, 'GET', `/api/v1/tickets/${ticket!.id}/`),
      200,
      Ticket,
    );
    expect(own.status).toBe('valid');
  });
});
