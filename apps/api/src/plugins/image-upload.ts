import multipart from '@fastify/multipart';
import type { MultipartFile } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { MAX_UPLOAD_BYTES } from '@hafla/shared/common/limits';
import type { App } from '../lib/types';

declare module 'fastify' {
  interface FastifyRequest {
    /** File parts of a multipart request, by field name (only the fields the scope accepts). */
    uploadedFiles?: Record<string, Buffer>;
  }
}

/**
 * Accepts multipart/form-data in the calling (encapsulated) scope: text fields become the body,
 * validated by the route's schema like JSON; the named file fields are read into memory up to
 * MAX_UPLOAD_BYTES (larger: 413 request_too_large) and kept on the request. Register it inside
 * the plugin that holds the upload routes so other routes stay JSON-only.
 */
export async function acceptImageUploads(app: App, fileFields: readonly string[]): Promise<void> {
  await app.register(multipart, {
    attachFieldsToBody: 'keyValues',
    limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 20, fieldSize: 4096 },
    throwFileSizeLimit: true,
    async onFile(part: MultipartFile) {
      const content = await part.toBuffer();
      const isAccepted = fileFields.includes(part.fieldname);
      if (isAccepted) this.uploadedFiles = { ...this.uploadedFiles, [part.fieldname]: content };
      // The body keeps the file's name under its field, so the schema sees the field as present.
      (part as MultipartFile & { value: unknown }).value = isAccepted
        ? part.filename || part.fieldname
        : undefined;
    },
  });
}

/** The bytes of an uploaded file field, or null when the request carried none. */
export function uploadedFile(request: FastifyRequest, field: string): Buffer | null {
  return request.uploadedFiles?.[field] ?? null;
}
