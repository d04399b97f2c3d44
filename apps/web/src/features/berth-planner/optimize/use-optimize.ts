// The panel's three mutations. Each leaves the planner's cached draft stale, so the planner re-reads it.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TDraftChange, TDraftState, TOptimizeMove, TOptimizeResult } from '@quayline/domain';
import { plannerKeys } from '../api/query-keys';
import { fetchDraft, postOptimize, postUndo, putDraftChanges } from './optimize-api';

export type TRunArgs = { seconds: number; windowStart: string; windowEnd: string };

/** The change that puts a call back where it was before the optimization. */
export function revertChange(move: TOptimizeMove): TDraftChange {
  return { portcall_id: move.portcall_id, ...move.from };
}

export function useOptimizeActions(terminalId: number) {
  const queryClient = useQueryClient();
  const refreshDraft = () => queryClient.invalidateQueries({ queryKey: plannerKeys.draft(terminalId) });

  const run = useMutation({
    // The draft version is read right before the run, so the server can tell a stale sandbox (409).
    mutationFn: async (args: TRunArgs): Promise<TOptimizeResult> => {
      const draft = await fetchDraft(terminalId);
      return postOptimize({ terminal_id: terminalId, window_start: args.windowStart, window_end: args.windowEnd, seconds: args.seconds, version: draft.version });
    },
    onSettled: refreshDraft,
  });

  const acceptSelected = useMutation({
    mutationFn: async ({ result, keep }: { result: TOptimizeResult; keep: ReadonlySet<number> }): Promise<TDraftState> => {
      const dropped = result.moves.filter((m) => !keep.has(m.portcall_id));
      if (dropped.length === 0) return result.draft;
      return putDraftChanges({ terminal_id: terminalId, version: result.draft.version, changes: dropped.map(revertChange) });
    },
    onSettled: refreshDraft,
  });

  const discard = useMutation({
    // Without moves the optimization wrote no step, so there is nothing to undo.
    mutationFn: async (result: TOptimizeResult): Promise<TDraftState> => (result.moves.length ? postUndo({ terminal_id: terminalId, version: result.draft.version }) : result.draft),
    onSettled: refreshDraft,
  });

  return { run, acceptSelected, discard };
}
