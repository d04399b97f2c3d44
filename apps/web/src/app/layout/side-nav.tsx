// Side navigation of the signed-in area; settings, help and logout sit at the bottom.
import { NavLink, ScrollArea, Stack, Divider } from '@mantine/core';
import { IconHelp, IconLogout, IconSettings } from '@tabler/icons-react';
import { Link, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useLocale } from '@/hooks/use-locale';
import { stripLocale } from '@/lib/locale';
import { NAV_ITEMS, type TNavItem } from './navigation-items';
import classes from './app-layout.module.css';

type TSideNavProps = { onNavigate: () => void; onLogout: () => void; isLoggingOut: boolean };

function isWithin(current: string, path: string): boolean {
  return current === path || current.startsWith(`${path}/`);
}

export function SideNav({ onNavigate, onLogout, isLoggingOut }: TSideNavProps) {
  const { t } = useTranslation();
  const locale = useLocale();
  const current = stripLocale(useLocation().pathname);

  const renderItem = (item: TNavItem, isChild = false) => {
    const Icon = item.icon;
    const hasChildren = !!item.children?.length;
    const isActive = hasChildren ? current === item.path : isWithin(current, item.path);
    return (
      <NavLink
        key={item.path}
        component={Link}
        to={`/${locale}${item.path}`}
        label={t(item.labelKey)}
        leftSection={<Icon size={isChild ? 18 : 20} stroke={1.6} />}
        active={isActive}
        aria-current={isActive ? 'page' : undefined}
        onClick={onNavigate}
        className={classes.navLink}
        defaultOpened={hasChildren}
        opened={hasChildren ? true : undefined}
        childrenOffset={28}
        data-testid={item.testId}
      >
        {item.children?.map((child) => renderItem(child, true))}
      </NavLink>
    );
  };

  return (
    <Stack gap={0} h="100%" component="nav" aria-label={t('navigation.main')}>
      <ScrollArea style={{ flex: 1 }} type="scroll" px="sm" py="md">
        <Stack gap={2}>{NAV_ITEMS.map((item) => renderItem(item))}</Stack>
      </ScrollArea>
      <Divider />
      <Stack gap={2} p="sm">
        <NavLink
          component={Link}
          to={`/${locale}/user-settings`}
          label={t('navigation.settings')}
          leftSection={<IconSettings size={20} stroke={1.6} />}
          active={isWithin(current, '/user-settings')}
          aria-current={isWithin(current, '/user-settings') ? 'page' : undefined}
          onClick={onNavigate}
          className={classes.navLink}
          data-testid="nav-settings"
        />
        <NavLink
          component={Link}
          to={`/${locale}/help`}
          label={t('navigation.help')}
          leftSection={<IconHelp size={20} stroke={1.6} />}
          active={isWithin(current, '/help')}
          aria-current={isWithin(current, '/help') ? 'page' : undefined}
          onClick={onNavigate}
          className={classes.navLink}
          data-testid="nav-help"
        />
        <NavLink
          component="button"
          label={t('navigation.logout')}
          leftSection={<IconLogout size={20} stroke={1.6} />}
          onClick={onLogout}
          disabled={isLoggingOut}
          className={classes.navLink}
          data-testid="nav-logout"
        />
      </Stack>
    </Stack>
  );
}
