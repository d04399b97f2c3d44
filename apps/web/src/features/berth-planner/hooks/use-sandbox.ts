// The sandbox draft and its actions: every write sends the draft version; the answer is the new draft.
import { useCallback, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import { POPUP_AUTO_CLOSE_MS, type TDraftChange, type TDraftState, type TPublishConflict } from '@quayline/domain';
import { isApiError } from '@/lib/api-client';
import { freezeInDraft, publishDraft, redoDraft, revertDraft, undoDraft, updateDraft, useDraft } from '../api/draft-portcalls';
import { plannerKeys } from '../api/query-keys';
import { reasonOf } from '@/lib/api-client';

export type TSandbox = ReturnType<typeof useSandbox>;

function conflictsOf(current: unknown): TPublishConflict[] | null {
  if (typeof current !== 'object' || current === null || !('conflicts' in current)) return null;
  const list = (current as { conflicts: unknown }).conflicts;
  return Array.isArray(list) ? (list as TPublishConflict[]) : null;
}

export function useSandbox(terminalId: number | null, isEnabled: boolean, onPublished: () => void) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const draftQuery = useDraft(terminalId, isEnabled);
  const [isBusy, setBusy] = useState(false);
  const [conflicts, setConflicts] = useState<TPublishConflict[]>([]);

  const store = useCallback((state: TDraftState) => {
    if (terminalId !== null) queryClient.setQueryData(plannerKeys.draft(terminalId), state);
  }, [queryClient, terminalId]);

  /** Runs one write of the draft; answers whether it was saved. */
  const run = useCallback(
    async (write: (args: { terminal_id: number; version: number }) => Promise<TDraftState>): Promise<boolean> => {
      // The cached draft, not this render's: an action offered earlier (undo on a notification) writes the latest version.
      const draft = terminalId === null ? undefined : (queryClient.getQueryData<TDraftState>(plannerKeys.draft(terminalId)) ?? draftQuery.data);
      if (terminalId === null || !draft) return false;
      setBusy(true);
      try {
        store(await write({ terminal_id: terminalId, version: draft.version }));
        return true;
      } catch (error) {
        if (isApiError(error) && error.code === 'CONFLICT' && error.current && typeof error.current === 'object' && 'version' in error.current) {
          store(error.current as TDraftState);
          notifications.show({ color: 'orange', message: t('berthPlanner.sandbox.stale'), autoClose: POPUP_AUTO_CLOSE_MS });
        } else {
          notifications.show({ color: 'red', message: t('berthPlanner.sandbox.failed', { message: reasonOf(error) }), autoClose: POPUP_AUTO_CLOSE_MS });
          void draftQuery.refetch();
        }
        return false;
      } finally {
        setBusy(false);
      }
    },
    [draftQuery, queryClient, store, t, terminalId],
  );

  /** Publishes the draft at the version the planner previewed: a draft changed since is refused (409), not published unseen. */
  const publish = useCallback(async (previewedVersion: number): Promise<boolean> => {
    if (terminalId === null) return false;
    setBusy(true);
    try {
      const result = await publishDraft({ terminal_id: terminalId, version: previewedVersion });
      store(result.draft);
      setConflicts([]);
      notifications.show({ color: 'green', title: t('berthPlanner.sandbox.published_title'), message: t('berthPlanner.sandbox.published', { count: result.published }), autoClose: POPUP_AUTO_CLOSE_MS });
      onPublished();
      return true;
    } catch (error) {
      const found = isApiError(error) ? conflictsOf(error.current) : null;
      if (found) setConflicts(found);
      else if (isApiError(error) && error.code === 'CONFLICT') notifications.show({ color: 'orange', message: t('berthPlanner.sandbox.stale'), autoClose: POPUP_AUTO_CLOSE_MS });
      else notifications.show({ color: 'red', message: t('berthPlanner.sandbox.failed', { message: reasonOf(error) }), autoClose: POPUP_AUTO_CLOSE_MS });
      void draftQuery.refetch();
      return false;
    } finally {
      setBusy(false);
    }
  }, [draftQuery, onPublished, store, t, terminalId]);

  return {
    draft: draftQuery.data,
    isLoading: draftQuery.isPending && isEnabled,
    isBusy,
    conflicts,
    clearConflicts: () => setConflicts([]),
    refetch: () => void draftQuery.refetch(),
    move: (changes: TDraftChange[]) => run((w) => updateDraft({ ...w, changes })),
    undo: () => run(undoDraft),
    redo: () => run(redoDraft),
    revert: () => run(revertDraft),
    freeze: (portcallId: number, frozen: boolean) => run((w) => freezeInDraft({ ...w, portcall_id: portcallId, frozen })),
    publish,
  };
}
