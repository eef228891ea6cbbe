import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EventSummaryList } from '@hafla/shared/events/discovery';
import { PublicProfile } from '@hafla/shared/profile/profile';
import { FollowerList, FollowState, OrganizerCardList } from '@hafla/shared/social/follows';
import { WishlistState } from '@hafla/shared/social/wishlist';
import { users } from '../src/db/schema/accounts';
import { followOrganizer, publishEvent, wishlistEvent } from './discovery-helpers';
import {
  call,
  cancelEvent,
  createAttendee,
  createOrganizer,
  expectError,
  expectOk,
  expectPageBoundsRefused,
  moveEventToPast,
  setPublishLimit,
  type Account,
} from './event-helpers';
import { bearer, createTestContext, demoUserId, type TestContext } from './helpers';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ PUBLIC_URL: 'https://hafla.example' });
  await setPublishLimit(ctx, 1000);
});
afterAll(() => ctx.close());

const NO_ONE = '00000000-0000-4000-8000-000000000000';

describe('POST /api/v1/profile/{id}/add_to_wishlist/ and remove_from_wishlist/', () => {
  let organizer: Account;
  let event: number;
  beforeAll(async () => {
    organizer = await createOrganizer(ctx);
    event = (await publishEvent(ctx, organizer.auth)).event.id;
  });

  const wish = (
    who: Account,
    action: 'add_to_wishlist' | 'remove_from_wishlist',
    body: unknown,
    id = who.id,
  ) => call(ctx, who.auth, 'POST', `/api/v1/profile/${id}/${action}/`, body);

  it('adds and removes idempotently, answering the state and the count', async () => {
    const fan = await createAttendee(ctx);
    for (let i = 0; i < 2; i += 1) {
      const added = await wish(fan, 'add_to_wishlist', { event });
      expect(expectOk(added, 200, WishlistState)).toEqual({
        event,
        is_wishlisted: true,
        wishlist_count: 1,
      });
    }
    const other = await createAttendee(ctx);
    expect((await wish(other, 'add_to_wishlist', { event })).json()).toMatchObject({
      wishlist_count: 2,
    });
    for (let i = 0; i < 2; i += 1) {
      const removed = await wish(fan, 'remove_from_wishlist', { event });
      expect(removed.statusCode).toBe(200);
      expect(removed.json()).toEqual({ event, is_wishlisted: false, wishlist_count: 1 });
    }
  });

  it('accepts ended and cancelled events but answers not_found for drafts and missing ones', async () => {
    const fan = await createAttendee(ctx);
    const ended = (await publishEvent(ctx, organizer.auth)).event.id;
    await moveEventToPast(ctx, ended);
    const cancelled = (await publishEvent(ctx, organizer.auth)).event.id;
    await cancelEvent(ctx, organizer.auth, cancelled);
    for (const id of [ended, cancelled])
      expect((await wish(fan, 'add_to_wishlist', { event: id })).statusCode).toBe(200);

    const draft = (await publishEvent(ctx, organizer.auth, { publish: false })).event.id;
    for (const id of [draft, 2_000_000_000]) {
      for (const action of ['add_to_wishlist', 'remove_from_wishlist'] as const) {
        expectError(await wish(fan, action, { event: id }), 404, 'not_found', 'event');
      }
    }
  });

  it.each([
    [{}, 'required', 'event'],
    [{ event: 'one' }, 'not_a_number', 'event'],
    [{ event: 0 }, 'min_value', 'event'],
    [{ event: 1.5 }, 'not_an_integer', 'event'],
    [{ event: 1, user: NO_ONE }, 'unknown_field', 'user'],
  ])('refuses the body %j with %s', async (body, code, attr) => {
    const fan = await createAttendee(ctx);
    expectError(await wish(fan, 'add_to_wishlist', body), 400, code, attr);
  });

  it("refuses someone else's wishlist, changing nothing, and anonymous callers", async () => {
    const fan = await createAttendee(ctx);
    const victim = await createAttendee(ctx);
    expectError(await wish(fan, 'add_to_wishlist', { event }, victim.id), 403, 'permission_denied');
    const theirs = await call(
      ctx,
      victim.auth,
      'GET',
      `/api/v1/profile/${victim.id}/wishlist_events/`,
    );
    expect(theirs.json()).toMatchObject({ count: 0 });

    expectError(
      await call(ctx, null, 'POST', `/api/v1/profile/${fan.id}/add_to_wishlist/`, { event }),
      401,
      'not_authenticated',
    );
    expectError(await wish(fan, 'add_to_wishlist', { event }, 'me'), 400, 'invalid', 'id');
  });
});

describe('GET /api/v1/profile/{id}/wishlist_events/', () => {
  it('lists the own wishlist newest first, ended and cancelled events included', async () => {
    const organizer = await createOrganizer(ctx);
    const fan = await createAttendee(ctx);
    const upcoming = (await publishEvent(ctx, organizer.auth, { title: 'Still to come' })).event.id;
    const ended = (await publishEvent(ctx, organizer.auth, { title: 'Over now' })).event.id;
    const cancelled = (await publishEvent(ctx, organizer.auth, { title: 'Called off' })).event.id;
    for (const event of [upcoming, ended, cancelled]) await wishlistEvent(ctx, fan, event);
    await moveEventToPast(ctx, ended);
    await cancelEvent(ctx, organizer.auth, cancelled);

    const response = await call(
      ctx,
      fan.auth,
      'GET',
      `/api/v1/profile/${fan.id}/wishlist_events/?limit=1000`,
    );
    const page = expectOk(response, 200, EventSummaryList);
    expect(page.results.map((e) => [e.id, e.status, e.is_wishlisted])).toEqual([
      [cancelled, 'cancelled', true],
      [ended, 'ended', true],
      [upcoming, 'published', true],
    ]);

    const first = EventSummaryList.parse(
      (
        await call(ctx, fan.auth, 'GET', `/api/v1/profile/${fan.id}/wishlist_events/?limit=2`)
      ).json(),
    );
    expect(first).toMatchObject({ count: 3 });
    expect(first.results).toHaveLength(2);
    expect(first.next).toBe(
      `https://hafla.example/api/v1/profile/${fan.id}/wishlist_events/?limit=2&offset=2`,
    );
  });

  it('is private, and refuses bad pages', async () => {
    const fan = await createAttendee(ctx);
    const other = await createAttendee(ctx);
    const response = await call(
      ctx,
      other.auth,
      'GET',
      `/api/v1/profile/${fan.id}/wishlist_events/`,
    );
    expectError(response, 403, 'permission_denied');
    const anonymous = await call(ctx, null, 'GET', `/api/v1/profile/${fan.id}/wishlist_events/`);
    expect(anonymous.statusCode).toBe(401);
    await expectPageBoundsRefused(ctx, fan.auth, `/api/v1/profile/${fan.id}/wishlist_events/`);
  });
});

describe('POST /api/v1/profile/{id}/follow/ and unfollow/', () => {
  const follow = (who: Account, organizerId: string, action: 'follow' | 'unfollow' = 'follow') =>
    call(ctx, who.auth, 'POST', `/api/v1/profile/${organizerId}/${action}/`);

  it('follows and unfollows idempotently, answering the state and the count', async () => {
    const organizer = await createOrganizer(ctx);
    const fan = await createAttendee(ctx);
    for (let i = 0; i < 2; i += 1) {
      expect(expectOk(await follow(fan, organizer.id), 200, FollowState)).toEqual({
        organizer: organizer.id,
        is_following: true,
        followers_count: 1,
      });
    }
    // An organizer may follow another organizer.
    const peer = await createOrganizer(ctx);
    expect((await follow(peer, organizer.id)).json()).toMatchObject({ followers_count: 2 });
    for (let i = 0; i < 2; i += 1) {
      const response = await follow(fan, organizer.id, 'unfollow');
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({
        organizer: organizer.id,
        is_following: false,
        followers_count: 1,
      });
    }
  });

  it('refuses following yourself with cannot_follow_self', async () => {
    for (const self of [await createOrganizer(ctx), await createAttendee(ctx)]) {
      expectError(await follow(self, self.id), 400, 'cannot_follow_self');
    }
  });

  it('answers not_found for attendees, unfinished organizers and unknown accounts', async () => {
    const fan = await createAttendee(ctx);
    const attendee = await createAttendee(ctx);
    const unfinished = await createOrganizer(ctx);
    await ctx.database.db
      .update(users)
      .set({ is_profile_complete: false })
      .where(eq(users.id, unfinished.id));
    for (const target of [attendee.id, unfinished.id, NO_ONE]) {
      for (const action of ['follow', 'unfollow'] as const) {
        expectError(await follow(fan, target, action), 404, 'not_found');
      }
    }
    expectError(await follow(fan, 'organizer'), 400, 'invalid', 'id');
    expectError(
      await call(ctx, null, 'POST', `/api/v1/profile/${attendee.id}/follow/`),
      401,
      'not_authenticated',
    );
  });

  it("shows in the organizer's profile: followers_count, and is_following for the reader", async () => {
    const organizer = await createOrganizer(ctx);
    const fan = await createAttendee(ctx);
    await follow(fan, organizer.id);
    const seen = PublicProfile.parse(
      (await call(ctx, fan.auth, 'GET', `/api/v1/profile/${organizer.id}/`)).json(),
    );
    expect(seen).toMatchObject({ followers_count: 1, is_following: true });
    const anonymous = PublicProfile.parse(
      (await call(ctx, null, 'GET', `/api/v1/profile/${organizer.id}/`)).json(),
    );
    expect(anonymous).toMatchObject({ followers_count: 1, is_following: false });
    const own = await call(ctx, organizer.auth, 'GET', `/api/v1/profile/${organizer.id}/`);
    expect(own.json()).toMatchObject({ followers_count: 1 });
  });
});

describe('GET /api/v1/profile/{id}/following/ and followers/', () => {
  it('lists whom I follow, most recent first, as cards with their counts', async () => {
    const fan = await createAttendee(ctx);
    const first = await createOrganizer(ctx, { organization_name: 'First Followed', bio: 'Hi' });
    const second = await createOrganizer(ctx, { organization_name: 'Second Followed' });
    await publishEvent(ctx, first.auth);
    for (const organizer of [first, second]) await followOrganizer(ctx, fan, organizer.id);

    const response = await call(ctx, fan.auth, 'GET', `/api/v1/profile/${fan.id}/following/`);
    const page = expectOk(response, 200, OrganizerCardList);
    expect(page.count).toBe(2);
    expect(page.results).toEqual([
      {
        id: second.id,
        name: 'Second Followed',
        avatar: null,
        bio: null,
        followers_count: 1,
        upcoming_events_count: 0,
        is_following: true,
      },
      expect.objectContaining({
        id: first.id,
        bio: 'Hi',
        upcoming_events_count: 1,
        is_following: true,
      }),
    ]);
    const other = await createAttendee(ctx);
    const denied = await call(ctx, other.auth, 'GET', `/api/v1/profile/${fan.id}/following/`);
    expect(denied.statusCode).toBe(403);
  });

  it("lists an organizer's followers publicly, most recent first", async () => {
    const organizer = await createOrganizer(ctx);
    const early = await createAttendee(ctx, { first_name: 'Early', last_name: 'Bird' });
    const late = await createAttendee(ctx, { first_name: 'Late', last_name: 'Comer' });
    for (const fan of [early, late]) await followOrganizer(ctx, fan, organizer.id);
    const response = await call(ctx, null, 'GET', `/api/v1/profile/${organizer.id}/followers/`);
    const page = expectOk(response, 200, FollowerList);
    expect(page.results.map((f) => [f.id, f.name])).toEqual([
      [late.id, 'Late Comer'],
      [early.id, 'Early Bird'],
    ]);
    expect(page.results[0]).not.toHaveProperty('email');

    const attendee = await createAttendee(ctx);
    const notOrganizer = await call(ctx, null, 'GET', `/api/v1/profile/${attendee.id}/followers/`);
    expect(notOrganizer.statusCode).toBe(404);
  });
});

describe('GET /api/v1/profile/organizers-to-follow/', () => {
  it('suggests organizers the reader does not follow, never the reader, most followed first', async () => {
    const popular = await createOrganizer(ctx, { organization_name: 'Popular Pick' });
    const busy = await createOrganizer(ctx, { organization_name: 'Busy Pick' });
    const quiet = await createOrganizer(ctx, { organization_name: 'Quiet Pick' });
    await publishEvent(ctx, busy.auth);
    for (let i = 0; i < 30; i += 1)
      await followOrganizer(ctx, await createAttendee(ctx), popular.id);

    const reader = await createOrganizer(ctx);
    await followOrganizer(ctx, reader, quiet.id);
    const response = await call(
      ctx,
      reader.auth,
      'GET',
      '/api/v1/profile/organizers-to-follow/?limit=1000',
    );
    const page = expectOk(response, 200, OrganizerCardList);
    const ids = page.results.map((card) => card.id);
    expect(ids[0]).toBe(popular.id);
    expect(page.results[0]).toMatchObject({ followers_count: 30, is_following: false });
    expect(ids).toContain(busy.id);
    expect(ids).not.toContain(quiet.id);
    expect(ids).not.toContain(reader.id);
    expect(page.count).toBe(ids.length);
    // Among organizers nobody follows, those with upcoming events come first.
    const busyIndex = ids.indexOf(busy.id);
    const unfollowedIdle = page.results.findIndex(
      (card) => card.followers_count === 0 && card.upcoming_events_count === 0,
    );
    expect(busyIndex).toBeLessThan(unfollowedIdle);
    // The demo attendee's sample data: they follow Nour Events, so it is not suggested to them.
    const attendee = await demoUserId(ctx);
    const demoOrganizer = await demoUserId(ctx, 'organizer@hafla.test');
    const demo = await call(
      ctx,
      await bearer(ctx.config, { userId: attendee }),
      'GET',
      '/api/v1/profile/organizers-to-follow/?limit=1000',
    );
    expect(OrganizerCardList.parse(demo.json()).results.map((c) => c.id)).not.toContain(
      demoOrganizer,
    );
  });

  it('shows anonymous readers every finished organizer, paged', async () => {
    const unfinished = await createOrganizer(ctx);
    await ctx.database.db
      .update(users)
      .set({ is_verified: false })
      .where(eq(users.id, unfinished.id));
    const all = OrganizerCardList.parse(
      (await call(ctx, null, 'GET', '/api/v1/profile/organizers-to-follow/?limit=1000')).json(),
    );
    expect(all.results.map((c) => c.id)).not.toContain(unfinished.id);
    expect(all.results.every((card) => !card.is_following)).toBe(true);
    const paged = OrganizerCardList.parse(
      (
        await call(ctx, null, 'GET', '/api/v1/profile/organizers-to-follow/?limit=2&offset=1')
      ).json(),
    );
    expect(paged.results.map((c) => c.id)).toEqual(all.results.slice(1, 3).map((c) => c.id));
    expect(paged.count).toBe(all.count);
    expectError(
      await call(ctx, null, 'GET', '/api/v1/profile/organizers-to-follow/?limit=-1'),
      400,
      'min_value',
      'limit',
    );
  });
});
