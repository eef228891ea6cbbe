import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { EventCover } from './event-cover';

const cover = '/uploads/covers/7/0123456789abcdef0123.jpg';
const thumbnails = [
  { width: 480, url: '/uploads/covers/7/0123456789abcdef0123-480w.webp' },
  { width: 960, url: '/uploads/covers/7/0123456789abcdef0123-960w.webp' },
];

describe('EventCover', () => {
  it('offers the thumbnails as a srcset with the sizes it is drawn at, and its box size', () => {
    const { container } = render(
      <EventCover
        cover={cover}
        thumbnails={thumbnails}
        sizes="(min-width: 22em) 17rem, 78vw"
        categoryId={1}
        width={480}
        height={270}
      />,
    );
    const image = container.querySelector('img')!;
    expect(image.getAttribute('srcset')).toBe(
      '/uploads/covers/7/0123456789abcdef0123-480w.webp 480w, /uploads/covers/7/0123456789abcdef0123-960w.webp 960w',
    );
    expect(image.getAttribute('sizes')).toBe('(min-width: 22em) 17rem, 78vw');
    // Without srcset support a browser takes the small copy, not the upload.
    expect(image.getAttribute('src')).toBe(thumbnails[0]!.url);
    expect(image.getAttribute('width')).toBe('480');
    expect(image.getAttribute('height')).toBe('270');
    expect(image.getAttribute('loading')).toBe('lazy');
    expect(image.getAttribute('alt')).toBe('');
  });

  it('shows the cover itself when it has no thumbnails, and loads it first when asked', () => {
    const { container } = render(
      <EventCover cover={cover} categoryId={1} width={1200} height={600} isPriority />,
    );
    const image = container.querySelector('img')!;
    expect(image.getAttribute('src')).toBe(cover);
    expect(image.hasAttribute('srcset')).toBe(false);
    expect(image.hasAttribute('sizes')).toBe(false);
    expect(image.getAttribute('loading')).toBe('eager');
    expect(image.getAttribute('fetchpriority')).toBe('high');
  });

  it('draws the category placeholder without a cover', () => {
    const { container } = render(
      <EventCover cover={null} thumbnails={[]} categoryId={3} width={480} height={270} />,
    );
    expect(container.querySelector('img')).toBeNull();
    expect(container.querySelector('svg')).not.toBeNull();
  });
});
