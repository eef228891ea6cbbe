import { Button } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { CheckIcon, PlusIcon } from './page-icons';

export interface FollowButtonProps {
  /** Whom the button follows: part of its accessible name ("Follow Nour Events"), not shown. */
  name: string;
  isPressed: boolean;
  onToggle: () => void;
  size?: 'sm' | 'md';
  fullWidth?: boolean;
}

/**
 * A toggle button: its name stays "Follow <name>" and aria-pressed carries the state, as
 * the ARIA toggle pattern asks (a name that flips to "Following" would be read as a
 * different control, and voice commands could no longer reach it by its visible text).
 * Sighted readers see the state in the fill and the tick.
 */
export function FollowButton({
  name,
  isPressed,
  onToggle,
  size = 'md',
  fullWidth = false,
}: FollowButtonProps) {
  const { t } = useTranslation('social');
  return (
    <Button
      variant={isPressed ? 'light' : 'filled'}
      aria-pressed={isPressed}
      aria-label={t('follow.named', { name })}
      onClick={onToggle}
      fullWidth={fullWidth}
      h={size === 'sm' ? 44 : 48}
      px={size === 'sm' ? 'sm' : 'lg'}
      leftSection={isPressed ? <CheckIcon size={18} /> : <PlusIcon size={18} />}
    >
      {t('follow.button')}
    </Button>
  );
}
