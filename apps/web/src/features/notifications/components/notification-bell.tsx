import { UnstyledButton } from '@mantine/core';
import { lazy, Suspense, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { loadI18nNamespace } from '../../../lib/i18n';
import { useUnseenCount } from '../api/get-notifications';
import { BellIcon } from './bell-icon';
import classes from './notifications.module.css';

const loadPanel = async () => {
  const [module] = await Promise.all([
    import('./notification-panel'),
    loadI18nNamespace('notifications'),
  ]);
  return module;
};
const NotificationPanel = lazy(async () => ({ default: (await loadPanel()).NotificationPanel }));

/** The badge stays two digits wide ("99+"). */
const MAX_BADGE_COUNT = 99;

export interface NotificationBellProps {
  userId: string;
}

/**
 * The header's bell: the unseen count from the feed's first page (limit 4, the panel's first
 * page too), and the panel, whose code is fetched when the reader reaches for it.
 */
export function NotificationBell({ userId }: NotificationBellProps) {
  const { t } = useTranslation('notifications');
  const count = useUnseenCount(userId) ?? 0;
  const [isOpen, setIsOpen] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelId = useId();
  // The name holds the badge's figure as shown, in either language (WCAG 2.5.3, label in name):
  // speaking what is seen reaches the bell.
  const label =
    count === 0
      ? t('bell.label')
      : count > MAX_BADGE_COUNT
        ? t('bell.unreadOver', { max: MAX_BADGE_COUNT })
        : t('bell.unread', { count });

  function close({ returnFocus }: { returnFocus: boolean }) {
    setIsOpen(false);
    if (returnFocus) buttonRef.current?.focus();
  }

  return (
    <div className={classes.bellArea}>
      <UnstyledButton
        ref={buttonRef}
        className={classes.bell}
        aria-label={label}
        aria-expanded={isOpen}
        aria-controls={isOpen ? panelId : undefined}
        onClick={() => setIsOpen((open) => !open)}
        onPointerEnter={() => void loadPanel()}
        onFocus={() => void loadPanel()}
      >
        <BellIcon size={24} />
        {count > 0 && (
          <span className={classes.badge} aria-hidden="true">
            {count > MAX_BADGE_COUNT ? `${MAX_BADGE_COUNT}+` : count}
          </span>
        )}
      </UnstyledButton>
      {isOpen && (
        <Suspense fallback={null}>
          <NotificationPanel id={panelId} userId={userId} bellRef={buttonRef} onClose={close} />
        </Suspense>
      )}
    </div>
  );
}
