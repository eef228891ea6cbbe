import { describe, expect, it } from 'vitest';
import { coverSrcSet, heroCoverSrcSet } from './cover-images';

const copies = [
  { width: 480, url: '/uploads/covers/7/a-480w.webp' },
  { width: 960, url: '/uploads/covers/7/a-960w.webp' },
];

describe('cover srcsets', () => {
  it('lists each copy with its width', () => {
    expect(coverSrcSet(copies)).toBe(
      '/uploads/covers/7/a-480w.webp 480w, /uploads/covers/7/a-960w.webp 960w',
    );
  });

  it('offers the original after the copies, as wider than any of them', () => {
    expect(heroCoverSrcSet('/uploads/covers/7/a.png', copies)).toBe(
      '/uploads/covers/7/a-480w.webp 480w, /uploads/covers/7/a-960w.webp 960w, /uploads/covers/7/a.png 1920w',
    );
    expect(heroCoverSrcSet('/uploads/covers/7/a.png', [])).toBe('/uploads/covers/7/a.png 1920w');
  });
});
