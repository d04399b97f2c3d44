// The live berth plan of a terminal in a window as the clash checker reads it (quay, sections, block zones, calls) and
// its clashes: one reading for the planner's clash list and the dashboard's alerts, so both see the same plan.
import { type TClash, type TPlanQuay, type TPlannedCall, clashDraftOf, findPlanClashes } from '@quayline/domain';
import type { Kysely, Transaction } from 'kysely';
import type { AppContext } from '../../app-context';
import type { DB } from '../../db/schema';
import { type TTideModel, terminalTideModel } from '../tides/tide.service';

type Db = Kysely<DB> | Transaction<DB>;
export type TLivePlan = Awaited<ReturnType<typeof findLivePlan>>;

/** Calls not cancelled that overlap the window; `isDepartedLeftOut` for views that look only at what is still to come. */
export async function findLivePlan(db: Db, args: { terminalId: number; from: Date; to: Date; isDepartedLeftOut: boolean }) {
  const [terminal, sections, zones, calls] = await Promise.all([
    db.selectFrom('terminals').select(['quay_length_m', 'min_clearance_m']).where('id', '=', args.terminalId).executeTakeFirstOrThrow(),
    db.selectFrom('terminal_sections').select(['id', 'start_position_m', 'end_position_m', 'water_depth_m', 'berth_type']).where('terminal_id', '=', args.terminalId).execute(),
    db.selectFrom('blocked_zones').select(['id', 'start_position_m', 'end_position_m', 'starts_at', 'ends_at']).where('terminal_id', '=', args.terminalId).where('starts_at', '<', args.to).where('ends_at', '>', args.from).execute(),
    db
      .selectFrom('portcalls')
      .innerJoin('vessels', 'vessels.id', 'portcalls.vessel_id')
      .select(['portcalls.id', 'portcalls.berth_start_position', 'portcalls.berth_end_position', 'portcalls.berth_arrival', 'portcalls.berth_departure', 'portcalls.draft_inbound', 'portcalls.draft_outbound', 'vessels.max_draft_m', 'vessels.name as vessel_name'])
      .where('portcalls.terminal_id', '=', args.terminalId)
      .where('portcalls.status', 'not in', args.isDepartedLeftOut ? ['Cancelled', 'Departed'] : ['Cancelled'])
      .where('portcalls.berth_arrival', '<', args.to)
      .where('portcalls.berth_departure', '>', args.from)
      .execute(),
  ]);
  return { terminalId: args.terminalId, terminal, sections, zones, calls };
}

/**
 * Clashes among the plan's placed calls, with the terminal's predicted tide; `placed` counts the calls checked. Inside
 * a transaction pass the tide model read before it (`tide`), since PGlite has one connection for both.
 */
export async function findLivePlanClashes(ctx: AppContext, plan: TLivePlan, options: { underKeelClearance?: number; tide?: TTideModel | null } = {}): Promise<{ clashes: TClash[]; placed: number }> {
  const tide = options.tide !== undefined ? options.tide : await terminalTideModel(ctx, plan.terminalId);
  return clashesOfLivePlan(plan, { ...options, tide });
}

/** The plan's placed calls and its quay as the clash rule reads them (one reading for every caller of the rule). */
export function livePlanClashInputs(plan: TLivePlan, options: { underKeelClearance?: number; tide: TTideModel | null }): { calls: TPlannedCall[]; quay: TPlanQuay } {
  const { tide } = options;
  const placed = plan.calls.filter((c) => c.berth_start_position !== null && c.berth_end_position !== null);
  return {
    calls: placed.map((c) => ({
      id: c.id,
      start: Number(c.berth_start_position),
      end: Number(c.berth_end_position),
      from: new Date(c.berth_arrival).getTime(),
      to: new Date(c.berth_departure).getTime(),
      draft: clashDraftOf({ draftInbound: Number(c.draft_inbound), draftOutbound: Number(c.draft_outbound), vesselMaxDraft: c.max_draft_m === null ? null : Number(c.max_draft_m) }),
    })),
    quay: {
      length: plan.terminal.quay_length_m,
      clearance: plan.terminal.min_clearance_m,
      sections: plan.sections.map((s) => ({ id: s.id, start: s.start_position_m, end: s.end_position_m, depth: Number(s.water_depth_m), berthType: s.berth_type })),
      blockZones: plan.zones.map((z) => ({ id: z.id, start: z.start_position_m, end: z.end_position_m, from: new Date(z.starts_at).getTime(), to: new Date(z.ends_at).getTime() })),
      ...(options.underKeelClearance !== undefined ? { underKeelClearance: options.underKeelClearance } : {}),
      ...(tide ? { tideAt: tide.heightAt } : {}),
    },
  };
}

/** The same with the tide model given (none: chart datum), for a writer that has no app context at hand. */
export function clashesOfLivePlan(plan: TLivePlan, options: { underKeelClearance?: number; tide: TTideModel | null }): { clashes: TClash[]; placed: number } {
  const { calls, quay } = livePlanClashInputs(plan, options);
  return { clashes: findPlanClashes(calls, quay), placed: calls.length };
}
