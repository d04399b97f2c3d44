// The signed-in shell: navy header, side navigation (behind a burger under 768 px), breadcrumbs and the routed screen.
import type { ReactNode } from 'react';
import { AppShell, Burger, Group, Box } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { TUserDetails } from '@quayline/domain';
import { Logo } from '@/components/ui/logo';
import { useLocale } from '@/hooks/use-locale';
import { useLogout } from '@/lib/user';
import { HelpModal } from './help-modal';
import { LocaleSwitch } from './locale-switch';
import { NotificationsButton } from './notifications-button';
import { PageBreadcrumbs } from './page-breadcrumbs';
import { SideNav } from './side-nav';
import { UserMenu } from './user-menu';
import classes from './app-layout.module.css';

type TAppLayoutProps = { user: TUserDetails; children: ReactNode };

export function AppLayout({ user, children }: TAppLayoutProps) {
  const { t } = useTranslation();
  const locale = useLocale();
  const navigate = useNavigate();
  const [isNavOpen, { toggle: toggleNav, close: closeNav }] = useDisclosure(false);
  const [isHelpOpen, { open: openHelp, close: closeHelp }] = useDisclosure(false);
  const logoutMutation = useLogout();

  const logout = () => {
    if (logoutMutation.isPending) return;
    closeNav();
    logoutMutation.mutate(undefined, { onSettled: () => void navigate(`/${locale}/login`, { replace: true }) });
  };

  return (
    <AppShell
      header={{ height: 60 }}
      navbar={{ width: 264, breakpoint: 'sm', collapsed: { mobile: !isNavOpen } }}
      padding={0}
    >
      <a href="#main-content" className={classes.skipLink}>
        {t('app.skip_to_content')}
      </a>
      <AppShell.Header className={classes.header}>
        <Group className={classes.headerInner} justify="space-between" wrap="nowrap" gap="sm">
          <Group gap="sm" wrap="nowrap">
            <Burger
              opened={isNavOpen}
              onClick={toggleNav}
              hiddenFrom="sm"
              size="sm"
              color="white"
              aria-label={isNavOpen ? t('navigation.close_menu') : t('navigation.open_menu')}
              aria-expanded={isNavOpen}
              data-testid="burger"
            />
            <Link to={`/${locale}/dashboard`} style={{ textDecoration: 'none' }} aria-label={t('navigation.dashboard')} data-testid="header-home">
              <Logo name={t('app.name')} inverted size="lg" markSize={30} />
            </Link>
          </Group>
          <Group gap={6} wrap="nowrap">
            <LocaleSwitch />
            <NotificationsButton userId={user.id} />
            <UserMenu user={user} onLogout={logout} isLoggingOut={logoutMutation.isPending} />
          </Group>
        </Group>
      </AppShell.Header>

      <AppShell.Navbar className={classes.navbar} data-testid="side-nav">
        <SideNav onNavigate={closeNav} onHelp={openHelp} onLogout={logout} isLoggingOut={logoutMutation.isPending} />
      </AppShell.Navbar>

      <AppShell.Main className={classes.main}>
        <Box px={{ base: 'md', sm: 'xl' }} py={{ base: 'md', sm: 'lg' }} id="main-content" tabIndex={-1}>
          <Box mb="sm">
            <PageBreadcrumbs />
          </Box>
          {children}
        </Box>
      </AppShell.Main>

      <HelpModal opened={isHelpOpen} onClose={closeHelp} />
    </AppShell>
  );
}
