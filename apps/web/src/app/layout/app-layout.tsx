// The signed-in shell: navy header, side navigation (behind a burger under 768 px), the banner while acting for a
// colleague, breadcrumbs and the routed screen; the blockage modal over it while signing out or once the session has ended.
import { type ReactNode, useEffect, useState } from 'react';
import { AppShell, Burger, Group, Box } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { TUserDetails } from '@quayline/domain';
import { Logo } from '@/components/ui/logo';
import { useLocale } from '@/hooks/use-locale';
import { api, onSessionEnded } from '@/lib/api-client';
import { setProxyToken } from '@/lib/storage';
import { useEndLocalSession, useLogout } from '@/lib/user';
import { ActForModal } from './act-for-modal';
import { BlockageModal, type TBlockageReason } from './blockage-modal';
import { LocaleSwitch } from './locale-switch';
import { NotificationsButton } from './notifications-button';
import { PageBreadcrumbs } from './page-breadcrumbs';
import { ProxyBanner, useProxyExpiryNotice, useReturnAction } from './proxy-banner';
import { SideNav } from './side-nav';
import { UserMenu } from './user-menu';
import classes from './app-layout.module.css';

type TAppLayoutProps = { user: TUserDetails; children: ReactNode };

export function AppLayout({ user, children }: TAppLayoutProps) {
  const { t } = useTranslation();
  const locale = useLocale();
  const navigate = useNavigate();
  const [isNavOpen, { toggle: toggleNav, close: closeNav }] = useDisclosure(false);
  const [isActForOpen, { open: openActFor, close: closeActFor }] = useDisclosure(false);
  const logoutMutation = useLogout();
  const { returnToOwn, isReturning } = useReturnAction();
  useProxyExpiryNotice();

  const signOut = async () => {
    if (logoutMutation.isPending) return;
    closeNav();
    // Under a proxy token the server's logout ends only the proxy; end it first so signing out also ends the own session.
    if (user.proxy) {
      await api.delete('/proxy_session').catch((error: unknown) => console.error(error));
      setProxyToken(null);
    }
    logoutMutation.mutate(undefined, { onSettled: () => void navigate(`/${locale}/login`, { replace: true }) });
  };
  const logout = () => void signOut();

  const [hasSessionEnded, setHasSessionEnded] = useState(false);
  useEffect(() => onSessionEnded(() => setHasSessionEnded(true)), []);
  const endLocalSession = useEndLocalSession();
  const signInAgain = () => {
    endLocalSession();
    void navigate(`/${locale}/login`, { replace: true });
  };
  const blockage: TBlockageReason | null = logoutMutation.isPending ? 'signing_out' : hasSessionEnded ? 'session_ended' : null;

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
            <Link to={`/${locale}/dashboard`} style={{ textDecoration: 'none' }} aria-label={`${t('app.name')}: ${t('navigation.dashboard')}`} data-testid="header-home">
              <Logo name={t('app.name')} inverted size="lg" markSize={30} />
            </Link>
          </Group>
          <Group gap={6} wrap="nowrap">
            <LocaleSwitch />
            <NotificationsButton userId={user.id} />
            <UserMenu user={user} onLogout={logout} isLoggingOut={logoutMutation.isPending} onActFor={openActFor} onReturn={returnToOwn} />
          </Group>
        </Group>
      </AppShell.Header>

      <AppShell.Navbar className={classes.navbar} data-testid="side-nav">
        <SideNav onNavigate={closeNav} onLogout={logout} isLoggingOut={logoutMutation.isPending} />
      </AppShell.Navbar>

      <AppShell.Main className={classes.main}>
        {user.proxy && <ProxyBanner proxy={user.proxy} onReturn={returnToOwn} isReturning={isReturning} />}
        <Box px={{ base: 'md', sm: 'xl' }} py={{ base: 'md', sm: 'lg' }} id="main-content" tabIndex={-1}>
          <Box mb="sm">
            <PageBreadcrumbs />
          </Box>
          {children}
        </Box>
      </AppShell.Main>

      <ActForModal opened={isActForOpen} onClose={closeActFor} />
      <BlockageModal reason={blockage} onSignIn={signInAgain} />
    </AppShell>
  );
}
