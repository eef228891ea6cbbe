import { createHash } from 'node:crypto';
import type { RgbImage } from '../../lib/png';

/**
 * Cover art for demo events, drawn at seed time (nothing is downloaded): a diagonal gradient in
 * the category's colours, soft translucent circles and a wave along the bottom. The pattern
 * comes from the event's key, so a cover is the same on every installation.
 */

// 1.91:1 like social cards; 960 wide is sharp on a phone and on the event page, and keeps each
// file near 50 KB.
export const COVER_WIDTH = 960;
export const COVER_HEIGHT = 504;
/** Shapes are sized for 1200 px and scaled to the cover. */
const SCALE = COVER_WIDTH / 1200;

type Rgb = [number, number, number];

function parseHex(hex: string): Rgb {
  const value = Number.parseInt(hex.replace('#', ''), 16);
  return [(value >> 16) & 0xff, (value >> 8) & 0xff, value & 0xff];
}

/** A small deterministic generator (mulberry32) seeded from the key. */
function randomFrom(key: string): () => number {
  let state = createHash('sha256').update(key).digest().readUInt32LE(0);
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

function blend(pixels: Uint8Array, at: number, colour: Rgb, alpha: number) {
  if (alpha <= 0) return;
  const a = Math.min(1, alpha);
  pixels[at] = pixels[at]! + (colour[0] - pixels[at]!) * a;
  pixels[at + 1] = pixels[at + 1]! + (colour[1] - pixels[at + 1]!) * a;
  pixels[at + 2] = pixels[at + 2]! + (colour[2] - pixels[at + 2]!) * a;
}

export function drawDemoCover(key: string, palette: [string, string]): RgbImage {
  const width = COVER_WIDTH;
  const height = COVER_HEIGHT;
  const random = randomFrom(key);
  const from = parseHex(palette[0]);
  const to = parseHex(palette[1]);
  const pixels = new Uint8Array(width * height * 3);

  // Diagonal gradient at an angle picked per cover.
  const angle = (0.15 + random() * 0.5) * Math.PI;
  const dx = Math.cos(angle);
  const dy = Math.sin(angle);
  // Projections of the corners bound t to [0, 1] without clamping every pixel.
  const corners = [0, width * dx, height * dy, width * dx + height * dy];
  const lowest = Math.min(...corners);
  const span = Math.max(...corners) - lowest;
  const step: Rgb = [
    ((to[0] - from[0]) * dx) / span,
    ((to[1] - from[1]) * dx) / span,
    ((to[2] - from[2]) * dx) / span,
  ];
  for (let y = 0; y < height; y += 1) {
    const t = (y * dy - lowest) / span;
    let r = from[0] + (to[0] - from[0]) * t;
    let g = from[1] + (to[1] - from[1]) * t;
    let b = from[2] + (to[2] - from[2]) * t;
    for (let at = y * width * 3, end = at + width * 3; at < end; at += 3) {
      pixels[at] = r;
      pixels[at + 1] = g;
      pixels[at + 2] = b;
      r += step[0];
      g += step[1];
      b += step[2];
    }
  }

  // Soft circles, light and dark, fading towards their rim.
  const white: Rgb = [255, 255, 255];
  const shade: Rgb = [20, 10, 40];
  const circles = 5 + Math.floor(random() * 4);
  for (let i = 0; i < circles; i += 1) {
    const radius = (60 + random() * 260) * SCALE;
    const cx = random() * width;
    const cy = random() * height;
    const strength = 0.08 + random() * 0.22;
    const colour = random() < 0.7 ? white : shade;
    const isRing = random() < 0.3;
    const radiusSquared = radius * radius;
    for (let y = Math.max(0, Math.floor(cy - radius)); y < Math.min(height, cy + radius); y += 1) {
      for (let x = Math.max(0, Math.floor(cx - radius)); x < Math.min(width, cx + radius); x += 1) {
        const squared = (x - cx) * (x - cx) + (y - cy) * (y - cy);
        if (squared > radiusSquared) continue;
        const distance = Math.sqrt(squared);
        const edge = Math.min(1, radius - distance); // one pixel of anti-aliasing
        const alpha = isRing
          ? strength * 1.6 * Math.max(0, 1 - Math.abs(distance - radius + 10 * SCALE) / (8 * SCALE))
          : strength * edge;
        blend(pixels, (y * width + x) * 3, colour, alpha);
      }
    }
  }

  // A wave across the lower part, darker below its crest.
  const base = height * (0.68 + random() * 0.12);
  const amplitude = (18 + random() * 30) * SCALE;
  const frequency = (1.5 + random() * 2) * ((2 * Math.PI) / width);
  const phase = random() * 2 * Math.PI;
  for (let x = 0; x < width; x += 1) {
    const crest = base + amplitude * Math.sin(x * frequency + phase);
    for (let y = Math.max(0, Math.floor(crest)); y < height; y += 1) {
      const alpha = 0.28 * Math.min(1, y - crest + 1);
      blend(pixels, (y * width + x) * 3, shade, alpha);
    }
  }

  // A scatter of small dots, like confetti.
  const dots = 30 + Math.floor(random() * 30);
  for (let i = 0; i < dots; i += 1) {
    const r = (2 + random() * 4) * SCALE;
    const cx = random() * width;
    const cy = random() * height;
    for (let y = Math.max(0, Math.floor(cy - r)); y < Math.min(height, cy + r); y += 1)
      for (let x = Math.max(0, Math.floor(cx - r)); x < Math.min(width, cx + r); x += 1) {
        const distance = Math.sqrt((x - cx) * (x - cx) + (y - cy) * (y - cy));
        if (distance <= r)
          blend(pixels, (y * width + x) * 3, white, 0.6 * Math.min(1, r - distance));
      }
  }

  // Even channel values: invisible on a photo-like gradient, a third smaller once compressed.
  for (let at = 0; at < pixels.length; at += 1) pixels[at] = pixels[at]! & 0xfe;

  return { width, height, pixels };
}
