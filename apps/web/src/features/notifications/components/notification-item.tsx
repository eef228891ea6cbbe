import { VisuallyHidden } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Notification } from '@hafla/shared/notifications/notifications';
import { TicketIcon } from '../../../components/icons';
import { CalendarIcon, RefundIcon } from '../../../components/page-icons';
import { notificationTarget } from '../lib/notification-target';
import { formatRelativeTime } from '../lib/relative-time';
import classes from './notifications.module.css';

export function NotificationTypeIcon({ type }: Pick<Notification, 'type'>) {
  return (
    <span className={classes.typeIcon} data-type={type}>
      {type === 'ticket' ? (
        <TicketIcon size={20} />
      ) : type === 'withdrawal' ? (
        <RefundIcon size={20} />
      ) : (
        <CalendarIcon size={20} />
      )}
    </span>
  );
}

export interface NotificationItemProps {
  notification: Notification;
  /** The clock the list was drawn at, so every "5 minutes ago" agrees. */
  now: number;
  onOpen: (notification: Notification) => void;
}

/** One notification as a link to what it is about; an unseen one is marked in bold and by a dot. */
export function NotificationItem({ notification, now, onOpen }: NotificationItemProps) {
  const { t, i18n } = useTranslation('notifications');
  const { title, content, created_at, seen } = notification;
  return (
    <li className={classes.itemRow}>
      <Link
        to={notificationTarget(notification)}
        className={classes.item}
        data-unseen={!seen || undefined}
        onClick={() => onOpen(notification)}
      >
        <NotificationTypeIcon type={notification.type} />
        <span className={classes.itemText}>
          <span className={classes.itemTitle}>
            {!seen && <VisuallyHidden>{t('item.unread')} </VisuallyHidden>}
            {title}
          </span>
          <span className={classes.itemContent}>{content}</span>
          <time dateTime={created_at} className={classes.itemTime}>
            {formatRelativeTime(created_at, i18n.language, now)}
          </time>
        </span>
        {!seen && <span className={classes.unseenDot} aria-hidden="true" />}
      </Link>
    </li>
  );
}
