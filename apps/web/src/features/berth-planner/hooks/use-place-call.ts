// A move in live mode: optimistic on screen, PUT with the call's version; a 409 shows the other person's change and
// snaps the card to the server's state — never an overwrite.
import { useCallback, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import { movedCargoWindow, POPUP_AUTO_CLOSE_MS, type TPlannerPortcall, type TPortcall } from '@quayline/domain';
import { isApiError, reasonOf } from '@/lib/api-client';
import { updatePortcallPlace, type TPlace } from '../api/update-portcall-place';
import { storePlannerCall } from './use-live-planner-events';

/** The 409 answer carries the current call; a light check, the server's schema already validated it. */
function isPortcallLike(value: unknown): value is TPortcall {
  return typeof value === 'object' && value !== null && typeof (value as { id?: unknown }).id === 'number' && typeof (value as { version?: unknown }).version === 'number' && typeof (value as { berth_arrival?: unknown }).berth_arrival === 'string';
}

export function useLivePlacement() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [pending, setPending] = useState<ReadonlyMap<number, TPlace>>(new Map());

  const place = useCallback(
    async (call: TPlannerPortcall, placeTo: TPlace) => {
      setPending((p) => new Map(p).set(call.id, placeTo));
      try {
        const saved = await updatePortcallPlace({ id: call.id, version: call.version, place: placeTo, cargoWindow: movedCargoWindow(call, placeTo) });
        storePlannerCall(queryClient, saved);
      } catch (error) {
        const current = isApiError(error) && error.code === 'CONFLICT' && isPortcallLike(error.current) ? error.current : null;
        if (current) {
          storePlannerCall(queryClient, current);
          notifications.show({ id: `planner-conflict-${call.id}`, color: 'orange', title: t('berthPlanner.live.conflict_title'), message: t('berthPlanner.live.conflict', { vessel: call.vessel_name }), autoClose: POPUP_AUTO_CLOSE_MS, ...({ 'data-testid': 'planner-conflict' } as object) });
        } else {
          notifications.show({ color: 'red', message: t('berthPlanner.live.failed', { vessel: call.vessel_name, message: reasonOf(error) }), autoClose: POPUP_AUTO_CLOSE_MS });
        }
      } finally {
        setPending((p) => {
          const next = new Map(p);
          next.delete(call.id);
          return next;
        });
      }
    },
    [queryClient, t],
  );
  return { pending, place };
}
