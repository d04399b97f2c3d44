// Snapping a dragged card: times to the grid step of their local day, positions to the nearest bollard.
import type { TPlannerDay } from './day-grid';

/** The grid instant nearest to ms: multiples of stepMinutes from the midnight of the local day ms falls in. */
export function snapTime(ms: number, days: readonly TPlannerDay[], stepMinutes: number): number {
  const step = Math.max(1, stepMinutes) * 60_000;
  const day = days.find((d) => d.start <= ms && ms < d.end) ?? (ms < (days[0]?.start ?? 0) ? days[0] : days.at(-1));
  if (!day) return Math.round(ms / step) * step;
  const snapped = day.start + Math.round((ms - day.start) / step) * step;
  // The last step of a day may be shorter (a 25-hour day with 2-hour steps): the next midnight is a grid line too.
  return Math.abs(day.end - ms) < Math.abs(snapped - ms) ? day.end : snapped;
}

/** The bollard mark nearest to a metre; without bollards, the whole metre. */
export function snapToBollard(metre: number, bollardPositions: readonly number[]): number {
  let best: number | null = null;
  for (const p of bollardPositions) if (best === null || Math.abs(p - metre) < Math.abs(best - metre)) best = p;
  return best ?? Math.round(metre);
}

/** Moves a span so its start lies on a bollard, keeping its length and staying on the quay. */
export function snapSpan(start: number, length: number, bollardPositions: readonly number[], quayLength: number): { start: number; end: number } {
  const snapped = snapToBollard(start, bollardPositions);
  const clamped = Math.min(Math.max(0, snapped), Math.max(0, quayLength - length));
  return { start: clamped, end: clamped + length };
}

/** The next bollard beyond a metre in a direction (arrow keys); without one, a step of `fallback` metres. */
export function nextBollard(metre: number, direction: 1 | -1, bollardPositions: readonly number[], fallback: number): number {
  const sorted = [...bollardPositions].sort((a, b) => a - b);
  const next = direction > 0 ? sorted.find((p) => p > metre + 0.001) : sorted.findLast((p) => p < metre - 0.001);
  return next ?? metre + direction * fallback;
}
