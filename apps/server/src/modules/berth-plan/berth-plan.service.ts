// The live berth plan of a terminal as the clash checker sees it, and its clashes.
import { type TClash, findPlanClashes } from '@quayline/domain';
import type { AppContext } from '../../app-context';
import { AppError } from '../../lib/app-error';
import type { AuthSession } from '../auth/auth.service';
import { terminalIdsOf } from '../portcalls/portcall.service';
import { terminalTideModel } from '../tides/tide.service';

export async function findTerminalClashes(ctx: AppContext, session: AuthSession, args: { terminal_id: number; from: string; to: string }): Promise<{ clashes: TClash[]; checked_calls: number; unplaced_calls: number }> {
  if (!(await terminalIdsOf(ctx, session.user)).includes(args.terminal_id)) throw new AppError('NOT_FOUND', { message: 'No such terminal.' });
  const from = new Date(args.from);
  const to = new Date(args.to);
  const terminal = await ctx.db.selectFrom('terminals').select(['quay_length_m', 'min_clearance_m']).where('id', '=', args.terminal_id).executeTakeFirstOrThrow();
  const [sections, zones, calls] = await Promise.all([
    ctx.db.selectFrom('terminal_sections').select(['id', 'start_position_m', 'end_position_m', 'water_depth_m', 'berth_type']).where('terminal_id', '=', args.terminal_id).execute(),
    ctx.db.selectFrom('blocked_zones').select(['id', 'start_position_m', 'end_position_m', 'starts_at', 'ends_at']).where('terminal_id', '=', args.terminal_id).where('starts_at', '<', to).where('ends_at', '>', from).execute(),
    ctx.db
      .selectFrom('portcalls')
      .innerJoin('vessels', 'vessels.id', 'portcalls.vessel_id')
      .select(['portcalls.id', 'portcalls.berth_start_position', 'portcalls.berth_end_position', 'portcalls.berth_arrival', 'portcalls.berth_departure', 'portcalls.draft_inbound', 'portcalls.draft_outbound', 'vessels.max_draft_m'])
      .where('portcalls.terminal_id', '=', args.terminal_id)
      .where('portcalls.status', '!=', 'Cancelled')
      .where('portcalls.berth_arrival', '<', to)
      .where('portcalls.berth_departure', '>', from)
      .execute(),
  ]);
  const tide = await terminalTideModel(ctx, args.terminal_id);
  const placed = calls.filter((c) => c.berth_start_position !== null && c.berth_end_position !== null);
  const clashes = findPlanClashes(
    placed.map((c) => ({
      id: c.id,
      start: Number(c.berth_start_position),
      end: Number(c.berth_end_position),
      from: new Date(c.berth_arrival).getTime(),
      to: new Date(c.berth_departure).getTime(),
      // The deeper of the declared drafts; without one, the vessel's maximum.
      draft: Math.max(Number(c.draft_inbound), Number(c.draft_outbound)) || Number(c.max_draft_m),
    })),
    {
      length: terminal.quay_length_m,
      clearance: terminal.min_clearance_m,
      sections: sections.map((s) => ({ id: s.id, start: s.start_position_m, end: s.end_position_m, depth: Number(s.water_depth_m), berthType: s.berth_type })),
      blockZones: zones.map((z) => ({ id: z.id, start: z.start_position_m, end: z.end_position_m, from: new Date(z.starts_at).getTime(), to: new Date(z.ends_at).getTime() })),
      ...(tide ? { tideAt: tide.heightAt } : {}),
    },
  );
  return { clashes, checked_calls: placed.length, unplaced_calls: calls.length - placed.length };
}
