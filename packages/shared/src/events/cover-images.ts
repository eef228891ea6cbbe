import type { ImageRendition } from './discovery';

/**
 * How a card's cover is drawn in a row of cards (the home page's sections): min(78%, 17rem)
 * wide on a phone, about 17rem on a desktop. The API preloads the first one with the same
 * `sizes`, so the browser picks the copy the page will ask for.
 */
export const ROW_COVER_SIZES = '(min-width: 22em) 17rem, 78vw';

/** A cover's `srcset`: each smaller copy with its width. */
export const coverSrcSet = (thumbnails: readonly ImageRendition[]): string =>
  thumbnails.map((copy) => `${copy.url} ${copy.width}w`).join(', ');
