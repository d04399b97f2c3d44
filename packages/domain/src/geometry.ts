// Quay geometry: bollard <-> metre conversion, sections, quay bounds and the clash test of berth rectangles.
// Positions are metres from the quay origin, branded so they cannot be mixed with screen pixels.

declare const quayMetresBrand: unique symbol;
/** A position or length along the quay, in metres from the quay origin. */
export type QuayMetres = number & { readonly [quayMetresBrand]: 'QuayMetres' };

/** Marks a plain number (from the API or the database) as quay metres. */
export function quayMetres(value: number): QuayMetres {
  return value as QuayMetres;
}

/** An instant as the API and the database carry it: a Date, an ISO string or epoch milliseconds. */
export type TInstant = Date | string | number;

export type TBollardLike = { id: number; position_m: number };
export type TSectionLike = { start_position_m: number; end_position_m: number };

/** One port call (or block zone) on the planner: quay span [start, end] x time span [from, to). */
export type TBerthRectangle = { start: QuayMetres; end: QuayMetres; from: TInstant; to: TInstant };

function byPosition<B extends TBollardLike>(bollards: readonly B[]): B[] {
  return [...bollards].sort((a, b) => a.position_m - b.position_m || a.id - b.id);
}

/** The metre mark of a bollard, or null when the terminal has no such bollard. */
export function bollardToMetre(bollards: readonly TBollardLike[], bollardId: number): QuayMetres | null {
  const bollard = bollards.find((b) => b.id === bollardId);
  return bollard ? quayMetres(bollard.position_m) : null;
}

/** The bollard closest to a metre mark; on a tie the one nearer the quay origin. Null without bollards. */
export function nearestBollard<B extends TBollardLike>(bollards: readonly B[], metre: QuayMetres): B | null {
  let best: B | null = null;
  for (const b of byPosition(bollards)) {
    if (best === null || Math.abs(b.position_m - metre) < Math.abs(best.position_m - metre)) best = b;
  }
  return best;
}

/**
 * The first and last bollard of a berth [start, end]: the last bollard at or before `start` and the first
 * at or after `end`, so the lines of a vessel lying there go to bollards that span its whole length.
 * Where the berth reaches past the outermost bollard, that outermost bollard is used. Null without bollards.
 */
export function bollardsCovering<B extends TBollardLike>(bollards: readonly B[], start: QuayMetres, end: QuayMetres): { first: B; last: B } | null {
  const sorted = byPosition(bollards);
  const lowest = sorted[0];
  const highest = sorted.at(-1);
  if (!lowest || !highest) return null;
  const [from, to] = start <= end ? [start, end] : [end, start];
  const first = sorted.findLast((b) => b.position_m <= from) ?? lowest;
  const last = sorted.find((b) => b.position_m >= to) ?? highest;
  return { first, last };
}

/**
 * The section that holds a metre mark. Sections are half-open [start, end), so a mark on a boundary
 * belongs to the section that starts there; the quay end itself belongs to the last section.
 */
export function sectionAt<S extends TSectionLike>(sections: readonly S[], metre: QuayMetres): S | null {
  const inside = sections.find((s) => s.start_position_m <= metre && metre < s.end_position_m);
  if (inside) return inside;
  return sections.find((s) => s.end_position_m === metre) ?? null;
}

/** True when the mark (or the span [start, end]) lies on the quay: 0 <= start <= end <= quay length. */
export function isInsideQuay(quayLength: QuayMetres, start: QuayMetres, end: QuayMetres = start): boolean {
  return Number.isFinite(start) && Number.isFinite(end) && start >= 0 && start <= end && end <= quayLength;
}

/** True when two half-open intervals [aStart, aEnd) and [bStart, bEnd) share some length. */
export function intervalsOverlap(aStart: number, aEnd: number, bStart: number, bEnd: number): boolean {
  return aStart < bEnd && bStart < aEnd;
}

export function toEpochMs(instant: TInstant): number {
  if (typeof instant === 'number') return instant;
  if (instant instanceof Date) return instant.getTime();
  return Date.parse(instant);
}

/**
 * True when two berth rectangles are in each other's way: their times overlap and, along the quay, they are
 * closer than `clearanceMetres` (the gap the terminal keeps between vessels). Touching in time (one leaves as
 * the other arrives) is no clash; a gap of exactly the clearance is no clash.
 */
export function berthRectanglesClash(a: TBerthRectangle, b: TBerthRectangle, clearanceMetres: QuayMetres): boolean {
  const clearance = Math.max(0, clearanceMetres);
  if (!intervalsOverlap(toEpochMs(a.from), toEpochMs(a.to), toEpochMs(b.from), toEpochMs(b.to))) return false;
  const [aStart, aEnd] = a.start <= a.end ? [a.start, a.end] : [a.end, a.start];
  const [bStart, bEnd] = b.start <= b.end ? [b.start, b.end] : [b.end, b.start];
  return aStart < bEnd + clearance && bStart < aEnd + clearance;
}
