// Cargo-operation progress of a call from its volumes: planned (cargo details) against done (shifts that have ended).
import { cargoTotal } from './cargo-figures';

export type TCargoVolume = { discharge: number; load: number; restow: number };
/** A shift card: its planned moves, and the moves actually worked once the foreman recorded them. */
export type TShiftVolume = TCargoVolume & { start_time: string; end_time: string; actual_moves?: number | null | undefined };

export type TCargoProgress = {
  total_volume: number;
  actual_volume: number;
  remaining_volume: number;
  /** actual / total in percent, one decimal; 0 for a call without planned volume. */
  cargo_progress_percentage: number;
  /** Moves per hour over the ended shifts; null before the first shift has ended. */
  actual_rate_per_hour: number | null;
  /** When the remaining volume is done at the actual rate; null without a rate. */
  projected_end: string | null;
};

const HOUR_MS = 3_600_000;

/**
 * Planned volume is the sum of the cargo lines (discharge + load + restow); a call whose cargo lines carry none but
 * whose shift plan does is measured against the shift plan, so a call planned only on the shift board shows progress.
 * A shift's volume counts as done once the shift has ended (its recorded actual moves, else its planned volume): shift plans carry no running counter, so a shift in
 * progress adds nothing yet (progress moves in steps, never ahead of what is known). Done never exceeds planned.
 * The rate is the done volume over the time from the start of cargo operations (else the first shift's start) to
 * the end of the last ended shift; the projection continues at that rate from there.
 */
export function computeCargoProgress(args: { cargoDetails: readonly TCargoVolume[]; shifts: readonly TShiftVolume[]; cargoOperationsStart: string | null; now: Date }): TCargoProgress {
  const cargoVolume = args.cargoDetails.reduce((sum, c) => sum + cargoTotal(c), 0);
  const total = cargoVolume > 0 ? cargoVolume : args.shifts.reduce((sum, s) => sum + cargoTotal(s), 0);
  const nowMs = args.now.getTime();
  const ended = args.shifts.filter((s) => Date.parse(s.end_time) <= nowMs);
  const done = Math.min(
    total,
    ended.reduce((sum, s) => sum + (s.actual_moves ?? cargoTotal(s)), 0),
  );
  const remaining = Math.max(0, total - done);
  const percentage = total > 0 ? Math.round((done / total) * 1000) / 10 : 0;
  if (ended.length === 0 || done <= 0) return { total_volume: total, actual_volume: done, remaining_volume: remaining, cargo_progress_percentage: percentage, actual_rate_per_hour: null, projected_end: null };
  const firstStart = Math.min(...args.shifts.map((s) => Date.parse(s.start_time)));
  const startMs = args.cargoOperationsStart ? Date.parse(args.cargoOperationsStart) : firstStart;
  const lastEnd = Math.max(...ended.map((s) => Date.parse(s.end_time)));
  const hours = (lastEnd - startMs) / HOUR_MS;
  if (hours <= 0) return { total_volume: total, actual_volume: done, remaining_volume: remaining, cargo_progress_percentage: percentage, actual_rate_per_hour: null, projected_end: null };
  const rate = done / hours;
  return {
    total_volume: total,
    actual_volume: done,
    remaining_volume: remaining,
    cargo_progress_percentage: percentage,
    actual_rate_per_hour: Math.round(rate * 10) / 10,
    projected_end: new Date(lastEnd + Math.round((remaining / rate) * HOUR_MS)).toISOString(),
  };
}
