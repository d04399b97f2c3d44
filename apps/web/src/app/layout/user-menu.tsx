// Header account menu: who is signed in (name, email, role, organisation) and, while acting, for whom; acting for a
// colleague, the way back, a settings link and logout.
import { useState } from 'react';
import { Avatar, Box, Group, Menu, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { IconArrowBackUp, IconChevronDown, IconLogout, IconSettings, IconUserShare } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { TUserDetails } from '@quayline/domain';
import { useLocale } from '@/hooks/use-locale';
import { fullNameOf, useProxyCandidates } from './proxy-session';
import classes from './app-layout.module.css';

type TUserMenuProps = { user: TUserDetails; onLogout: () => void; isLoggingOut: boolean; onActFor: () => void; onReturn: () => void };

function initialsOf(user: TUserDetails): string {
  const letters = `${user.first_name.charAt(0)}${user.last_name.charAt(0)}`.trim();
  return (letters || user.email.charAt(0)).toUpperCase();
}

export function UserMenu({ user, onLogout, isLoggingOut, onActFor, onReturn }: TUserMenuProps) {
  const { t } = useTranslation();
  const locale = useLocale();
  const fullName = fullNameOf(user);
  const { proxy } = user;
  // Asked for the first time the menu opens, so plain page loads cost no extra request.
  const [hasOpened, setHasOpened] = useState(false);
  const candidates = useProxyCandidates(hasOpened && !proxy);
  const canActFor = !proxy && (candidates.data?.length ?? 0) > 0;
  return (
    <Menu position="bottom-end" shadow="md" width={280} withinPortal onOpen={() => setHasOpened(true)}>
      <Menu.Target>
        {/* Named by what it shows (initials, name) after a hidden "Account menu", so the visible text is part of the name. */}
        <UnstyledButton className={classes.userButton} data-testid="user-menu">
          <VisuallyHidden>{t('header.account_menu')}</VisuallyHidden>
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
        {proxy && (
          <Box px="sm" py="xs" bg="orange.0" data-testid="user-menu-proxy">
            <Text size="xs" c="dimmed">
              {t('proxy.signed_in')}
            </Text>
            <Text size="sm" fw={650} c="navy.9" data-testid="user-menu-actor">
              {fullNameOf(proxy.actor)}
            </Text>
            <Text size="xs" c="dimmed" mt={4}>
              {t('proxy.acting_for')}
            </Text>
            <Text size="sm" fw={650} c="orange.9">
              {fullNameOf(proxy.acting_for)}
            </Text>
          </Box>
        )}
        <Box px="sm" py="xs" data-testid="user-menu-details">
          <Text size="xs" c="dimmed">
            {proxy ? t('proxy.acting_for') : t('header.signed_in_as')}
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
        </Box>
        <Menu.Divider />
        {proxy && (
          <Menu.Item color="orange.9" leftSection={<IconArrowBackUp size={16} />} onClick={onReturn} data-testid="user-menu-return">
            {t('proxy.return')}
          </Menu.Item>
        )}
        {canActFor && (
          <Menu.Item leftSection={<IconUserShare size={16} />} onClick={onActFor} data-testid="user-menu-act-for">
            {t('proxy.act_for')}
          </Menu.Item>
        )}
        <Menu.Item component={Link} to={`/${locale}/user-settings`} leftSection={<IconSettings size={16} />} data-testid="user-menu-settings">
          {t('navigation.settings')}
        </Menu.Item>
        <Menu.Item color="red.8" leftSection={<IconLogout size={16} />} onClick={onLogout} disabled={isLoggingOut} data-testid="logout">
          {t('navigation.logout')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
