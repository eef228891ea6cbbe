import multipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { MAX_UPLOAD_BYTES } from '@hafla/shared/common/limits';
import { AppError } from '../lib/app-error';
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
 *
 * The body is read here rather than by the plugin's `attachFieldsToBody`, so that a body the
 * parser cannot read (no boundary, a garbled or cut-off body) answers 400 multipart_invalid:
 * busboy reports those as plain errors without a code.
 */
export async function acceptImageUploads(app: App, fileFields: readonly string[]): Promise<void> {
  await app.register(multipart, {
    limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 20, fieldSize: 4096 },
    throwFileSizeLimit: true,
  });

  app.addHook('preValidation', async (request) => {
    if (!request.isMultipart()) return;
    const body: Record<string, string> = {};
    try {
      for await (const part of request.parts()) {
        if (part.type === 'field') {
          if (typeof part.value === 'string') body[part.fieldname] = part.value;
          continue;
        }
        const content = await part.toBuffer();
        if (!fileFields.includes(part.fieldname)) continue;
        request.uploadedFiles = { ...request.uploadedFiles, [part.fieldname]: content };
        // The body keeps the file's name under its field, so the schema sees the field as present.
        body[part.fieldname] = part.filename || part.fieldname;
      }
    } catch (error) {
      // Limits and other Fastify errors carry a code the error handler maps (413 and so on).
      if (typeof (error as { code?: unknown }).code === 'string') throw error;
      throw new AppError('multipart_invalid', { status: 400 });
    }
    request.body = body;
  });
}

/** The bytes of an uploaded file field, or null when the request carried none. */
export function uploadedFile(request: FastifyRequest, field: string): Buffer | null {
  return request.uploadedFiles?.[field] ?? null;
}
