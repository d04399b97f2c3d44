// Cargo moves per shift occurrence: the discharge, load and restow of every call's shift details that start in it.
import type { TPlannerPortcall, TShiftOccurrence } from '@quayline/domain';

export function shiftVolumes(shifts: readonly TShiftOccurrence[], calls: readonly TPlannerPortcall[]): number[] {
  const volumes = shifts.map(() => 0);
  if (shifts.length === 0) return volumes;
  const starts = shifts.map((s) => s.start);
  for (const call of calls) {
    for (const detail of call.portcall_shift_details) {
      const at = Date.parse(detail.start_time);
      // Binary search for the last shift starting at or before the detail.
      let lo = 0;
      let hi = starts.length - 1;
      if (at < starts[0]!) continue;
      while (lo < hi) {
        const mid = (lo + hi + 1) >> 1;
        if (starts[mid]! <= at) lo = mid;
        else hi = mid - 1;
      }
      if (at < shifts[lo]!.end) volumes[lo]! += detail.discharge + detail.load + detail.restow;
    }
  }
  return volumes;
}
