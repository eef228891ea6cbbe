import fp from 'fastify-plugin';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../lib/app-error';
import { MIME_BY_EXTENSION } from '../lib/image-type';
import { makeMissingVariant } from '../lib/image-variants';
import { createUploadsStorage, STORAGE_KEY, type FileStorage } from '../lib/storage';
import { errorResponses } from './openapi';

declare module 'fastify' {
  interface FastifyInstance {
    storage: FileStorage;
  }
}

export interface UploadsOptions {
  dataDir: string;
}

/**
 * Uploaded files under DATA_DIR/uploads, served at /uploads/<key>. Keys carry a content hash,
 * so a file never changes under its URL and may be cached for a year. A rendition that is not
 * stored yet (an image stored before renditions existed) is made from its original on the way.
 */
export const uploadsPlugin = fp<UploadsOptions>(
  async (fastify, { dataDir }) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    app.decorate('storage', createUploadsStorage(dataDir));

    app.get('/uploads/*', {
      schema: {
        tags: ['uploads'],
        summary: 'An uploaded image',
        params: z.object({ '*': z.string().max(300) }),
        response: { 200: z.any().describe('the image bytes'), ...errorResponses },
      },
      handler: async (request, reply) => {
        const key = request.params['*'];
        const mime = MIME_BY_EXTENSION[key.split('.').pop() ?? ''];
        const content =
          STORAGE_KEY.test(key) && mime
            ? ((await app.storage.get(key)) ?? (await makeMissingVariant(app.storage, key)))
            : null;
        if (!content || !mime) throw new AppError('not_found', { status: 404 });
        return reply
          .header('content-type', mime)
          .header('cache-control', 'public, max-age=31536000, immutable')
          .header('content-security-policy', "default-src 'none'; sandbox")
          .header('content-disposition', 'inline')
          .send(content);
      },
    });
  },
  { name: 'uploads' },
);
