// The clashes a planner would see on the stored quay plan, for the seeds' tests: their plans must hold none.
import { type TClash, type TPlannedCall, findPlanClashes } from '@quayline/domain';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';

/** The planner's clash rules over every placed, not cancelled call of the (first) terminal, as stored. */
export async function quayClashes(db: Kysely<DB>): Promise<{ placed: TPlannedCall[]; clashes: TClash[] }> {
  const terminal = await db.selectFrom('terminals').select(['id', 'quay_length_m', 'min_clearance_m']).executeTakeFirstOrThrow();
  const sections = await db.selectFrom('terminal_sections').select(['id', 'start_position_m', 'end_position_m', 'water_depth_m', 'berth_type']).where('terminal_id', '=', terminal.id).execute();
  const zones = await db.selectFrom('blocked_zones').select(['id', 'start_position_m', 'end_position_m', 'starts_at', 'ends_at']).where('terminal_id', '=', terminal.id).execute();
  const calls = await db
    .selectFrom('portcalls')
    .innerJoin('vessels', 'vessels.id', 'portcalls.vessel_id')
    .select(['portcalls.id', 'berth_arrival', 'berth_departure', 'berth_start_position', 'berth_end_position', 'draft_inbound', 'draft_outbound', 'vessels.max_draft_m'])
    .where('status', '!=', 'Cancelled')
    .where('portcalls.terminal_id', '=', terminal.id)
    .execute();
  const placed: TPlannedCall[] = calls
    .filter((c) => c.berth_start_position !== null && c.berth_end_position !== null)
    .map((c) => ({
      id: c.id,
      start: Number(c.berth_start_position),
      end: Number(c.berth_end_position),
      from: new Date(c.berth_arrival).getTime(),
      to: new Date(c.berth_departure).getTime(),
      draft: Math.max(Number(c.draft_inbound), Number(c.draft_outbound)) || Number(c.max_draft_m),
    }));
  const clashes = findPlanClashes(placed, {
    length: terminal.quay_length_m,
    clearance: terminal.min_clearance_m,
    sections: sections.map((s) => ({ id: s.id, start: s.start_position_m, end: s.end_position_m, depth: Number(s.water_depth_m), berthType: s.berth_type })),
    blockZones: zones.map((z) => ({ id: z.id, start: z.start_position_m, end: z.end_position_m, from: new Date(z.starts_at).getTime(), to: new Date(z.ends_at).getTime() })),
  });
  return { placed, clashes };
}
