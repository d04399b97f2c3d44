// Listens on User.<id>: a new notification raises the unread count at once, refreshes the list and pops up for 6 s,
// unless the notifications drawer is open: the list shows it there, and a popup would cover the drawer's header.
import { useQueryClient } from '@tanstack/react-query';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import { POPUP_AUTO_CLOSE_MS, realtimeChannels, ZNotificationCreatedPayload } from '@quayline/domain';
import { NOTIFICATION_CREATED_EVENT } from '@/lib/use-portcall-events';
import { useRealtimeChannel } from '@/lib/use-realtime-channel';
import { type TNotificationPages, updateNotificationPages } from '../api/get-notifications';
import { notificationKeys } from '../api/query-keys';
import { useNotificationText } from './use-notification-text';

const shownPopups = new Set<string>();

/** Closes the notification popups still on screen (the drawer that lists them has opened). */
export function hideNotificationPopups(): void {
  for (const id of shownPopups) notifications.hide(id);
  shownPopups.clear();
}

export function useLiveNotifications(userId: number | null, onOpen: (notification: { id: number; portcall_id: number | null }) => void, isListOpen = false): void {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const { sentence } = useNotificationText();

  useRealtimeChannel(userId ? realtimeChannels.user(userId) : null, (event) => {
    if (event.event !== NOTIFICATION_CREATED_EVENT) return;
    queryClient.setQueryData<TNotificationPages>(notificationKeys.list(), (data) => updateNotificationPages(data, { unreadCount: (count) => count + 1 }));
    void queryClient.invalidateQueries({ queryKey: notificationKeys.all });
    // What `notification.created` carries, read with the schema the server published it through.
    const parsed = ZNotificationCreatedPayload.safeParse(event.payload);
    if (!parsed.success) return;
    const notification = parsed.data;
    if (isListOpen) return;
    const popupId = `notification-${notification.id}`;
    shownPopups.add(popupId);
    notifications.show({
      id: popupId,
      title: t('notifications.popup_title'),
      message: sentence(notification),
      color: 'harbor',
      autoClose: POPUP_AUTO_CLOSE_MS,
      onClose: () => shownPopups.delete(popupId),
      withBorder: true,
      style: { cursor: notification.portcall_id ? 'pointer' : undefined },
      onClick: () => {
        notifications.hide(popupId);
        onOpen(notification);
      },
      ...({ 'data-testid': 'notification-popup', 'data-portcall-id': notification.portcall_id ?? undefined } as object),
    });
  });
}
