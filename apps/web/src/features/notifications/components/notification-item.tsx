// One notification in the drawer: its sentence, when it came, and unread styling; a click opens the port call.
import { Box, Group, Text, UnstyledButton } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { TNotificationMessage } from '@quayline/domain';
import { useNotificationText } from '../hooks/use-notification-text';
import classes from './notifications.module.css';

type TNotificationItemProps = { notification: TNotificationMessage; onOpen: (notification: TNotificationMessage) => void };

export function NotificationItem({ notification, onOpen }: TNotificationItemProps) {
  const { t } = useTranslation();
  const { sentence, formatTime } = useNotificationText();
  const isUnread = !notification.read;
  return (
    <UnstyledButton
      className={classes.item}
      data-unread={isUnread || undefined}
      onClick={() => onOpen(notification)}
      data-testid="notification-item"
      data-portcall-id={notification.portcall_id ?? undefined}
      data-read={notification.read ? 'true' : 'false'}
    >
      <Group gap="sm" wrap="nowrap" align="flex-start">
        <Box className={classes.dot} data-unread={isUnread || undefined} aria-hidden />
        <Box style={{ minWidth: 0, flex: 1 }}>
          <Text size="sm" fw={isUnread ? 600 : 400} c="navy.9" className={classes.sentence}>
            {sentence(notification)}
          </Text>
          <Group gap={6} mt={4}>
            <Text size="xs" c="dimmed">
              {formatTime(notification.created_at)}
            </Text>
            {isUnread && (
              <Text size="xs" c="harbor.8" fw={600}>
                {t('notifications.unread')}
              </Text>
            )}
          </Group>
        </Box>
      </Group>
    </UnstyledButton>
  );
}
