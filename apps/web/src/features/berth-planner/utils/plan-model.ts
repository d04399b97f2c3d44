// The planner's port calls and quay in the shapes of the domain clash rules (packages/domain/src/berth-clashes.ts).
import { plannedCallOf, type TPlannedCall, type TPlannerPortcall } from '@quayline/domain';

/** A call that has a place on the quay. */
export type TPlacedCall = TPlannerPortcall & { berth_start_position: number; berth_end_position: number };

export const isPlaced = (c: TPlannerPortcall): c is TPlacedCall => c.berth_start_position !== null && c.berth_end_position !== null;

/** A placed call as the domain clash rules read it: the same rule (and draft) as the server's alerts. */
export const toPlannedCall = (c: TPlacedCall): TPlannedCall => plannedCallOf(c)!;

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
