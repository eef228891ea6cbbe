import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Notification } from '@hafla/shared/notifications/notifications';
import { CloseIcon } from '../../../components/page-icons';
import { notificationTarget } from '../lib/notification-target';
import { NotificationTypeIcon } from './notification-item';
import classes from './notification-toasts.module.css';

/** PRODUCT.md section 8: a toast shows for 5 seconds. */
export const TOAST_MS = 5_000;

interface ToastProps {
  notification: Notification;
  onOpen: (notification: Notification) => void;
  onDismiss: (id: number) => void;
}

/**
 * One toast: it leads to what the notification is about and goes after 5 seconds, or sooner
 * when dismissed. The time stops while the pointer or the keyboard is on it, so it can be read.
 */
function Toast({ notification, onOpen, onDismiss }: ToastProps) {
  const { t } = useTranslation('notifications');
  const [isHeld, setIsHeld] = useState(false);
  const { id, title, content } = notification;

  useEffect(() => {
    if (isHeld) return;
    const timer = setTimeout(() => onDismiss(id), TOAST_MS);
    return () => clearTimeout(timer);
  }, [isHeld, id, onDismiss]);

  return (
    <div
      className={classes.toast}
      onPointerEnter={() => setIsHeld(true)}
      onPointerLeave={() => setIsHeld(false)}
      onFocus={() => setIsHeld(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget)) setIsHeld(false);
      }}
    >
      <Link
        to={notificationTarget(notification)}
        className={classes.link}
        onClick={() => onOpen(notification)}
      >
        <NotificationTypeIcon type={notification.type} />
        <span className={classes.text}>
          <span className={classes.title}>{title}</span>
          <span className={classes.content}>{content}</span>
        </span>
      </Link>
      <button
        type="button"
        className={classes.dismiss}
        aria-label={t('toast.dismiss', { title })}
        onClick={() => onDismiss(id)}
      >
        <CloseIcon size={18} />
      </button>
    </div>
  );
}

export interface NotificationToastsProps {
  toasts: readonly Notification[];
  onOpen: (notification: Notification) => void;
  onDismiss: (id: number) => void;
}

/**
 * The toasts at the top of the inline end (the top right, the top left in Arabic), in a live
 * region that is always there, so a screen reader announces each one as it arrives.
 */
export function NotificationToasts({ toasts, onOpen, onDismiss }: NotificationToastsProps) {
  const { t } = useTranslation('notifications');
  return (
    <section className={classes.toaster} aria-label={t('toast.region')}>
      <div className={classes.list} role="status" aria-live="polite">
        {toasts.map((notification) => (
          <Toast
            key={notification.id}
            notification={notification}
            onOpen={onOpen}
            onDismiss={onDismiss}
          />
        ))}
      </div>
    </section>
  );
}
