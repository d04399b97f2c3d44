// The sandbox view: live calls with the draft's moves applied, each carrying its cargo window along as a live move does.
import { movedCargoWindow, type TDraftState, type TPlannerPortcall } from '@quayline/domain';

type TPlaceChange = { berth_arrival?: string | undefined; berth_departure?: string | undefined; berth_start_position?: number | null | undefined; berth_end_position?: number | null | undefined };

/** A call at a new place: times and metres, and the cargo window moved and clipped as the server moves it. */
export function withPlace(call: TPlannerPortcall, change: TPlaceChange): TPlannerPortcall {
  const place = { berth_arrival: change.berth_arrival ?? call.berth_arrival, berth_departure: change.berth_departure ?? call.berth_departure };
  return {
    ...call,
    ...place,
    ...(movedCargoWindow(call, place) ?? {}),
    berth_start_position: change.berth_start_position !== undefined ? change.berth_start_position : call.berth_start_position,
    berth_end_position: change.berth_end_position !== undefined ? change.berth_end_position : call.berth_end_position,
  };
}

export function applyDraft(calls: readonly TPlannerPortcall[], draft: TDraftState | undefined): TPlannerPortcall[] {
  if (!draft || draft.changes.length === 0) return calls as TPlannerPortcall[];
  const byId = new Map(draft.changes.map((c) => [c.portcall_id, c]));
  return calls.map((call) => {
    const change = byId.get(call.id);
    return change ? withPlace(call, change) : call;
  });
}
