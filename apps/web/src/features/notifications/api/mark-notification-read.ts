// PUT /notification_messages/:id/read -> {unread_count}; the item turns read in the cached pages at once.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { type TNotificationPages, updateNotificationPages } from './get-notifications';
import { notificationKeys } from './query-keys';

export const markNotificationRead = (id: number): Promise<{ unread_count: number }> => api.put<{ unread_count: number }>(`/notification_messages/${id}/read`);

export function useMarkNotificationRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markNotificationRead,
    onMutate: (id) => {
      queryClient.setQueryData<TNotificationPages>(notificationKeys.list(), (data) =>
        updateNotificationPages(data, { markRead: (item) => item.id === id, unreadCount: (count) => Math.max(0, count - 1) }),
      );
    },
    onSuccess: ({ unread_count }) => {
      queryClient.setQueryData<TNotificationPages>(notificationKeys.list(), (data) => updateNotificationPages(data, { unreadCount: unread_count }));
    },
    onError: () => queryClient.invalidateQueries({ queryKey: notificationKeys.all }),
  });
}
