import type { AddressInfo } from 'node:net';
import { eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { AuthTokens } from '@hafla/shared/auth/requests';
import { buildApp } from '../src/app';
import { refreshTokens } from '../src/db/schema/accounts';
import type { App } from '../src/lib/types';
import { sha256 } from '../src/lib/secrets';
import { GOOD_PASSWORD, post, signUp } from './auth-helpers';
import { call, eventBody } from './event-helpers';
import { createMailTestContext, firstError, type TestContext } from './helpers';
import { codeFrom, type SmtpSink } from './smtp-sink';
import { SocketClients } from './socket-clients';

let ctx: TestContext;
let sink: SmtpSink;
let close: () => Promise<void>;
let url: string;
const clients = new SocketClients();

beforeAll(async () => {
  ({ ctx, sink, close } = await createMailTestContext());
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  url = `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`;
});
afterEach(() => clients.closeAll());
afterAll(() => close());

const bearerOf = (access: string) => `Bearer ${access}`;

/** A call only a signed-in user may make, answering 200 while the token's session lives. */
const ownBookings = (access: string, app: App = ctx.app) =>
  app.inject({ url: '/api/v1/bookings/', headers: { authorization: bearerOf(access) } });

async function signIn(email: string, password = GOOD_PASSWORD) {
  const response = await post(ctx, '/auth/login/', { email, password });
  expect(response.statusCode, response.body).toBe(200);
  return AuthTokens.parse(response.json());
}

function expectEnded(response: Awaited<ReturnType<typeof ownBookings>>) {
  expect(response.statusCode, response.body).toBe(401);
  expect(firstError(response)?.code).toBe('token_not_valid');
}

/** Moves a refresh token's replacement into the past, as if `seconds` had gone by since. */
async function replacedSecondsAgo(refresh: string, seconds: number) {
  await ctx.database.db
    .update(refreshTokens)
    .set({ replaced_at: new Date(Date.now() - seconds * 1000) })
    .where(eq(refreshTokens.token_hash, sha256(refresh)));
}

const refreshWith = (refresh: string) => post(ctx, '/auth/token/refresh/', { refresh });

describe('a role change takes effect at once', () => {
  it('lets a new organizer create an event with the access token from email verification', async () => {
    const { access } = await signUp(ctx, sink);
    const completed = await ctx.app.inject({
      method: 'PATCH',
      url: '/complete_registration/',
      headers: { authorization: bearerOf(access) },
      payload: {
        first_name: 'Rana',
        last_name: 'Saleh',
        user_type: 'organizer',
        organization_name: 'Rana Live',
      },
    });
    expect(completed.statusCode, completed.body).toBe(200);
    const created = await call(
      ctx,
      bearerOf(access),
      'POST',
      '/api/v1/events/',
      await eventBody(ctx),
    );
    expect(created.statusCode, created.body).toBe(201);
  });

  it('refuses a removed role to a token issued while the user had it', async () => {
    const { access: fromVerification, user } = await signUp(ctx, sink);
    const completeAs = (userType: 'organizer' | 'attendee') =>
      ctx.app.inject({
        method: 'PATCH',
        url: '/complete_registration/',
        headers: { authorization: bearerOf(fromVerification) },
        payload: {
          first_name: 'Omar',
          last_name: 'Haddad',
          user_type: userType,
          ...(userType === 'organizer' && { organization_name: 'Omar Shows' }),
        },
      });
    expect((await completeAs('organizer')).statusCode).toBe(200);
    // Signed in as an organizer: this token itself says so.
    const { access: asOrganizer } = await signIn(user.email);
    const body = await eventBody(ctx);
    expect(
      (await call(ctx, bearerOf(asOrganizer), 'POST', '/api/v1/events/', body)).statusCode,
    ).toBe(201);

    expect((await completeAs('attendee')).statusCode).toBe(200);
    const refused = await call(ctx, bearerOf(asOrganizer), 'POST', '/api/v1/events/', body);
    expect(refused.statusCode).toBe(403);
    expect(firstError(refused)?.code).toBe('permission_denied');
    // The session itself goes on.
    expect((await ownBookings(asOrganizer)).statusCode).toBe(200);
  });
});

describe('ending sessions ends their access tokens at once', () => {
  it('logout ends that session’s access token; another session of the user goes on', async () => {
    const first = await signUp(ctx, sink);
    const second = await signIn(first.user.email);
    expect((await ownBookings(first.access)).statusCode).toBe(200);

    expect((await post(ctx, '/auth/logout/', { refresh: first.refresh })).statusCode).toBe(200);
    expectEnded(await ownBookings(first.access));
    expect((await ownBookings(second.access)).statusCode).toBe(200);
  });

  it('a password change ends every other session; the current one and its new tokens work', async () => {
    const current = await signUp(ctx, sink);
    const other = await signIn(current.user.email);
    const changed = await post(
      ctx,
      '/auth/password/change/',
      { old_password: GOOD_PASSWORD, new_password: 'amber-lantern-31' },
      { authorization: bearerOf(current.access) },
    );
    expect(changed.statusCode, changed.body).toBe(200);
    const fresh = AuthTokens.parse(changed.json());

    expectEnded(await ownBookings(other.access));
    expect((await refreshWith(other.refresh)).statusCode).toBe(401);
    expect((await ownBookings(current.access)).statusCode).toBe(200);
    expect((await ownBookings(fresh.access)).statusCode).toBe(200);
    expect((await refreshWith(fresh.refresh)).statusCode).toBe(200);
  });

  it('a password reset ends every session, access tokens included', async () => {
    const { user, access } = await signUp(ctx, sink);
    const other = await signIn(user.email);
    await ctx.database.db.execute(
      sql`update code_send_spacing set last_sent_at = now() - interval '2 minutes'
           where key like ${'%:' + user.email}`,
    );
    const before = sink.messages.length;
    await post(ctx, '/auth/forgot_password/', { email: user.email });
    const code = codeFrom(await sink.waitFor(user.email, { after: before }));
    const { reset_token } = (
      await post(ctx, '/otp/verify/', { email: user.email, otp: code })
    ).json() as { reset_token: string };
    const reset = await post(ctx, '/auth/password_reset/', {
      reset_token,
      password: 'amber-lantern-32',
    });
    expect(reset.statusCode, reset.body).toBe(200);

    expectEnded(await ownBookings(access));
    expectEnded(await ownBookings(other.access));
    const again = await signIn(user.email, 'amber-lantern-32');
    expect((await ownBookings(again.access)).statusCode).toBe(200);
  });

  it('closes the open sockets of the ended session only', async () => {
    const ending = await signUp(ctx, sink);
    const staying = await signIn(ending.user.email);
    const endingSocket = await clients.connect(url, ending.access);
    const stayingSocket = await clients.connect(url, staying.access);
    const closed = new Promise<string>((resolve) => endingSocket.once('disconnect', resolve));

    await post(ctx, '/auth/logout/', { refresh: ending.refresh });
    expect(await closed).toBe('io server disconnect');
    expect(stayingSocket.connected).toBe(true);
    // Its reconnection is refused like the token.
    await expect(clients.connect(url, ending.access)).rejects.toThrow('token_not_valid');
  });

  it('another API process refuses the ended session too, also after its LISTEN connection was lost', async () => {
    const other = await buildApp({ config: ctx.config, database: ctx.database });
    try {
      await other.ready();
      const first = await signUp(ctx, sink);
      const second = await signIn(first.user.email);
      expect((await ownBookings(first.access, other)).statusCode).toBe(200);

      await post(ctx, '/auth/logout/', { refresh: first.refresh });
      await expect.poll(async () => (await ownBookings(first.access, other)).statusCode).toBe(401);

      // A failover ends every LISTEN connection (PGlite, one process, has none to lose): what
      // is committed while they reconnect is still heard, or loaded once they are back.
      await dropListenConnections();
      await post(ctx, '/auth/logout/', { refresh: second.refresh });
      await expect
        .poll(async () => (await ownBookings(second.access, other)).statusCode, { timeout: 10_000 })
        .toBe(401);
    } finally {
      await other.close();
    }
  });
});

async function dropListenConnections() {
  if (ctx.database.kind !== 'postgres') return;
  await ctx.database.db.execute(
    sql`select pg_terminate_backend(pid) from pg_stat_activity
         where application_name = 'hafla-listen' and datname = current_database()`,
  );
}

describe('a refresh whose answer was lost', () => {
  it('answers the same successor when the replaced token comes back within 30 seconds', async () => {
    const { refresh } = await signUp(ctx, sink);
    const first = await refreshWith(refresh);
    expect(first.statusCode).toBe(200);
    const successor = (first.json() as { refresh: string }).refresh;

    await replacedSecondsAgo(refresh, 25);
    const retried = await refreshWith(refresh);
    expect(retried.statusCode, retried.body).toBe(200);
    const answer = retried.json() as { access: string; refresh: string };
    expect(answer.refresh).toBe(successor);
    expect(retried.cookies.find((cookie) => cookie.name === 'hafla_refresh')?.value).toBe(
      successor,
    );
    expect((await ownBookings(answer.access)).statusCode).toBe(200);
    // The session goes on with that successor.
    expect((await refreshWith(successor)).statusCode).toBe(200);
  });

  it('revokes the family, access tokens included, when it comes back after 30 seconds', async () => {
    const { refresh } = await signUp(ctx, sink);
    const rotated = (await refreshWith(refresh)).json() as { access: string; refresh: string };
    await replacedSecondsAgo(refresh, 31);

    const replay = await refreshWith(refresh);
    expect(replay.statusCode).toBe(401);
    expect(firstError(replay)?.code).toBe('token_not_valid');
    // The thief's replay also ends the legitimate holder's session.
    expect((await refreshWith(rotated.refresh)).statusCode).toBe(401);
    expectEnded(await ownBookings(rotated.access));
  });

  it('gives no grace to a token older than the immediate predecessor', async () => {
    const { refresh } = await signUp(ctx, sink);
    const second = (await refreshWith(refresh)).json() as { refresh: string };
    const third = (await refreshWith(second.refresh)).json() as { access: string; refresh: string };

    expect((await refreshWith(refresh)).statusCode).toBe(401);
    expect((await refreshWith(third.refresh)).statusCode).toBe(401);
    expectEnded(await ownBookings(third.access));
  });

  it('gives no grace once the family is revoked', async () => {
    const { refresh } = await signUp(ctx, sink);
    await refreshWith(refresh);
    await post(ctx, '/auth/logout/', { refresh });
    expect((await refreshWith(refresh)).statusCode).toBe(401);
  });

  it('lets two tabs that present the same token at once both stay signed in', async () => {
    const { refresh } = await signUp(ctx, sink);
    const [one, two] = await Promise.all([refreshWith(refresh), refreshWith(refresh)]);
    expect([one.statusCode, two.statusCode]).toEqual([200, 200]);
    const successor = (one.json() as { refresh: string }).refresh;
    expect((two.json() as { refresh: string }).refresh).toBe(successor);
    expect((await refreshWith(successor)).statusCode).toBe(200);
  });
});

describe('the refresh cookie', () => {
  it('is Secure when PUBLIC_URL is https, behind a proxy that speaks http to the API', async () => {
    const secure = await buildApp({
      config: { ...ctx.config, PUBLIC_URL: 'https://tickets.example.com' },
      database: ctx.database,
    });
    try {
      const { user } = await signUp(ctx, sink);
      const response = await secure.inject({
        method: 'POST',
        url: '/auth/login/',
        payload: { email: user.email, password: GOOD_PASSWORD },
      });
      expect(response.statusCode).toBe(200);
      const cookie = response.cookies.find((item) => item.name === 'hafla_refresh');
      expect(cookie).toMatchObject({ secure: true, httpOnly: true, sameSite: 'Strict' });
      const plain = await post(ctx, '/auth/login/', { email: user.email, password: GOOD_PASSWORD });
      expect(plain.cookies.find((item) => item.name === 'hafla_refresh')?.secure).toBeFalsy();
    } finally {
      await secure.close();
    }
  });
});
