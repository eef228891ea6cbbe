import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import * as fontkit from 'fontkit';
import type { Font } from 'fontkit';
import { describe, expect, it } from 'vitest';
import { woffToSfnt } from './woff';

const resolve = createRequire(import.meta.url).resolve;
const woff = readFileSync(
  resolve('@fontsource/noto-sans-arabic/files/noto-sans-arabic-arabic-400-normal.woff'),
);

describe('woffToSfnt', () => {
  it('unpacks a WOFF font into the same TrueType font', () => {
    const sfnt = woffToSfnt(woff);
    expect(sfnt.readUInt32BE(0)).toBe(woff.readUInt32BE(4));
    const fromWoff = fontkit.create(woff) as Font;
    const fromSfnt = fontkit.create(sfnt) as Font;
    expect(fromSfnt.type).toBe('TTF');
    expect(fromSfnt.numGlyphs).toBe(fromWoff.numGlyphs);
    expect(fromSfnt.postscriptName).toBe(fromWoff.postscriptName);
    const shaped = (font: Font) =>
      font.layout('حفلة في جدة').glyphs.map((glyph) => [glyph.id, glyph.advanceWidth]);
    expect(shaped(fromSfnt)).toEqual(shaped(fromWoff));
    expect(fromSfnt.getGlyph(5).path.toSVG()).toBe(fromWoff.getGlyph(5).path.toSVG());
  });

  it('refuses what is not WOFF', () => {
    expect(() => woffToSfnt(Buffer.from('OTTO and more bytes than a header'))).toThrow();
  });
});
