// PUT /notification_messages/mark_all_as_read -> {unread_count: 0}.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { type TNotificationPages, updateNotificationPages } from './get-notifications';
import { notificationKeys } from './query-keys';

export const markAllNotificationsRead = (): Promise<{ unread_count: number }> => api.put<{ unread_count: number }>('/notification_messages/mark_all_as_read');

export function useMarkAllNotificationsRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markAllNotificationsRead,
    onSuccess: ({ unread_count }) => {
      queryClient.setQueryData<TNotificationPages>(notificationKeys.list(), (data) => updateNotificationPages(data, { markRead: () => true, unreadCount: unread_count }));
    },
  });
}
