// The header bell: a live unread badge, and a drawer with the user's notifications, 10 a page, newest first.
import { ActionIcon, Alert, Badge, Button, Center, Drawer, Group, Loader, Stack, Text, ThemeIcon } from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import { IconBell, IconBellOff, IconChecks } from '@tabler/icons-react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { MOBILE_BREAKPOINT_PX } from '@quayline/domain';
import { useLocale } from '@/hooks/use-locale';
import { flattenNotifications, useNotifications } from '../api/get-notifications';
import { useMarkAllNotificationsRead } from '../api/mark-all-notifications-read';
import { useMarkNotificationRead } from '../api/mark-notification-read';
import { hideNotificationPopups, useLiveNotifications } from '../hooks/use-live-notifications';
import { NotificationItem } from './notification-item';
import classes from './notifications.module.css';

type TNotificationsCenterProps = { userId: number; buttonClassName?: string };

const badgeText = (count: number) => (count > 99 ? '99+' : String(count));

export function NotificationsCenter({ userId, buttonClassName }: TNotificationsCenterProps) {
  const { t } = useTranslation();
  const locale = useLocale();
  const navigate = useNavigate();
  const isPhone = useMediaQuery(`(max-width: ${MOBILE_BREAKPOINT_PX - 1}px)`);
  const [isOpen, { open, close }] = useDisclosure(false);
  const list = useNotifications();
  const markRead = useMarkNotificationRead();
  const markAll = useMarkAllNotificationsRead();

  const items = flattenNotifications(list.data);
  const unreadCount = list.data?.pages[0]?.meta.unread_count ?? 0;

  const openNotification = ({ id, portcall_id, read }: { id: number; portcall_id: number | null; read?: boolean }) => {
    if (!read) markRead.mutate(id);
    if (portcall_id === null) return;
    close();
    void navigate(`/${locale}/portcall-planner/details?id=${portcall_id}`);
  };
  useLiveNotifications(userId, openNotification, isOpen);

  return (
    <>
      <span className={classes.bellWrap}>
        <ActionIcon
          variant="subtle"
          size="lg"
          radius="xl"
          className={buttonClassName}
          aria-label={unreadCount > 0 ? t('notifications.button_unread', { count: unreadCount }) : t('notifications.title')}
          aria-haspopup="dialog"
          aria-expanded={isOpen}
          onClick={() => {
            hideNotificationPopups();
            open();
          }}
          data-testid="notifications-button"
        >
          <IconBell size={20} stroke={1.7} />
        </ActionIcon>
        {unreadCount > 0 && (
          <Badge size="xs" color="orange" variant="filled" radius="xl" px={5} className={classes.badge} data-testid="notifications-badge" data-count={unreadCount}>
            {badgeText(unreadCount)}
          </Badge>
        )}
      </span>

      <Drawer.Root opened={isOpen} onClose={close} position="right" size={isPhone ? '100%' : 420}>
        <Drawer.Overlay />
        <Drawer.Content data-testid="notifications-drawer">
          <Drawer.Header>
            <Stack gap={0}>
              <Drawer.Title fw={650} c="navy.9" fz="lg">
                {t('notifications.title')}
              </Drawer.Title>
              <Text size="xs" c="dimmed" data-testid="notifications-unread-count">
                {t('notifications.unread_count', { count: unreadCount })}
              </Text>
            </Stack>
            <Group gap={4} wrap="nowrap">
              <Button
                variant="subtle"
                size="compact-sm"
                leftSection={<IconChecks size={16} />}
                disabled={unreadCount === 0}
                loading={markAll.isPending}
                onClick={() => markAll.mutate()}
                data-testid="notifications-mark-all"
              >
                {t('notifications.mark_all')}
              </Button>
              <Drawer.CloseButton aria-label={t('common.close')} />
            </Group>
          </Drawer.Header>
          <Drawer.Body>
            {list.isPending ? (
              <Center py="xl">
                <Loader color="harbor" type="dots" aria-label={t('app.loading')} />
              </Center>
            ) : list.isError ? (
              <Alert color="orange" variant="light" title={t('notifications.load_failed')}>
                <Button variant="light" size="compact-sm" mt="xs" onClick={() => void list.refetch()}>
                  {t('common.retry')}
                </Button>
              </Alert>
            ) : items.length === 0 ? (
              <Stack align="center" gap={6} ta="center" py="xl" data-testid="notifications-empty">
                <ThemeIcon variant="light" color="gray" size={44} radius="xl">
                  <IconBellOff size={22} />
                </ThemeIcon>
                <Text fw={600} size="sm">
                  {t('notifications.empty_title')}
                </Text>
                <Text size="xs" c="dimmed" maw={280}>
                  {t('notifications.empty_description')}
                </Text>
              </Stack>
            ) : (
              <Stack gap="xs" data-testid="notifications-list">
                {items.map((notification) => (
                  <NotificationItem key={notification.id} notification={notification} onOpen={openNotification} />
                ))}
                {list.hasNextPage && (
                  <Button variant="light" onClick={() => void list.fetchNextPage()} loading={list.isFetchingNextPage} data-testid="notifications-load-more">
                    {t('notifications.load_more')}
                  </Button>
                )}
              </Stack>
            )}
          </Drawer.Body>
        </Drawer.Content>
      </Drawer.Root>
    </>
  );
}
