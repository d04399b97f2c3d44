// Listens on User.<id>: a new notification raises the unread count at once, refreshes the list and pops up for 6 s.
import { useQueryClient } from '@tanstack/react-query';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import { POPUP_AUTO_CLOSE_MS, realtimeChannels, ZNotificationMessage } from '@quayline/domain';
import { NOTIFICATION_CREATED_EVENT } from '@/lib/use-portcall-events';
import { useRealtimeChannel } from '@/lib/use-realtime-channel';
import { type TNotificationPages, updateNotificationPages } from '../api/get-notifications';
import { notificationKeys } from '../api/query-keys';
import { useNotificationText } from './use-notification-text';

/** What `notification.created` carries: the stored notification without its read flag and time. */
const ZCreatedPayload = ZNotificationMessage.pick({ id: true, notification_type: true, portcall_id: true, details: true });

export function useLiveNotifications(userId: number | null, onOpen: (notification: { id: number; portcall_id: number | null }) => void): void {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const { sentence } = useNotificationText();

  useRealtimeChannel(userId ? realtimeChannels.user(userId) : null, (event) => {
    if (event.event !== NOTIFICATION_CREATED_EVENT) return;
    queryClient.setQueryData<TNotificationPages>(notificationKeys.list(), (data) => updateNotificationPages(data, { unreadCount: (count) => count + 1 }));
    void queryClient.invalidateQueries({ queryKey: notificationKeys.all });
    const parsed = ZCreatedPayload.safeParse(event.payload);
    if (!parsed.success) return;
    const notification = parsed.data;
    notifications.show({
      id: `notification-${notification.id}`,
      title: t('notifications.popup_title'),
      message: sentence(notification),
      color: 'harbor',
      autoClose: POPUP_AUTO_CLOSE_MS,
      withBorder: true,
      style: { cursor: notification.portcall_id ? 'pointer' : undefined },
      onClick: () => {
        notifications.hide(`notification-${notification.id}`);
        onOpen(notification);
      },
      ...({ 'data-testid': 'notification-popup' } as object),
    });
  });
}
