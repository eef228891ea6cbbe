import { NotificationBell } from '../../features/notifications/components/notification-bell';
import { RealtimeNotifications } from '../../features/notifications/components/realtime-notifications';
import { loadI18nNamespace } from '../../lib/i18n';
import { UserMenu } from './user-menu';

// The bell's strings start downloading with this chunk rather than when the bell first renders.
void loadI18nNamespace('notifications');

/**
 * What the header adds for a signed-in reader, in one chunk fetched only then: the account
 * menu, and the bell with the realtime channel and its toasts. One chunk rather than three
 * keeps the shared code of the first download in the chunks it was in.
 */
export { UserMenu };

export interface NotificationToolsProps {
  userId: string;
}

export function NotificationTools({ userId }: NotificationToolsProps) {
  return (
    <>
      <NotificationBell userId={userId} />
      <RealtimeNotifications userId={userId} />
    </>
  );
}
