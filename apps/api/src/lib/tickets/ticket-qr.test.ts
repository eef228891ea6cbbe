import { inflateSync } from 'node:zlib';
import QRCode from 'qrcode';
import { describe, expect, it } from 'vitest';
import { ticketQrPng } from './ticket-qr';

/** The PNG's header fields and a pixel reader for a 1-bit greyscale image. */
function readBilevelPng(png: Buffer) {
  expect(png.subarray(1, 4).toString('latin1')).toBe('PNG');
  const width = png.readUInt32BE(16);
  const height = png.readUInt32BE(20);
  const [bitDepth, colourType] = [png[24], png[25]];
  const idat = png.indexOf('IDAT', 0, 'latin1');
  const rows = inflateSync(png.subarray(idat + 4, idat + 4 + png.readUInt32BE(idat - 4)));
  const stride = Math.ceil(width / 8);
  const isDark = (x: number, y: number) =>
    ((rows[y * (stride + 1) + 1 + (x >> 3)]! >> (7 - (x & 7))) & 1) === 0;
  return { width, height, bitDepth, colourType, isDark };
}

describe('ticketQrPng', () => {
  it('draws every module of the code 5 pixels wide inside a white quiet zone of 4 modules', () => {
    const code = 'H1.42.abcdefghijklmnopqrstuv.ABCDEFGHIJKLMNOPQRSTUV';
    const { png, size } = ticketQrPng(code);
    const image = readBilevelPng(png);
    const { modules } = QRCode.create(code, { errorCorrectionLevel: 'M' });
    expect([image.width, image.height, image.bitDepth, image.colourType]).toEqual([
      size,
      size,
      1,
      0,
    ]);
    expect(size).toBe((modules.size + 8) * 5);
    for (let row = 0; row < modules.size; row++) {
      for (let column = 0; column < modules.size; column++) {
        const [x, y] = [(column + 4) * 5 + 2, (row + 4) * 5 + 2];
        expect(image.isDark(x, y)).toBe(Boolean(modules.get(row, column)));
      }
    }
    for (let edge = 0; edge < 20; edge++) {
      expect(image.isDark(edge, edge)).toBe(false);
      expect(image.isDark(size - 1 - edge, edge)).toBe(false);
    }
    expect(png.length).toBeLessThan(1500);
  });
});
