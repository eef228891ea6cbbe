import { HeartIcon } from './icons';
import classes from './toggle-buttons.module.css';

export interface WishlistButtonProps {
  /** Names the button and stays the same whatever its state; aria-pressed tells the state. */
  label: string;
  isPressed: boolean;
  onToggle: () => void;
  variant?: 'overlay' | 'outline';
}

/** The heart: a toggle button whose state screen readers hear as pressed or not. */
export function WishlistButton({
  label,
  isPressed,
  onToggle,
  variant = 'overlay',
}: WishlistButtonProps) {
  return (
    <button
      type="button"
      className={`${classes.heart} ${variant === 'overlay' ? classes.overlay : classes.large}`}
      aria-label={label}
      aria-pressed={isPressed}
      onClick={onToggle}
    >
      <HeartIcon size={22} isFilled={isPressed} />
    </button>
  );
}
