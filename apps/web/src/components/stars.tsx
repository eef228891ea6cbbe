import { Icon } from './icons';
import type { IconProps } from './icons';
import classes from './stars.module.css';

export const STAR_COUNT = 5;

export function StarIcon({ isFilled = false, ...props }: IconProps & { isFilled?: boolean }) {
  return (
    <Icon {...props}>
      <path
        d="M12 3.2l2.7 5.6 6.1.8-4.5 4.2 1.1 6.1L12 17l-5.4 2.9 1.1-6.1-4.5-4.2 6.1-.8z"
        fill={isFilled ? 'currentColor' : 'none'}
      />
    </Icon>
  );
}

export interface StarsProps {
  /** 1–5, or an average (rounded to the nearest whole star for drawing). */
  value: number;
  /** What a screen reader hears instead of five pictures, e.g. "4 out of 5 stars". */
  label: string;
  size?: number;
}

/** A read-only row of stars: one image with one text alternative. */
export function Stars({ value, label, size = 18 }: StarsProps) {
  const filled = Math.round(value);
  return (
    <span role="img" aria-label={label} className={classes.stars}>
      {Array.from({ length: STAR_COUNT }, (_, index) => (
        <StarIcon key={index} size={size} isFilled={index < filled} data-filled={index < filled} />
      ))}
    </span>
  );
}
