// The planner's port calls and quay in the shapes of the domain clash rules (packages/domain/src/berth-clashes.ts).
import type { TBlockedZone, TPlanQuay, TPlannedCall, TPlannerPortcall, TTerminalDetail } from '@quayline/domain';

/** A call that has a place on the quay. */
export type TPlacedCall = TPlannerPortcall & { berth_start_position: number; berth_end_position: number };

export const isPlaced = (c: TPlannerPortcall): c is TPlacedCall => c.berth_start_position !== null && c.berth_end_position !== null;

/** The deeper of the declared drafts, as the server's clash check uses them. */
export const draftOf = (c: TPlannerPortcall): number => Math.max(c.draft_inbound, c.draft_outbound);

export function toPlannedCall(c: TPlacedCall): TPlannedCall {
  return {
    id: c.id,
    start: Math.min(c.berth_start_position, c.berth_end_position),
    end: Math.max(c.berth_start_position, c.berth_end_position),
    from: Date.parse(c.berth_arrival),
    to: Date.parse(c.berth_departure),
    draft: draftOf(c),
  };
}

export function toPlanQuay(args: { terminal: TTerminalDetail; blockZones: readonly TBlockedZone[]; tideAt?: ((ms: number) => number) | undefined }): TPlanQuay {
  return {
    length: args.terminal.quay_length_m,
    clearance: args.terminal.min_clearance_m,
    sections: args.terminal.sections.map((s) => ({ id: s.id, start: s.start_position_m, end: s.end_position_m, depth: s.water_depth_m, berthType: s.berth_type })),
    blockZones: args.blockZones.map((z) => ({ id: z.id, start: z.start_position_m, end: z.end_position_m, from: Date.parse(z.starts_at), to: Date.parse(z.ends_at) })),
    ...(args.tideAt ? { tideAt: args.tideAt } : {}),
  };
}

/** Water level from the tide curve by linear interpolation; undefined without levels. */
export function tideModel(levels: readonly { time: string; height: number }[]): ((ms: number) => number) | undefined {
  if (levels.length === 0) return undefined;
  const times = levels.map((l) => Date.parse(l.time));
  const heights = levels.map((l) => l.height);
  return (ms: number) => {
    if (ms <= times[0]!) return heights[0]!;
    const lastIndex = times.length - 1;
    if (ms >= times[lastIndex]!) return heights[lastIndex]!;
    let lo = 0;
    let hi = lastIndex;
    while (hi - lo > 1) {
      const mid = (lo + hi) >> 1;
      if (times[mid]! <= ms) lo = mid;
      else hi = mid;
    }
    const f = (ms - times[lo]!) / (times[hi]! - times[lo]!);
    return heights[lo]! + f * (heights[hi]! - heights[lo]!);
  };
}
