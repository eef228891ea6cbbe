import {
  OwnProfile,
  Profile,
  ProfileParams,
  ProfileUpdateRequest,
  PublicProfile,
} from '@hafla/shared/profile/profile';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../lib/app-error';
import type { App } from '../../lib/types';
import { currentUser } from '../../plugins/auth';
import { cacheKeyOf, sendCached } from '../../plugins/http-cache';
import { acceptImageUploads, uploadedFile } from '../../plugins/image-upload';
import { errorResponses } from '../../plugins/openapi';
import { getProfile, updateProfile } from './service';

const tags = ['profile'];

const profilePath = (id: string) => `/api/v1/profile/${id}/`;

export async function profileRoutes(app: App) {
  const deps = { db: app.db, storage: app.storage };
  const publicUrl = app.config.PUBLIC_URL;

  /**
   * A profile as an anonymous reader sees it, from the read cache (decision 0017): an
   * organizer's is kept until their name, picture, bio, followers or ratings change (the
   * triggers' `o:` and `r:` notices); an attendee's is computed each time, since an attendee's
   * account may go without a notice.
   */
  function publicProfileAnswer(request: FastifyRequest, id: string, key: string) {
    // The notices name ids as PostgreSQL prints them; a path may spell one in capitals.
    const tagId = id.toLowerCase();
    return app.readCache.get(
      key,
      [`organizer:${tagId}`, `ratings:${tagId}`],
      async () => {
        const profile = await getProfile(deps, id, null);
        return { value: profile, expiresAt: profile.user_type === 'organizer' ? null : 0 };
      },
      { serialize: (value) => JSON.stringify(PublicProfile.parse(value)) },
    );
  }

  // multipart/form-data: text fields become the body (validated like JSON); the avatar file is
  // handed to the service beside the body.
  await acceptImageUploads(app, ['avatar']);

  app.get('/api/v1/profile/:id/', {
    config: { sharedCache: { sMaxAge: 1, staleWhileRevalidate: 30 } },
    schema: {
      tags,
      summary: 'A profile: in full for its owner, the public part for anyone else',
      params: ProfileParams,
      response: { 200: Profile, ...errorResponses },
    },
    handler: async (request, reply) => {
      const viewerId = request.auth?.userId ?? null;
      if (viewerId) return getProfile(deps, request.params.id, viewerId);
      const answer = await publicProfileAnswer(
        request,
        request.params.id,
        cacheKeyOf(request, publicUrl),
      );
      return sendCached(reply, answer);
    },
  });

  // An organizer's page carries their profile inside its HTML (decision 0026); the discovery
  // module adds the page's first events.
  app.firstAnswers.add('/organizers/:id', async (request, params) => {
    const parsed = ProfileParams.safeParse(params);
    if (!parsed.success) return null;
    const path = profilePath(parsed.data.id);
    try {
      const answer = await publicProfileAnswer(
        request,
        parsed.data.id,
        cacheKeyOf(request, publicUrl, path),
      );
      // An attendee has no public page: the plain page goes out and the app says so.
      if ((answer.value as PublicProfile).user_type !== 'organizer') return null;
      return { path, language: request.language, body: answer.body };
    } catch (error) {
      if (error instanceof AppError && error.status === 404) return null;
      throw error;
    }
  });

  app.patch('/api/v1/profile/:id/', {
    config: { auth: true },
    schema: {
      tags,
      summary: 'Edit the own profile (JSON, or multipart/form-data with an `avatar` image file)',
      security: [{ bearer: [] }],
      consumes: ['application/json', 'multipart/form-data'],
      params: ProfileParams,
      body: ProfileUpdateRequest,
      response: { 200: OwnProfile, ...errorResponses },
    },
    handler: (request) => {
      const avatar = uploadedFile(request, 'avatar');
      return updateProfile(
        deps,
        request.params.id,
        currentUser(request).userId,
        request.body,
        avatar ? { content: avatar } : null,
      );
    },
  });
}
