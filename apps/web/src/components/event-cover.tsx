import { coverSrcSet, heroCoverSrcSet } from '@hafla/shared/events/cover-images';
import type { ImageRendition } from '@hafla/shared/events/discovery';
import { TicketIcon } from './icons';
import classes from './event-card.module.css';

/**
 * Placeholder backgrounds for events without a cover, one per category so a row of them
 * still reads as different kinds of events. Dark enough for the white ticket glyph.
 */
const PLACEHOLDER_GRADIENTS = [
  ['#631FA3', '#8A2BE2'],
  ['#A31F4D', '#E22B6B'],
  ['#0B5E74', '#1C8BA8'],
  ['#1F6E43', '#2F9E5F'],
  ['#8A4B08', '#D07B1A'],
  ['#2D3A8C', '#4C5FD5'],
  ['#6B2E5F', '#A8489A'],
  ['#3F4A54', '#66737F'],
] as const;

export function placeholderGradient(categoryId: number): string {
  const [from, to] = PLACEHOLDER_GRADIENTS[Math.abs(categoryId) % PLACEHOLDER_GRADIENTS.length]!;
  return `linear-gradient(135deg, ${from}, ${to})`;
}

export interface EventCoverProps {
  cover: string | null;
  /** Smaller copies of the cover; with them the browser picks by `sizes` and the screen. */
  thumbnails?: readonly ImageRendition[];
  /** How wide the cover is drawn, as the `sizes` attribute says it. */
  sizes?: string;
  /** The original joins the copies, for screens the largest copy is too narrow for. */
  isOriginalOffered?: boolean;
  categoryId: number;
  /** Intrinsic size hints, so the page does not jump when the image arrives. */
  width: number;
  height: number;
  /** The first paint's image: fetch at once and before other images. */
  isPriority?: boolean;
  /** Above the fold: fetch at once instead of when scrolled near. */
  isEager?: boolean;
  className?: string;
}

/** The cover is decorative next to the event's title, so it carries no text alternative. */
export function EventCover({
  cover,
  thumbnails = [],
  sizes,
  isOriginalOffered = false,
  categoryId,
  width,
  height,
  isPriority = false,
  isEager = false,
  className,
}: EventCoverProps) {
  if (cover) {
    const hasChoices = thumbnails.length > 0;
    return (
      <img
        src={thumbnails[0]?.url ?? cover}
        srcSet={
          hasChoices
            ? isOriginalOffered
              ? heroCoverSrcSet(cover, thumbnails)
              : coverSrcSet(thumbnails)
            : undefined
        }
        sizes={hasChoices ? sizes : undefined}
        alt=""
        width={width}
        height={height}
        loading={isPriority || isEager ? 'eager' : 'lazy'}
        decoding="async"
        fetchPriority={isPriority ? 'high' : undefined}
        className={`${classes.cover} ${className ?? ''}`}
      />
    );
  }
  return (
    <div
      className={`${classes.cover} ${classes.placeholder} ${className ?? ''}`}
      style={{ background: placeholderGradient(categoryId) }}
    >
      <TicketIcon size={40} strokeWidth={1.5} />
    </div>
  );
}
