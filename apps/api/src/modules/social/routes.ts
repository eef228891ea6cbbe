import { PaginationQuery } from '@hafla/shared/common/pagination';
import { EventSummaryList } from '@hafla/shared/events/discovery';
import { ProfileParams } from '@hafla/shared/profile/profile';
import { FollowerList, FollowState, OrganizerCardList } from '@hafla/shared/social/follows';
import { WishlistRequest, WishlistState } from '@hafla/shared/social/wishlist';
import { toPage } from '../../lib/pagination';
import type { App } from '../../lib/types';
import { currentUser } from '../../plugins/auth';
import { errorResponses } from '../../plugins/openapi';
import * as social from './service';

const tags = ['social'];
const security = [{ bearer: [] }];

export async function socialRoutes(app: App) {
  const deps = { db: app.db, storage: app.storage };
  const publicUrl = app.config.PUBLIC_URL;

  app.get('/api/v1/profile/organizers-to-follow/', {
    schema: {
      tags,
      summary: 'Organizers the reader does not follow yet, most popular first',
      querystring: PaginationQuery,
      response: { 200: OrganizerCardList, ...errorResponses },
    },
    handler: async (request) => {
      const viewerId = request.auth?.userId ?? null;
      const page = await social.listOrganizersToFollow(deps, viewerId, request.query, new Date());
      return toPage(request, request.query, page.count, page.results, publicUrl);
    },
  });

  app.get('/api/v1/profile/:id/wishlist_events/', {
    config: { auth: true },
    schema: {
      tags,
      summary: 'The own wishlist, most recently added first (ended and cancelled events too)',
      security,
      params: ProfileParams,
      querystring: PaginationQuery,
      response: { 200: EventSummaryList, ...errorResponses },
    },
    handler: async (request) => {
      const reader = {
        language: request.language,
        viewerId: currentUser(request).userId,
        now: new Date(),
      };
      const page = await social.listWishlist(deps, reader, request.params.id, request.query);
      return toPage(request, request.query, page.count, page.results, publicUrl);
    },
  });

  for (const [path, isWishlisted] of [
    ['add_to_wishlist', true],
    ['remove_from_wishlist', false],
  ] as const) {
    app.post(`/api/v1/profile/:id/${path}/`, {
      config: { auth: true },
      schema: {
        tags,
        summary: isWishlisted
          ? 'Add an event to the own wishlist (idempotent)'
          : 'Remove an event from the own wishlist (idempotent)',
        security,
        params: ProfileParams,
        body: WishlistRequest,
        response: { 200: WishlistState, ...errorResponses },
      },
      handler: (request) =>
        social.setWishlisted(
          deps,
          currentUser(request).userId,
          request.params.id,
          request.body.event,
          isWishlisted,
        ),
    });
  }

  app.get('/api/v1/profile/:id/following/', {
    config: { auth: true },
    schema: {
      tags,
      summary: 'The organizers the own account follows, most recent first',
      security,
      params: ProfileParams,
      querystring: PaginationQuery,
      response: { 200: OrganizerCardList, ...errorResponses },
    },
    handler: async (request) => {
      const page = await social.listFollowing(
        deps,
        currentUser(request).userId,
        request.params.id,
        request.query,
        new Date(),
      );
      return toPage(request, request.query, page.count, page.results, publicUrl);
    },
  });

  app.get('/api/v1/profile/:id/followers/', {
    schema: {
      tags,
      summary: "An organizer's followers, most recent first",
      params: ProfileParams,
      querystring: PaginationQuery,
      response: { 200: FollowerList, ...errorResponses },
    },
    handler: async (request) => {
      const page = await social.listFollowers(deps, request.params.id, request.query);
      return toPage(request, request.query, page.count, page.results, publicUrl);
    },
  });

  for (const [path, isFollowing] of [
    ['follow', true],
    ['unfollow', false],
  ] as const) {
    app.post(`/api/v1/profile/:id/${path}/`, {
      config: { auth: true },
      schema: {
        tags,
        summary: isFollowing
          ? 'Follow the organizer {id} (idempotent)'
          : 'Stop following the organizer {id} (idempotent)',
        security,
        params: ProfileParams,
        response: { 200: FollowState, ...errorResponses },
      },
      handler: (request) =>
        social.setFollowing(deps, currentUser(request).userId, request.params.id, isFollowing),
    });
  }
}
