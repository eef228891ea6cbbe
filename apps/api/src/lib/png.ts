import { crc32, deflate, deflateSync } from 'node:zlib';
import { promisify } from 'node:util';

/** An 8-bit RGB image: `pixels` holds width × height × 3 bytes, row by row. */
export interface RgbImage {
  width: number;
  height: number;
  pixels: Uint8Array;
}

const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const deflateAsync = promisify(deflate);

function chunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  const tail = Buffer.alloc(4);
  tail.writeUInt32BE(crc32(data, crc32(head.subarray(4))), 0);
  return Buffer.concat([head, data, tail]);
}

/**
 * The scanlines, each behind its filter byte. The "Sub" filter (each byte minus its left
 * neighbour) turns smooth gradients into runs of small numbers, which deflate packs tightly.
 */
function filteredScanlines({ width, height, pixels }: RgbImage): Buffer {
  if (pixels.length !== width * height * 3) throw new Error('pixels do not match the size');
  const stride = width * 3;
  const out = Buffer.alloc((stride + 1) * height);
  for (let y = 0; y < height; y += 1) {
    const row = y * stride;
    const target = y * (stride + 1);
    out[target] = 1;
    for (let x = 0; x < stride; x += 1) {
      const left = x >= 3 ? pixels[row + x - 3]! : 0;
      out[target + 1 + x] = (pixels[row + x]! - left) & 0xff;
    }
  }
  return out;
}

function assemble(
  image: { width: number; height: number },
  compressed: Buffer,
  format = { bitDepth: 8, colourType: 2 }, // truecolour
): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(image.width, 0);
  header.writeUInt32BE(image.height, 4);
  header[8] = format.bitDepth;
  header[9] = format.colourType;
  // bytes 10–12: deflate compression, adaptive filtering, no interlace (all zero)
  return Buffer.concat([
    SIGNATURE,
    chunk('IHDR', header),
    chunk('IDAT', compressed),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

function assertSize({ width, height }: { width: number; height: number }) {
  const valid = (n: number) => Number.isInteger(n) && n >= 1 && n <= 16_384;
  if (!valid(width) || !valid(height)) throw new Error('image size out of range');
}

/** A PNG file for an RGB image (no dependency: zlib does the compression). */
export function encodePng(image: RgbImage): Buffer {
  assertSize(image);
  return assemble(image, deflateSync(filteredScanlines(image)));
}

/** The same, compressing on libuv's thread pool so several images encode in parallel. */
export async function encodePngAsync(image: RgbImage): Promise<Buffer> {
  assertSize(image);
  return assemble(image, await deflateAsync(filteredScanlines(image)));
}

/**
 * A PNG file for a black-and-white image (1 bit per pixel, greyscale) given as its distinct
 * rows: `rows[y]` is the row of pixels `y` (true: black), and the same array may stand for
 * several rows (a QR module's height). Small and sharp, for QR codes in emails.
 */
export function encodeBilevelPng(width: number, rows: ReadonlyArray<readonly boolean[]>): Buffer {
  const height = rows.length;
  assertSize({ width, height });
  const stride = Math.ceil(width / 8);
  const packed = new Map<readonly boolean[], Buffer>();
  const pack = (row: readonly boolean[]) => {
    let line = packed.get(row);
    if (!line) {
      // Behind its filter byte (0: none); bits are white (1) unless dark.
      line = Buffer.alloc(stride + 1, 0xff);
      line[0] = 0;
      for (let x = 0; x < width; x += 1) {
        if (row[x]) line[1 + (x >> 3)]! &= ~(0x80 >> (x & 7));
      }
      packed.set(row, line);
    }
    return line;
  };
  return assemble({ width, height }, deflateSync(Buffer.concat(rows.map(pack))), {
    bitDepth: 1,
    colourType: 0,
  });
}
