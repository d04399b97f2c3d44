// One write of a call's shift plan: shown at once (provisional row, headers recomputed), then the server's answer;
// a 409 puts the other person's version on the board, any other failure puts the row back as it was.
import { useCallback, useMemo, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { ZBoardPortcall, type TBoardPortcall, type TFieldError, type TShiftDetailInput } from '@quayline/domain';
import { isApiError } from '@/lib/api-client';
import { updateShiftDetails } from '../api/update-shift-details';
import { provisionalRow, storeBoardPortcall } from '../utils/board-cache';

export type TSaveOutcome =
  | { kind: 'saved'; portcall: TBoardPortcall }
  | { kind: 'invalid'; problems: TFieldError[] }
  | { kind: 'conflict'; current: TBoardPortcall }
  | { kind: 'failed'; error: unknown };

function conflictCurrent(error: unknown): TBoardPortcall | null {
  if (!isApiError(error) || error.code !== 'CONFLICT') return null;
  const parsed = ZBoardPortcall.safeParse(error.current);
  return parsed.success ? parsed.data : null;
}

export function useSaveShiftPlan(terminalId: number | null) {
  const queryClient = useQueryClient();
  // Calls with a write on its way: their realtime echo is ours, the answer will bring the new version.
  const pending = useRef(new Map<number, number>());
  const save = useCallback(
    async (call: TBoardPortcall, details: readonly TShiftDetailInput[]): Promise<TSaveOutcome> => {
      if (terminalId === null) return { kind: 'failed', error: new Error('No terminal') };
      storeBoardPortcall(queryClient, terminalId, provisionalRow(call, details));
      pending.current.set(call.id, (pending.current.get(call.id) ?? 0) + 1);
      try {
        const saved = await updateShiftDetails({ portcallId: call.id, version: call.version, details });
        storeBoardPortcall(queryClient, terminalId, saved);
        return { kind: 'saved', portcall: saved };
      } catch (error) {
        const current = conflictCurrent(error);
        storeBoardPortcall(queryClient, terminalId, current ?? call);
        if (current) return { kind: 'conflict', current };
        if (isApiError(error) && error.httpStatus === 400 && error.fieldErrors.length > 0) return { kind: 'invalid', problems: error.fieldErrors };
        return { kind: 'failed', error };
      } finally {
        const left = (pending.current.get(call.id) ?? 1) - 1;
        if (left > 0) pending.current.set(call.id, left);
        else pending.current.delete(call.id);
      }
    },
    [queryClient, terminalId],
  );
  const isSaving = useCallback((id: number) => pending.current.has(id), []);
  return useMemo(() => ({ save, isSaving }), [save, isSaving]);
}
