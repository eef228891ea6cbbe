import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { QueryClient } from '@tanstack/react-query';
import type {
  MarkAllSeenResponse,
  Notification,
  NotificationUpdateRequest,
} from '@hafla/shared/notifications/notifications';
import { apiClient } from '../../../lib/api-client';
import { notificationsKeys } from './notifications-keys';
import { setAllSeenInLists, setSeenInLists } from './notifications-cache';

export function updateNotification(id: number, body: NotificationUpdateRequest) {
  return apiClient.request<Notification>(`/api/v1/notifications/${id}/`, {
    method: 'PATCH',
    body,
  });
}

export function markAllNotificationsSeen() {
  return apiClient.request<MarkAllSeenResponse>('/api/v1/notifications/mark-all-as-seen/', {
    method: 'PATCH',
  });
}

/**
 * Opening a notification marks it seen: the bell and the lists change at once, then are read
 * again whatever the answer. A plain function, so the toasts use it without a mutation hook.
 */
export async function markNotificationSeen(
  queryClient: QueryClient,
  userId: string,
  notification: Notification,
): Promise<void> {
  if (notification.seen) return;
  setSeenInLists(queryClient, userId, notification, true);
  try {
    await updateNotification(notification.id, { seen: true });
  } finally {
    await queryClient.invalidateQueries({ queryKey: notificationsKeys.ofUser(userId) });
  }
}

export function useMarkNotificationSeen(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (notification: Notification) =>
      markNotificationSeen(queryClient, userId, notification),
  });
}

export function useMarkAllNotificationsSeen(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markAllNotificationsSeen,
    onMutate: async () => {
      await queryClient.cancelQueries({ queryKey: notificationsKeys.ofUser(userId) });
      setAllSeenInLists(queryClient, userId);
    },
    onSuccess: ({ unseen_count }) => setAllSeenInLists(queryClient, userId, unseen_count),
    onSettled: () => queryClient.invalidateQueries({ queryKey: notificationsKeys.ofUser(userId) }),
  });
}
