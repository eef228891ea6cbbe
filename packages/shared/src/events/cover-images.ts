import type { ImageRendition } from './discovery';

/**
 * How a card's cover is drawn in a row of cards (the home page's sections): min(78%, 17rem)
 * wide on a phone, about 17rem on a desktop. The API preloads the first one with the same
 * `sizes`, so the browser picks the copy the page will ask for.
 */
export const ROW_COVER_SIZES = '(min-width: 22em) 17rem, 78vw';

/**
 * How a card's cover is drawn in a grid of cards (the events list, an organizer's events): the
 * whole width on a phone, about 22rem in the columns of a wider screen.
 */
export const GRID_COVER_SIZES = '(min-width: 36em) 22rem, 100vw';

/** A cover's `srcset`: each smaller copy with its width. */
export const coverSrcSet = (thumbnails: readonly ImageRendition[]): string =>
  thumbnails.map((copy) => `${copy.url} ${copy.width}w`).join(', ');

/**
 * How the event page's cover is drawn: the whole width on a phone and a tablet, the page's
 * column (about 72rem) on a wide screen.
 */
export const HERO_COVER_SIZES = '(min-width: 75em) 72rem, 100vw';

/**
 * The width the original cover stands for in a `srcset`: its real width is not stored, and it is
 * the one to pick only where the largest copy is too narrow.
 */
const ORIGINAL_COVER_WIDTH = 1920;

/** A cover's `srcset` with its original as the widest choice (the event page's large cover). */
export const heroCoverSrcSet = (cover: string, thumbnails: readonly ImageRendition[]): string =>
  [coverSrcSet(thumbnails), `${cover} ${ORIGINAL_COVER_WIDTH}w`].filter(Boolean).join(', ');
