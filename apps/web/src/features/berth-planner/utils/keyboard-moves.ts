// Arrow keys on the selected card: one time step along time, the next bollard along the quay; Shift for fine steps,
// Alt to change the departure. The arrows follow the screen, so they swap meaning with the axes.
import type { TPlannedCall } from '@quayline/domain';
import { FINE_STEP_METRES, FINE_STEP_MINUTES } from './planner-constants';
import { nextBollard } from './snapping';

export type TKeyMove = { key: string; isShift: boolean; isAlt: boolean };

export function keyboardPlace(origin: TPlannedCall, move: TKeyMove, o: { isSwitched: boolean; stepMinutes: number; stepMetres: number; bollardPositions: readonly number[]; quayLength: number }): TPlannedCall | null {
  const arrows: Record<string, { axis: 'x' | 'y'; sign: 1 | -1 }> = { ArrowLeft: { axis: 'x', sign: -1 }, ArrowRight: { axis: 'x', sign: 1 }, ArrowUp: { axis: 'y', sign: -1 }, ArrowDown: { axis: 'y', sign: 1 } };
  const arrow = arrows[move.key];
  if (!arrow) return null;
  const isTime = (arrow.axis === 'x') !== o.isSwitched;
  if (isTime) {
    const ms = (move.isShift ? FINE_STEP_MINUTES : o.stepMinutes) * 60_000 * arrow.sign;
    if (move.isAlt) return { ...origin, to: Math.max(origin.from + FINE_STEP_MINUTES * 60_000, origin.to + ms) };
    return { ...origin, from: origin.from + ms, to: origin.to + ms };
  }
  const length = origin.end - origin.start;
  const start = move.isShift ? origin.start + FINE_STEP_METRES * arrow.sign : nextBollard(origin.start, arrow.sign, o.bollardPositions, o.stepMetres);
  const clamped = Math.min(Math.max(0, start), Math.max(0, o.quayLength - length));
  return { ...origin, start: clamped, end: clamped + length };
}
