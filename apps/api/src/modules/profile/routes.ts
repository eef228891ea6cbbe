import {
  OwnProfile,
  Profile,
  ProfileParams,
  ProfileUpdateRequest,
} from '@hafla/shared/profile/profile';
import type { App } from '../../lib/types';
import { currentUser } from '../../plugins/auth';
import { acceptImageUploads, uploadedFile } from '../../plugins/image-upload';
import { errorResponses } from '../../plugins/openapi';
import { getProfile, updateProfile } from './service';

const tags = ['profile'];

export async function profileRoutes(app: App) {
  const deps = { db: app.db, storage: app.storage };

  // multipart/form-data: text fields become the body (validated like JSON); the avatar file is
  // handed to the service beside the body.
  await acceptImageUploads(app, ['avatar']);

  app.get('/api/v1/profile/:id/', {
    schema: {
      tags,
      summary: 'A profile: in full for its owner, the public part for anyone else',
      params: ProfileParams,
      response: { 200: Profile, ...errorResponses },
    },
    handler: (request) => getProfile(deps, request.params.id, request.auth?.userId ?? null),
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
