// When the realtime server could not replay what the tab missed (away longer than it keeps events), every query is
// fetched again and the user is told why the screen may have changed.
import { useEffect } from 'react';
import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { POPUP_AUTO_CLOSE_MS } from '@quayline/domain';
import { type RealtimeClient, getRealtimeClient } from './realtime-client';

export function useReloadAfterLostReplay(client?: RealtimeClient): void {
  const queryClient = useQueryClient();
  const { t } = useTranslation();
  useEffect(
    () =>
      (client ?? getRealtimeClient()).onReplayLost(() => {
        void queryClient.invalidateQueries();
        notifications.show({
          id: 'realtime-offline-reloaded',
          message: t('app.offline_reloaded'),
          color: 'blue',
          autoClose: POPUP_AUTO_CLOSE_MS,
          withBorder: true,
          ...({ 'data-testid': 'offline-reloaded' } as object),
        });
      }),
    [client, queryClient, t],
  );
}
