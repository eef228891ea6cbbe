import { crc32, inflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { detectImageType } from './image-type';
import { encodePng, encodePngAsync, type RgbImage } from './png';

interface Chunk {
  type: string;
  data: Buffer;
  crcMatches: boolean;
}

function readChunks(file: Buffer): Chunk[] {
  const chunks: Chunk[] = [];
  let offset = 8;
  while (offset < file.length) {
    const length = file.readUInt32BE(offset);
    const typeAndData = file.subarray(offset + 4, offset + 8 + length);
    const crc = file.readUInt32BE(offset + 8 + length);
    chunks.push({
      type: typeAndData.subarray(0, 4).toString('latin1'),
      data: typeAndData.subarray(4),
      crcMatches: crc32(typeAndData) === crc,
    });
    offset += 12 + length;
  }
  return chunks;
}

/** Undoes the filters a decoder would (only None and Sub are needed for our output). */
function decodePixels(file: Buffer): RgbImage {
  const chunks = readChunks(file);
  const header = chunks.find((c) => c.type === 'IHDR')!.data;
  const width = header.readUInt32BE(0);
  const height = header.readUInt32BE(4);
  const raw = inflateSync(
    Buffer.concat(chunks.filter((c) => c.type === 'IDAT').map((c) => c.data)),
  );
  const stride = width * 3;
  const pixels = new Uint8Array(stride * height);
  for (let y = 0; y < height; y += 1) {
    const filter = raw[y * (stride + 1)];
    for (let x = 0; x < stride; x += 1) {
      const value = raw[y * (stride + 1) + 1 + x]!;
      const left = filter === 1 && x >= 3 ? pixels[y * stride + x - 3]! : 0;
      pixels[y * stride + x] = (value + left) & 0xff;
    }
  }
  return { width, height, pixels };
}

function sampleImage(width: number, height: number): RgbImage {
  const pixels = new Uint8Array(width * height * 3);
  for (let i = 0; i < pixels.length; i += 1) pixels[i] = (i * 37 + (i >> 5)) & 0xff;
  return { width, height, pixels };
}

describe('encodePng', () => {
  it('writes a valid PNG whose pixels decode back exactly', () => {
    const image = sampleImage(17, 9);
    const file = encodePng(image);
    expect(file.subarray(0, 8)).toEqual(Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]));
    const chunks = readChunks(file);
    expect(chunks.map((c) => c.type)).toEqual(['IHDR', 'IDAT', 'IEND']);
    expect(chunks.every((c) => c.crcMatches)).toBe(true);
    expect([...chunks[0]!.data.subarray(8)]).toEqual([8, 2, 0, 0, 0]);
    expect(decodePixels(file)).toEqual(image);
    expect(detectImageType(file)?.extension).toBe('png');
  });

  it('compresses a smooth gradient to a small file, the same synchronously and not', async () => {
    const width = 1200;
    const height = 630;
    const pixels = new Uint8Array(width * height * 3);
    for (let y = 0; y < height; y += 1)
      for (let x = 0; x < width; x += 1) {
        const at = (y * width + x) * 3;
        pixels[at] = (x * 255) / width;
        pixels[at + 1] = (y * 255) / height;
        pixels[at + 2] = 160;
      }
    const image = { width, height, pixels };
    const file = await encodePngAsync(image);
    expect(file.length).toBeLessThan(40_000);
    expect(file.equals(encodePng(image))).toBe(true);
    // Buffer comparison: a deep equality over 2 million elements would take seconds.
    expect(Buffer.from(decodePixels(file).pixels).equals(Buffer.from(pixels))).toBe(true);
  });

  it('refuses a size that does not match its pixels or is out of range', () => {
    expect(() => encodePng({ width: 2, height: 2, pixels: new Uint8Array(3) })).toThrow();
    expect(() => encodePng({ width: 0, height: 1, pixels: new Uint8Array(0) })).toThrow();
  });
});
