// Header account menu: who is signed in (name, email, role, organisation), a settings link and logout.
import { Avatar, Box, Group, Menu, Text, UnstyledButton } from '@mantine/core';
import { IconChevronDown, IconLogout, IconSettings } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { TUserDetails } from '@quayline/domain';
import { useLocale } from '@/hooks/use-locale';
import classes from './app-layout.module.css';

type TUserMenuProps = { user: TUserDetails; onLogout: () => void; isLoggingOut: boolean };

function initialsOf(user: TUserDetails): string {
  const letters = `${user.first_name.charAt(0)}${user.last_name.charAt(0)}`.trim();
  return (letters || user.email.charAt(0)).toUpperCase();
}

export function UserMenu({ user, onLogout, isLoggingOut }: TUserMenuProps) {
  const { t } = useTranslation();
  const locale = useLocale();
  const fullName = `${user.first_name} ${user.last_name}`.trim() || user.email;
  return (
    <Menu position="bottom-end" shadow="md" width={280} withinPortal>
      <Menu.Target>
        <UnstyledButton className={classes.userButton} aria-label={t('header.account_menu')} data-testid="user-menu">
          <Group gap={8} wrap="nowrap">
            <Avatar radius="xl" size={32} color="harbor" variant="filled">
              {initialsOf(user)}
            </Avatar>
            <Box visibleFrom="md" maw={180}>
              <Text size="sm" fw={600} c="white" truncate="end">
                {fullName}
              </Text>
            </Box>
            <IconChevronDown size={14} />
          </Group>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Box px="sm" py="xs" data-testid="user-menu-details">
          <Text size="xs" c="dimmed">
            {t('header.signed_in_as')}
          </Text>
          <Text fw={650} c="navy.9" data-testid="user-menu-name">
            {fullName}
          </Text>
          <Text size="sm" c="dimmed" data-testid="user-menu-email" style={{ wordBreak: 'break-all' }}>
            {user.email}
          </Text>
          <Group gap={6} mt={6}>
            <Text size="xs" c="dimmed">
              {t('header.role')}
            </Text>
            <Text size="xs" fw={600} data-testid="user-menu-role">
              {t(`userTypes.${user.user_type}`)}
            </Text>
          </Group>
          {user.organisation_name && (
            <Group gap={6}>
              <Text size="xs" c="dimmed">
                {t('header.organisation')}
              </Text>
              <Text size="xs" fw={600}>
                {user.organisation_name}
              </Text>
            </Group>
          )}
          {user.acting_as && (
            <Text size="xs" c="orange.8" mt={6}>
              {t('header.acting_as', { email: user.acting_as.email })}
            </Text>
          )}
        </Box>
        <Menu.Divider />
        <Menu.Item component={Link} to={`/${locale}/user-settings`} leftSection={<IconSettings size={16} />} data-testid="user-menu-settings">
          {t('navigation.settings')}
        </Menu.Item>
        <Menu.Item color="red" leftSection={<IconLogout size={16} />} onClick={onLogout} disabled={isLoggingOut} data-testid="logout">
          {t('navigation.logout')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
