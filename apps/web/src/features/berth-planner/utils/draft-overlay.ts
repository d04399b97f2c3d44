// The sandbox view: live calls with the draft's moves applied.
import type { TDraftState, TPlannerPortcall } from '@quayline/domain';

export function applyDraft(calls: readonly TPlannerPortcall[], draft: TDraftState | undefined): TPlannerPortcall[] {
  if (!draft || draft.changes.length === 0) return calls as TPlannerPortcall[];
  const byId = new Map(draft.changes.map((c) => [c.portcall_id, c]));
  return calls.map((call) => {
    const change = byId.get(call.id);
    if (!change) return call;
    return {
      ...call,
      berth_arrival: change.berth_arrival ?? call.berth_arrival,
      berth_departure: change.berth_departure ?? call.berth_departure,
      berth_start_position: change.berth_start_position !== undefined ? change.berth_start_position : call.berth_start_position,
      berth_end_position: change.berth_end_position !== undefined ? change.berth_end_position : call.berth_end_position,
    };
  });
}
