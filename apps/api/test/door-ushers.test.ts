import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { UsherCreated, UsherEventList, UsherList } from '@hafla/shared/door/ushers';
import { GuestList } from '@hafla/shared/door/guest-list';
import { signUp, uniqueEmail } from './auth-helpers';
import {
  call,
  createAttendee,
  createOrganizer,
  expectError,
  expectOk,
  expectOrganizersOnly,
  type Account,
  type EventFixture,
} from './event-helpers';
import { bearer, createMailTestContext, type TestContext } from './helpers';
import type { SmtpSink } from './smtp-sink';
import { mailOutbox } from '../src/db/schema/mail';
import { collectNotifications, SocketClients } from './socket-clients';
import {
  addUsher,
  buyTickets,
  createDoorEvent,
  createUsher,
  emailOf,
  guestListUrl,
  scan,
  scanOk,
} from './door-helpers';

let ctx: TestContext;
let sink: SmtpSink;
let close: () => Promise<void>;
let organizer: Account;
let rival: Account;
let attendee: Account;
let fixture: EventFixture;
let url: string;
const clients = new SocketClients();

beforeAll(async () => {
  ({ ctx, sink, close } = await createMailTestContext());
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  url = `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`;
  organizer = await createOrganizer(ctx, { organization_name: 'Noor Events' });
  rival = await createOrganizer(ctx);
  attendee = await createAttendee(ctx);
  fixture = await createDoorEvent(ctx, organizer);
});

afterEach(() => clients.closeAll());

afterAll(async () => {
  await close();
});

const listOf = async (account: Account) =>
  expectOk(await call(ctx, account.auth, 'GET', '/api/v1/ushers/?limit=100'), 200, UsherList);

describe('adding ushers', () => {
  it('answers the same for an existing account and an unknown address; the list tells them apart', async () => {
    const existing = await createAttendee(ctx);
    const existingEmail = await emailOf(ctx, existing);
    const unknownEmail = uniqueEmail('door');
    const before = sink.messages.length;
    const one = await call(ctx, organizer.auth, 'POST', '/api/v1/ushers/', {
      email: existingEmail,
      role: 'supervisor',
    });
    const two = await call(ctx, organizer.auth, 'POST', '/api/v1/ushers/', {
      email: unknownEmail.toUpperCase(),
      role: 'supervisor',
    });
    expect(one.statusCode).toBe(201);
    expect(two.statusCode).toBe(201);
    const a = UsherCreated.parse(one.json());
    const b = UsherCreated.parse(two.json());
    expect(Object.keys(one.json() as object).sort()).toEqual(
      Object.keys(two.json() as object).sort(),
    );
    expect({ ...a, id: 0, email: '', created_at: '' }).toEqual({
      ...b,
      id: 0,
      email: '',
      created_at: '',
    });
    expect(b.email).toBe(unknownEmail);

    const toExisting = await sink.waitFor(existingEmail, { after: before });
    expect(toExisting.subject).toContain('Noor Events');
    expect(toExisting.text).toContain('Sign in');
    const invitation = await sink.waitFor(unknownEmail, { after: before });
    expect(invitation.text).toContain('Create your Hafla account with this email address');

    const list = await listOf(organizer);
    const rowA = list.results.find((row) => row.id === a.id)!;
    const rowB = list.results.find((row) => row.id === b.id)!;
    expect(rowA).toMatchObject({ status: 'active', role: 'supervisor', events: null });
    expect(rowA.user?.id).toBe(existing.id);
    expect(rowB).toMatchObject({ status: 'invited', user: null });

    // The invited address registers: it is an usher at once.
    const registered = await signUp(ctx, sink, unknownEmail);
    const after = (await listOf(organizer)).results.find((row) => row.id === b.id)!;
    expect(after.status).toBe('active');
    expect(after.user?.id).toBe(registered.user.id);
    const guests = expectOk(
      await call(ctx, `Bearer ${registered.access}`, 'GET', guestListUrl(fixture.event.id)),
      200,
      GuestList,
    );
    expect(guests.is_organizer).toBe(false);
  });

  it('invites in Arabic when the organizer writes in Arabic', async () => {
    const email = uniqueEmail('door-ar');
    const before = sink.messages.length;
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/ushers/',
      headers: { authorization: organizer.auth, 'accept-language': 'ar' },
      payload: { email },
    });
    expect(response.statusCode, response.body).toBe(201);
    const mail = await sink.waitFor(email, { after: before });
    expect(mail.subject).toContain('فريق الاستقبال');
    expect(mail.html).toContain('dir="rtl"');
  });

  it('refuses a duplicate with already_exists, and events that are not the organizer’s', async () => {
    const email = uniqueEmail('door-dup');
    await addUsher(ctx, organizer, email);
    expectError(
      await call(ctx, organizer.auth, 'POST', '/api/v1/ushers/', {
        email: ` ${email.toUpperCase()} `,
      }),
      409,
      'already_exists',
      'email',
    );
    // Another organizer may add the same address.
    await addUsher(ctx, rival, email);
    const rivalEvent = await createDoorEvent(ctx, rival);
    expectError(
      await call(ctx, organizer.auth, 'POST', '/api/v1/ushers/', {
        email: uniqueEmail('door-foreign'),
        events: [fixture.event.id, rivalEvent.event.id],
      }),
      400,
      'does_not_exist',
      'events.1',
    );
  });

  it('refuses the organizer’s own address with a field error on email, adding nobody', async () => {
    const own = await emailOf(ctx, organizer);
    const count = (await listOf(organizer)).count;
    const outbox = async () =>
      (await ctx.database.db.select({ n: sql<number>`count(*)::int` }).from(mailOutbox))[0]!.n;
    const mails = await outbox();
    const error = expectError(
      await call(ctx, organizer.auth, 'POST', '/api/v1/ushers/', {
        email: ` ${own.toUpperCase()} `,
        role: 'supervisor',
      }),
      400,
      'cannot_add_self_as_usher',
      'email',
    );
    expect(error.detail).toMatch(/own address/);
    const arabic = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/ushers/',
      headers: { authorization: organizer.auth, 'accept-language': 'ar' },
      payload: { email: own },
    });
    expect(arabic.statusCode, arabic.body).toBe(400);
    expect(arabic.json()).toEqual({
      type: 'validation_error',
      errors: [
        {
          code: 'cannot_add_self_as_usher',
          detail: expect.stringContaining('عنوانك') as unknown,
          attr: 'email',
        },
      ],
    });
    const list = await listOf(organizer);
    expect(list.count).toBe(count);
    expect(list.results.map((usher) => usher.email)).not.toContain(own);
    expect(await outbox()).toBe(mails);
    // Another organizer may still add that address.
    await addUsher(ctx, rival, own);
  });

  it('refuses bad input with a 4xx envelope and adds nobody', async () => {
    const count = (await listOf(organizer)).count;
    const bad: Array<[unknown, string]> = [
      [{ email: 'not-an-email' }, 'email'],
      [{ email: uniqueEmail(), role: 'boss' }, 'role'],
      [{ email: uniqueEmail(), events: [] }, 'events'],
      [{ email: uniqueEmail(), events: Array.from({ length: 101 }, (_, i) => i + 1) }, 'events'],
      [{ email: uniqueEmail(), events: ['x'] }, 'events.0'],
      [{ email: uniqueEmail(), user: 'x' }, 'user'],
      [{ email: 42 }, 'email'],
    ];
    for (const [body, attr] of bad) {
      const response = await call(ctx, organizer.auth, 'POST', '/api/v1/ushers/', body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect((response.json() as { errors: Array<{ attr: string }> }).errors[0]!.attr).toBe(attr);
    }
    // A mistyped address keeps the `invalid` code and says what an address looks like.
    const mistyped = await call(ctx, organizer.auth, 'POST', '/api/v1/ushers/', {
      email: 'not-an-email',
    });
    expect((mistyped.json() as { errors: unknown[] }).errors[0]).toEqual({
      code: 'invalid',
      detail: 'Enter a valid email address, like name@example.com.',
      attr: 'email',
    });
    expect((await listOf(organizer)).count).toBe(count);
    expectError(
      await call(ctx, organizer.auth, 'DELETE', '/api/v1/ushers/abc/'),
      400,
      'not_a_number',
    );
  });

  it('is for organizers only', async () => {
    await expectOrganizersOnly(attendee, (auth) => call(ctx, auth, 'GET', '/api/v1/ushers/'));
    await expectOrganizersOnly(attendee, (auth) =>
      call(ctx, auth, 'POST', '/api/v1/ushers/', { email: uniqueEmail() }),
    );
  });
});

describe('what an usher may do', () => {
  it('limits an usher to the listed events and to their organizer', async () => {
    const second = await createDoorEvent(ctx, organizer);
    const rivalEvent = await createDoorEvent(ctx, rival);
    const usher = await createUsher(ctx, organizer, 'steward', [fixture.event.id]);
    expectOk(await call(ctx, usher.auth, 'GET', guestListUrl(fixture.event.id)), 200, GuestList);
    expectError(
      await call(ctx, usher.auth, 'GET', guestListUrl(second.event.id)),
      404,
      'not_found',
    );
    expectError(
      await call(ctx, usher.auth, 'GET', guestListUrl(rivalEvent.event.id)),
      404,
      'not_found',
    );
    const [rivalTicket] = await buyTickets(ctx, attendee, rivalEvent);
    expectError(
      await scan(ctx, usher.auth, { code: rivalTicket!.qr, event: rivalEvent.event.id }),
      404,
      'not_found',
    );
    const mine = expectOk(
      await call(ctx, usher.auth, 'GET', '/api/v1/ushers/events/'),
      200,
      UsherEventList,
    );
    expect(mine.results.map((event) => [event.id, event.role])).toEqual([
      [fixture.event.id, 'steward'],
    ]);
    expect(mine.results[0]!.event_dates).toHaveLength(1);
    expect(mine.results[0]!.organizer.name).toBe('Noor Events');
    // Nothing of the organizer's own: the usher is no organizer.
    expectError(await call(ctx, usher.auth, 'GET', '/api/v1/ushers/'), 403, 'permission_denied');
  });

  it('refuses a removed usher’s next call and scan at once, token unchanged, and closes their sockets', async () => {
    const usher = await createUsher(ctx, organizer, 'supervisor');
    const [ticket] = await buyTickets(ctx, attendee, fixture);
    expectOk(await call(ctx, usher.auth, 'GET', guestListUrl(fixture.event.id)), 200, GuestList);
    const token = usher.auth.replace(/^Bearer /, '');
    const socket = await clients.connect(url, token);
    const closed = new Promise<string>((resolve) => socket.once('disconnect', resolve));

    expectError(
      await call(ctx, rival.auth, 'DELETE', `/api/v1/ushers/${usher.usher}/`),
      404,
      'not_found',
    );
    const removed = await call(ctx, organizer.auth, 'DELETE', `/api/v1/ushers/${usher.usher}/`);
    expect(removed.statusCode, removed.body).toBe(204);
    expect(await closed).toBe('io server disconnect');

    expectError(
      await call(ctx, usher.auth, 'GET', guestListUrl(fixture.event.id)),
      404,
      'not_found',
    );
    expectError(
      await scan(ctx, usher.auth, { code: ticket!.qr, event: fixture.event.id }),
      404,
      'not_found',
    );
    expectError(
      await call(ctx, organizer.auth, 'DELETE', `/api/v1/ushers/${usher.usher}/`),
      404,
      'not_found',
    );
    // Still an attendee: their own tickets answer.
    expect((await call(ctx, usher.auth, 'GET', '/api/v1/tickets/')).statusCode).toBe(200);
    expect(
      (await scanOk(ctx, organizer.auth, { code: ticket!.qr, event: fixture.event.id })).result,
    ).toBe('ok');
  });

  it('tells the holder at once, on their own channel, when their ticket is checked in', async () => {
    const usher = await createUsher(ctx, organizer, 'steward');
    const [ticket] = await buyTickets(ctx, attendee, fixture);
    const socket = await clients.connect(url, attendee.auth.replace(/^Bearer /, ''));
    const received = collectNotifications(socket);
    const usherSocket = await clients.connect(url, usher.auth.replace(/^Bearer /, ''));
    const usherReceived = collectNotifications(usherSocket);
    expect(
      (await scanOk(ctx, usher.auth, { code: ticket!.qr, event: fixture.event.id })).result,
    ).toBe('ok');
    const deadline = Date.now() + 10_000;
    while (!received.some((n) => n.kind === 'ticket_checked_in') && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    const pushed = received.find((n) => n.kind === 'ticket_checked_in');
    expect(pushed).toMatchObject({
      type: 'ticket',
      value: ticket!.id,
      extra_data: { event: fixture.event.id },
    });
    expect(pushed!.title).toBe('Checked in');
    expect(usherReceived).toEqual([]);
  });

  it('reads rights from the database: a token naming roles grants nothing', async () => {
    const stranger = await createAttendee(ctx);
    const forged = await bearer(ctx.config, {
      userId: stranger.id,
      roles: ['attendee', 'usher', 'organizer'],
    });
    expectError(await call(ctx, forged, 'GET', guestListUrl(fixture.event.id)), 404, 'not_found');
  });
});
