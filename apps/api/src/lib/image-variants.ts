import sharp from 'sharp';
import { fieldError } from './app-error';
import type { FileStorage } from './storage';

/**
 * Smaller renditions of stored images, for lists that show many of them at once (event cards).
 * The folder an image is stored under decides its renditions: `covers/…` get WebP copies 480
 * and 960 pixels wide (a card is about 270 CSS pixels on a phone and 300 on a desktop, at one to
 * three device pixels each); other folders get none. A rendition's key is its original's key with
 * the width added (`covers/7/<hash>.png` → `covers/7/<hash>-480w.webp`), so it is found without
 * a database column and, like the original, never changes under its URL.
 *
 * Renditions are made when the image is stored (`storeImage`), and on the first request for one
 * that is missing (`makeMissingVariant`): that fills in images stored before renditions existed
 * or stored by hand, with no migration pass over the storage. Deleting an image through the
 * uploads storage deletes its renditions too.
 */

export const VARIANT_WIDTHS: Readonly<Record<string, readonly number[]>> = {
  covers: [480, 960],
};

export const VARIANT_MIME = 'image/webp';

/**
 * Folders whose images are stored re-encoded, not as uploaded, with their longest side at most
 * this many pixels: a WebP drawn from the decoded pixels keeps no metadata (camera, location)
 * and nothing that rode along in the file, and bytes that only start like an image are refused.
 * Avatars are shown small (512 covers a 160-pixel circle at three device pixels per pixel).
 * Covers keep their original beside the renditions, as decision 0007 describes.
 */
export const REENCODED_SIZES: Readonly<Record<string, number>> = {
  avatars: 512,
};

/** Larger inputs are refused before decoding (a small file can claim a huge canvas). */
const MAX_INPUT_PIXELS = 50_000_000;

const ORIGINAL_KEY = /^([a-z0-9-]+(?:\/[a-z0-9-]+)*\/[0-9a-f]{20})\.(png|jpg|webp|gif)$/;
const VARIANT_KEY = /^([a-z0-9-]+(?:\/[a-z0-9-]+)*\/[0-9a-f]{20})-([1-9][0-9]{1,3})w\.webp$/;
const ORIGINAL_EXTENSIONS = ['png', 'jpg', 'webp', 'gif'] as const;

export interface ImageVariant {
  width: number;
  key: string;
}

const widthsFor = (key: string) => VARIANT_WIDTHS[key.slice(0, key.indexOf('/'))] ?? [];

/** The renditions an original image has, smallest first; none for folders without any. */
export function variantsOf(originalKey: string): ImageVariant[] {
  const match = ORIGINAL_KEY.exec(originalKey);
  if (!match) return [];
  return widthsFor(originalKey).map((width) => ({ width, key: `${match[1]}-${width}w.webp` }));
}

/** `{ width, url }` of each rendition, for API answers. */
export function variantUrls(
  storage: FileStorage,
  originalKey: string,
): { width: number; url: string }[] {
  return variantsOf(originalKey).map(({ width, key }) => ({ width, url: storage.url(key) }));
}

/** The original's key without its extension and the width, when `key` names a rendition. */
function parseVariantKey(key: string): { stem: string; width: number } | null {
  const match = VARIANT_KEY.exec(key);
  if (!match) return null;
  const width = Number(match[2]);
  return widthsFor(key).includes(width) ? { stem: match[1]!, width } : null;
}

/** A WebP of the image at most `width` pixels wide (never enlarged), upright by its EXIF. */
async function resize(content: Buffer, width: number): Promise<Buffer> {
  return sharp(content, { limitInputPixels: MAX_INPUT_PIXELS })
    .rotate()
    .resize({ width, withoutEnlargement: true })
    .webp({ quality: 75 })
    .toBuffer();
}

/**
 * The image re-encoded as a WebP for folders that store images so (REENCODED_SIZES), upright by
 * its EXIF orientation and never enlarged; null for folders that keep the original. Bytes that do
 * not decode are refused with 400 image_invalid on `attr`.
 */
export async function reencodeFor(
  folder: string,
  content: Buffer,
  attr: string,
): Promise<Buffer | null> {
  const size = REENCODED_SIZES[folder.split('/')[0] ?? ''];
  if (size === undefined) return null;
  try {
    return await sharp(content, { limitInputPixels: MAX_INPUT_PIXELS })
      .rotate()
      .resize({ width: size, height: size, fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 80 })
      .toBuffer();
  } catch {
    throw fieldError('image_invalid', attr);
  }
}

/**
 * Makes and stores every rendition of an original (none for folders without renditions). An
 * image whose bytes do not decode is refused with 400 image_invalid on `attr`.
 */
export async function storeVariants(
  storage: FileStorage,
  originalKey: string,
  content: Buffer,
  attr: string,
): Promise<void> {
  const variants = variantsOf(originalKey);
  if (variants.length === 0) return;
  let outputs: Buffer[];
  try {
    outputs = await Promise.all(variants.map(({ width }) => resize(content, width)));
  } catch {
    throw fieldError('image_invalid', attr);
  }
  await Promise.all(variants.map(({ key }, i) => storage.put(key, outputs[i]!)));
}

const making = new Map<string, Promise<Buffer | null>>();

/**
 * Makes a rendition that is not stored from its original, stores it and answers its bytes (one
 * making per key however many requests ask at the same moment). Null when `key` is not a
 * rendition of a known kind, the original is gone, or its bytes do not decode.
 */
export async function makeMissingVariant(
  storage: FileStorage,
  key: string,
): Promise<Buffer | null> {
  const variant = parseVariantKey(key);
  if (!variant) return null;
  let pending = making.get(key);
  if (!pending) {
    pending = makeVariant(storage, key, variant).finally(() => making.delete(key));
    making.set(key, pending);
  }
  return pending;
}

async function makeVariant(
  storage: FileStorage,
  key: string,
  { stem, width }: { stem: string; width: number },
): Promise<Buffer | null> {
  for (const extension of ORIGINAL_EXTENSIONS) {
    const original = await storage.get(`${stem}.${extension}`);
    if (!original) continue;
    let output: Buffer;
    try {
      output = await resize(original, width);
    } catch {
      return null;
    }
    await storage.put(key, output);
    return output;
  }
  return null;
}

/** Storage whose `delete` also removes the image's renditions. */
export function deletingVariants(storage: FileStorage): FileStorage {
  return {
    ...storage,
    async delete(key) {
      await Promise.all([
        storage.delete(key),
        ...variantsOf(key).map((variant) => storage.delete(variant.key)),
      ]);
    },
  };
}
