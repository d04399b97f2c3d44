// Where the demo port calls lie along the quay, judged by the planner's own clash rules (berth-clashes.ts):
// calls alongside first, then the liner calls, then the others in arrival order, each at the first free stretch that fits, moved a few
// hours in time when nothing fits, as a terminal would keep a vessel at anchor.
import { type TPlanQuay, type TPlannedCall, berthRectanglesClash, clashesWithQuay, quayMetres } from '@quayline/domain';

const H = 3600_000;

export type TSeedCallToPlace = {
  id: number;
  length: number;
  draft: number;
  from: number;
  to: number;
  isAlongside: boolean;
  /** Left off the quay on purpose, so the planner's unassigned list has something to show. */
  isLeftUnplaced: boolean;
  /** A liner call keeps its service's slot: placed before the tramps, which take what room is left. */
  isLiner?: boolean;
  /** Whether moving the call by this many milliseconds still tells a believable story (actual times stay past, ...). */
  canShift: (shiftMs: number) => boolean;
};

export type TSeedPlacement = { start: number; end: number; shiftMs: number };

/** How far in time a call may move to find room, tried nearest first: 0, +1 h, -1 h, +2 h, ... */
export const MAX_SHIFT_HOURS = 72;

function overlapsInTime(a: { from: number; to: number }, b: { from: number; to: number }): boolean {
  return a.from < b.to && b.from < a.to;
}

/**
 * The first stretch of quay where a call fits in its time window, or null. Only the quay origin, section starts and
 * the far ends (plus clearance) of what the call meets in time can be the first free metre, so only those are tried.
 */
export function firstFreeStretch(call: Omit<TPlannedCall, 'start' | 'end'> & { length: number }, quay: TPlanQuay, placed: readonly TPlannedCall[]): { start: number; end: number } | null {
  const met = placed.filter((p) => overlapsInTime(p, call));
  const zones = quay.blockZones.filter((z) => overlapsInTime(z, call));
  const candidates = [...new Set([0, ...quay.sections.map((s) => s.start), ...met.map((p) => Math.ceil(p.end + quay.clearance)), ...zones.map((z) => Math.ceil(z.end))])].sort((a, b) => a - b);
  const clearance = quayMetres(quay.clearance);
  for (const start of candidates) {
    const end = start + Math.ceil(call.length);
    const candidate: TPlannedCall = { id: call.id, start, end, from: call.from, to: call.to, draft: call.draft };
    if (clashesWithQuay(candidate, quay).length > 0) continue;
    const rect = { start: quayMetres(start), end: quayMetres(end), from: call.from, to: call.to };
    if (met.some((p) => berthRectanglesClash(rect, { start: quayMetres(p.start), end: quayMetres(p.end), from: p.from, to: p.to }, clearance))) continue;
    return { start, end };
  }
  return null;
}

function* shiftsNearestFirst(): Generator<number> {
  yield 0;
  for (let h = 1; h <= MAX_SHIFT_HOURS; h++) {
    yield h * H;
    yield -h * H;
  }
}

/** Places every call it can; the map holds the placed ones by id. Deterministic for the same input. */
export function placeDemoCalls(calls: readonly TSeedCallToPlace[], quay: TPlanQuay): Map<number, TSeedPlacement> {
  const order = [...calls].filter((c) => !c.isLeftUnplaced).sort((a, b) => Number(b.isAlongside) - Number(a.isAlongside) || Number(b.isLiner ?? false) - Number(a.isLiner ?? false) || a.from - b.from || a.id - b.id);
  const placed: TPlannedCall[] = [];
  const out = new Map<number, TSeedPlacement>();
  for (const call of order) {
    for (const shiftMs of shiftsNearestFirst()) {
      if (!call.canShift(shiftMs)) continue;
      const window = { id: call.id, length: call.length, draft: call.draft, from: call.from + shiftMs, to: call.to + shiftMs };
      const stretch = firstFreeStretch(window, quay, placed);
      if (!stretch) continue;
      placed.push({ id: call.id, draft: call.draft, from: window.from, to: window.to, ...stretch });
      out.set(call.id, { ...stretch, shiftMs });
      break;
    }
  }
  return out;
}
