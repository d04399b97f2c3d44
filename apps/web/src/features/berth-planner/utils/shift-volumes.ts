// Cargo moves per shift occurrence: the discharge, load and restow of every call's shift details, each counted in the
// shift that holds its midpoint — the domain's shiftIndexOf, so the overlay and the shift planner count the same.
import { shiftIndexOf, type TPlannerPortcall, type TShiftOccurrence } from '@quayline/domain';

export function shiftVolumes(shifts: readonly TShiftOccurrence[], calls: readonly Pick<TPlannerPortcall, 'portcall_shift_details'>[]): number[] {
  const volumes = shifts.map(() => 0);
  if (shifts.length === 0) return volumes;
  const columns = shifts.map((s) => ({ start_time: new Date(s.start).toISOString(), end_time: new Date(s.end).toISOString() }));
  for (const call of calls) {
    for (const detail of call.portcall_shift_details) {
      // A projection without end_time counts the card where it starts (the same column for a card inside one shift).
      const i = shiftIndexOf(columns, { start_time: detail.start_time, end_time: detail.end_time ?? detail.start_time });
      if (i >= 0) volumes[i]! += detail.discharge + detail.load + detail.restow;
    }
  }
  return volumes;
}
