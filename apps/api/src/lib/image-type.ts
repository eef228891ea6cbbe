import { createHash } from 'node:crypto';
import { fieldError } from './app-error';
import { reencodeFor, storeVariants } from './image-variants';
import type { FileStorage } from './storage';

export interface ImageType {
  mime: 'image/png' | 'image/jpeg' | 'image/webp' | 'image/gif';
  extension: 'png' | 'jpg' | 'webp' | 'gif';
}

/** Identifies an image by its first bytes; what the client claims about the file is ignored. */
export function detectImageType(content: Buffer): ImageType | null {
  const starts = (bytes: number[], offset = 0) =>
    bytes.every((byte, i) => content[offset + i] === byte);
  if (starts([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))
    return { mime: 'image/png', extension: 'png' };
  if (starts([0xff, 0xd8, 0xff])) return { mime: 'image/jpeg', extension: 'jpg' };
  if (starts([0x52, 0x49, 0x46, 0x46]) && starts([0x57, 0x45, 0x42, 0x50], 8))
    return { mime: 'image/webp', extension: 'webp' };
  if (
    starts([0x47, 0x49, 0x46, 0x38]) &&
    (content[4] === 0x37 || content[4] === 0x39) &&
    content[5] === 0x61
  ) {
    return { mime: 'image/gif', extension: 'gif' };
  }
  return null;
}

export const MIME_BY_EXTENSION: Record<string, ImageType['mime']> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  webp: 'image/webp',
  gif: 'image/gif',
};

/**
 * Checks the bytes are an image and stores them under `<folder>/<content hash>.<extension>`, so
 * a file never changes under its URL: re-encoded for folders that store images so (avatars),
 * else as uploaded with the renditions its folder has (`image-variants.ts`; making either decodes
 * the image). Answers the storage key; not an image → 400 image_invalid.
 */
export async function storeImage(
  storage: FileStorage,
  upload: Buffer,
  folder: string,
  attr: string,
): Promise<string> {
  const type = detectImageType(upload);
  if (!type) throw fieldError('image_invalid', attr);
  const reencoded = await reencodeFor(folder, upload, attr);
  const content = reencoded ?? upload;
  const extension = reencoded ? 'webp' : type.extension;
  const digest = createHash('sha256').update(content).digest('hex').slice(0, 20);
  const key = `${folder}/${digest}.${extension}`;
  // Renditions first: an image that does not decode is refused before anything is stored.
  await storeVariants(storage, key, content, attr);
  await storage.put(key, content);
  return key;
}
