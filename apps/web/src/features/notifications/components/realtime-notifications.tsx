import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';
import type { Notification } from '@hafla/shared/notifications/notifications';
import { connectRealtime } from '../../../lib/realtime';
import { REALTIME_REFETCH_DELAY_MS } from '../../../lib/realtime-refetch';
import { markNotificationSeen } from '../api/mark-seen';
import { addToLists } from '../api/notifications-cache';
import { notificationsKeys } from '../api/notifications-keys';
import { keysToRefetchAtOnce, refetchAfterNotification } from '../api/refetch-rules';
import { isNotification } from '../lib/is-notification';
import { NotificationToasts } from './notification-toasts';

/** Toasts beyond these three make room: the oldest goes first. */
const MAX_TOASTS = 3;

export interface RealtimeNotificationsProps {
  userId: string;
}

/**
 * The signed-in reader's realtime channel and its toasts (PRODUCT.md section 8). A push moves
 * the bell at once, shows a toast for 5 seconds, and 2 seconds later refetches the lists it
 * affects. Mounted only while signed in: signing out unmounts it, which disconnects.
 */
export function RealtimeNotifications({ userId }: RealtimeNotificationsProps) {
  const queryClient = useQueryClient();
  const [toasts, setToasts] = useState<Notification[]>([]);

  useEffect(() => {
    const refetchTimers = new Set<ReturnType<typeof setTimeout>>();
    const refreshNotifications = () =>
      queryClient.invalidateQueries({ queryKey: notificationsKeys.ofUser(userId) });

    const connection = connectRealtime({
      // Whatever was pushed while the channel was down is in the API's list.
      onConnect: () => void refreshNotifications(),
      onNotification: (payload) => {
        if (!isNotification(payload)) return;
        addToLists(queryClient, userId, payload);
        void refreshNotifications();
        for (const queryKey of keysToRefetchAtOnce(payload)) {
          void queryClient.invalidateQueries({ queryKey });
        }
        setToasts((shown) =>
          [payload, ...shown.filter((toast) => toast.id !== payload.id)].slice(0, MAX_TOASTS),
        );
        const timer = setTimeout(() => {
          refetchTimers.delete(timer);
          void refetchAfterNotification(queryClient, payload);
        }, REALTIME_REFETCH_DELAY_MS);
        refetchTimers.add(timer);
      },
    });

    return () => {
      connection.close();
      for (const timer of refetchTimers) clearTimeout(timer);
    };
  }, [queryClient, userId]);

  const dismiss = useCallback((id: number) => {
    setToasts((shown) => shown.filter((toast) => toast.id !== id));
  }, []);

  const open = useCallback(
    (notification: Notification) => {
      dismiss(notification.id);
      // The list is read again either way; a failed mark only leaves it unseen.
      markNotificationSeen(queryClient, userId, notification).catch(() => {});
    },
    [dismiss, queryClient, userId],
  );

  return <NotificationToasts toasts={toasts} onOpen={open} onDismiss={dismiss} />;
}
