// Which calls of the live berth plan a template's calls would clash with: for the form's preview (calls not yet
// created) and for Generate's answer (calls just created), by the planner's and the alerts' rule (berth-clashes.ts).
import { type TPlannedCall, type TTemplateCallClash, clashDraftOf, clashesWithPlan } from '@quayline/domain';
import type { Kysely, Transaction } from 'kysely';
import type { DB, PortalUser } from '../../db/schema';
import { findLivePlan } from '../berth-plan/live-plan';
import { findVisibleCallIds } from '../portcalls/portcall.repository';

type Db = Kysely<DB> | Transaction<DB>;

/** A template's call: its berth stay, and its place on the quay when it has one (else it cannot clash yet). */
export type TTemplateCandidateCall = { from: Date; to: Date; place: { start: number; end: number } | null };

const OCCUPIED: TTemplateCallClash = { other_portcall_id: null, other_vessel_name: null, other_berth_arrival: null, other_berth_departure: null };

/**
 * Per candidate, the plan's calls it clashes with (not cancelled, departed ones included, as Generate has always
 * checked). `excludeIds`: calls that are the candidates themselves (Generate's new calls), never their own clash.
 * A call the viewer may not see is named only as occupied, so a carrier learns nothing of another's call.
 */
export async function findTemplateCallClashes(db: Db, user: PortalUser, args: { terminalId: number; candidates: readonly TTemplateCandidateCall[]; excludeIds?: readonly number[] }): Promise<TTemplateCallClash[][]> {
  const placed = args.candidates.filter((c) => c.place !== null);
  if (placed.length === 0) return args.candidates.map(() => []);
  const from = new Date(Math.min(...placed.map((c) => c.from.getTime())));
  const to = new Date(Math.max(...placed.map((c) => c.to.getTime())));
  const plan = await findLivePlan(db, { terminalId: args.terminalId, from, to, isDepartedLeftOut: false });
  const excluded = new Set(args.excludeIds ?? []);
  const byId = new Map(plan.calls.map((c) => [c.id, c]));
  const planned: TPlannedCall[] = plan.calls.flatMap((c) =>
    excluded.has(c.id) || c.berth_start_position === null || c.berth_end_position === null
      ? []
      : [{ id: c.id, start: Math.min(Number(c.berth_start_position), Number(c.berth_end_position)), end: Math.max(Number(c.berth_start_position), Number(c.berth_end_position)), from: new Date(c.berth_arrival).getTime(), to: new Date(c.berth_departure).getTime(), draft: clashDraftOf({ draftInbound: Number(c.draft_inbound), draftOutbound: Number(c.draft_outbound), vesselMaxDraft: c.max_draft_m === null ? null : Number(c.max_draft_m) }) }],
  );
  // Candidates without a place stay in the list (their answer is empty) but lie nowhere on the quay.
  const candidates: TPlannedCall[] = args.candidates.map((c, i) => ({ id: i + 1, start: c.place?.start ?? 0, end: c.place?.end ?? 0, from: c.from.getTime(), to: c.place ? c.to.getTime() : c.from.getTime(), draft: 0 }));
  const found = clashesWithPlan(candidates, planned, plan.terminal.min_clearance_m);
  const visible = await findVisibleCallIds(db, user, found.flat());
  return found.map((ids, i) => {
    if (args.candidates[i]!.place === null) return [];
    const named = ids.filter((id) => visible.has(id)).map((id): TTemplateCallClash => {
      const other = byId.get(id)!;
      return { other_portcall_id: id, other_vessel_name: other.vessel_name, other_berth_arrival: new Date(other.berth_arrival).toISOString(), other_berth_departure: new Date(other.berth_departure).toISOString() };
    });
    // Hidden calls are one "occupied": how many other carriers lie there is theirs to know.
    return ids.some((id) => !visible.has(id)) ? [...named, OCCUPIED] : named;
  });
}
