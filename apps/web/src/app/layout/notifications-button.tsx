// Placeholder for the notification centre: the bell opens an honest empty state until messages exist.
import { ActionIcon, Popover, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconBell, IconBellOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import classes from './app-layout.module.css';

export function NotificationsButton() {
  const { t } = useTranslation();
  return (
    <Popover position="bottom-end" shadow="md" width={280} withinPortal>
      <Popover.Target>
        <ActionIcon variant="subtle" size="lg" radius="xl" className={classes.headerAction} aria-label={t('navigation.notifications')} data-testid="notifications-button">
          <IconBell size={20} stroke={1.7} />
        </ActionIcon>
      </Popover.Target>
      <Popover.Dropdown>
        <Stack align="center" gap={6} ta="center" py="sm" data-testid="notifications-empty">
          <ThemeIcon variant="light" color="gray" size={40} radius="xl">
            <IconBellOff size={20} />
          </ThemeIcon>
          <Text fw={600} size="sm">
            {t('header.notifications_empty_title')}
          </Text>
          <Text size="xs" c="dimmed">
            {t('header.notifications_empty_description')}
          </Text>
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}
