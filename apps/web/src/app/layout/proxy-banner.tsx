// The banner on every screen while acting for a colleague: who acts, for whom, until when, and the way back.
import { useEffect } from 'react';
import { Box, Button, Group, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { notifications } from '@mantine/notifications';
import { IconArrowBackUp, IconUserShare } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { POPUP_AUTO_CLOSE_MS, type TUserDetails } from '@quayline/domain';
import { useLocale } from '@/hooks/use-locale';
import { isApiError, onProxyExpired } from '@/lib/api-client';
import { fullNameOf, switchSession, useReturnToOwnSession } from './proxy-session';
import classes from './app-layout.module.css';

type TProxy = NonNullable<TUserDetails['proxy']>;

export function ProxyBanner({ proxy, onReturn, isReturning }: { proxy: TProxy; onReturn: () => void; isReturning: boolean }) {
  const { t } = useTranslation();
  const locale = useLocale();
  // HH:mm on the 24-hour clock in every language, as everywhere else (docs/dates.md); English would say 10:00 PM.
  const until = new Intl.DateTimeFormat(locale, { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(new Date(proxy.expires_at));
  const actor = fullNameOf(proxy.actor);
  const person = fullNameOf(proxy.acting_for);

  return (
    <Box className={classes.proxyBanner} role="status" aria-live="polite" data-testid="proxy-banner">
      <Group justify="space-between" gap="xs" wrap="wrap" px={{ base: 'md', sm: 'xl' }} py={8}>
        <Group gap="xs" wrap="nowrap" style={{ minWidth: 0 }}>
          <IconUserShare size={20} stroke={1.8} aria-hidden style={{ flexShrink: 0 }} />
          <Text size="sm" fw={600} data-testid="proxy-banner-text">
            {t('proxy.banner', { actor, person })}{' '}
            <Text span size="sm" fw={400}>
              ({t('proxy.until', { time: until })})
            </Text>
          </Text>
        </Group>
        <Button size="compact-sm" color="dark" variant="white" leftSection={<IconArrowBackUp size={16} />} onClick={onReturn} loading={isReturning} data-testid="proxy-return">
          {t('proxy.return')}
        </Button>
      </Group>
    </Box>
  );
}

/** Returning to one's own session, from the banner or the user menu, with its notices. */
export function useReturnAction() {
  const { t } = useTranslation();
  const returnMutation = useReturnToOwnSession();
  const returnToOwn = () => {
    if (returnMutation.isPending) return;
    returnMutation.mutate(undefined, {
      onSuccess: () => notifications.show({ id: 'proxy-returned', title: t('proxy.returned_title'), message: t('proxy.returned'), color: 'green', autoClose: POPUP_AUTO_CLOSE_MS, withBorder: true }),
      // An expired session is handled by the shell (it returns by itself); anything else is worth a retry.
      onError: (error) => {
        if (isApiError(error) && error.code === 'PROXY_EXPIRED') return;
        notifications.show({ id: 'proxy-return-failed', message: t('proxy.return_failed'), color: 'red', autoClose: POPUP_AUTO_CLOSE_MS, withBorder: true });
      },
    });
  };
  return { returnToOwn, isReturning: returnMutation.isPending };
}

/** A proxy token that ran out (answered on any request): back to the own session, with the server's words. */
export function useProxyExpiryNotice() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  useEffect(
    () =>
      onProxyExpired((message) => {
        notifications.show({ id: 'proxy-expired', title: t('proxy.expired_title'), message, color: 'orange', autoClose: false, withBorder: true, ...({ 'data-testid': 'proxy-expired' } as object) });
        void switchSession(queryClient).catch((error: unknown) => console.error(error));
      }),
    [t, queryClient],
  );
}
