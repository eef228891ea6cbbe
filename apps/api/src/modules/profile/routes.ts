import multipart from '@fastify/multipart';
import type { MultipartFile } from '@fastify/multipart';
import {
  OwnProfile,
  Profile,
  ProfileParams,
  ProfileUpdateRequest,
} from '@hafla/shared/profile/profile';
import { MAX_UPLOAD_BYTES } from '@hafla/shared/common/limits';
import type { App } from '../../lib/types';
import { currentUser } from '../../plugins/auth';
import { errorResponses } from '../../plugins/openapi';
import { getProfile, updateProfile, type AvatarUpload } from './service';

const tags = ['profile'];

declare module 'fastify' {
  interface FastifyRequest {
    avatarUpload?: AvatarUpload;
  }
}

export async function profileRoutes(app: App) {
  const deps = { db: app.db, storage: app.storage };

  // multipart/form-data: text fields become the body (validated like JSON); the avatar file is
  // read into memory up to the limit and handed to the service beside the body.
  await app.register(multipart, {
    attachFieldsToBody: 'keyValues',
    limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 20, fieldSize: 4096 },
    throwFileSizeLimit: true,
    async onFile(part: MultipartFile) {
      const content = await part.toBuffer();
      if (part.fieldname === 'avatar') this.avatarUpload = { content };
      (part as MultipartFile & { value: unknown }).value =
        part.fieldname === 'avatar' ? part.filename || 'avatar' : undefined;
    },
  });

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
    handler: (request) =>
      updateProfile(
        deps,
        request.params.id,
        currentUser(request).userId,
        request.body,
        request.avatarUpload ?? null,
      ),
  });
}
