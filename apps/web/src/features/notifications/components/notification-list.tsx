import { Button } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { Notification } from '@hafla/shared/notifications/notifications';
import { NotificationItem } from './notification-item';
import classes from './notifications.module.css';

export interface NotificationListProps {
  notifications: readonly Notification[];
  now: number;
  onOpen: (notification: Notification) => void;
  labelledBy?: string;
}

export function NotificationList({
  notifications,
  now,
  onOpen,
  labelledBy,
}: NotificationListProps) {
  // A page refetched after a push may repeat one the page before ended with.
  const seen = new Set<number>();
  const unique = notifications.filter((item) => !seen.has(item.id) && seen.add(item.id));
  return (
    <ul className={classes.list} aria-labelledby={labelledBy}>
      {unique.map((notification) => (
        <NotificationItem
          key={notification.id}
          notification={notification}
          now={now}
          onOpen={onOpen}
        />
      ))}
    </ul>
  );
}

export interface LoadMoreProps {
  onLoad: () => void;
  isLoading: boolean;
  /** Changes with every page loaded, so a sentinel still in view asks for the next one. */
  loaded: number;
}

/**
 * More on scroll: the button loads the next page when it scrolls into view, or when pressed
 * (a keyboard, a screen reader, a browser without IntersectionObserver).
 */
export function LoadMore({ onLoad, isLoading, loaded }: LoadMoreProps) {
  const { t } = useTranslation('notifications');
  const ref = useRef<HTMLButtonElement>(null);
  const onLoadRef = useRef(onLoad);
  useEffect(() => {
    onLoadRef.current = onLoad;
  });

  useEffect(() => {
    const node = ref.current;
    if (!node || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) onLoadRef.current();
    });
    observer.observe(node);
    return () => observer.disconnect();
  }, [loaded]);

  return (
    <div className={classes.more}>
      <Button ref={ref} variant="subtle" loading={isLoading} onClick={onLoad}>
        {t('panel.more')}
      </Button>
    </div>
  );
}
