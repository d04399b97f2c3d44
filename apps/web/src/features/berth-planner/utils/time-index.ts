// A time-bucketed index of planned calls, so a drag checks its clashes against the few calls near it in time.
import { berthRectanglesClash, clashesWithQuay, quayMetres, type TClash, type TPlanQuay, type TPlannedCall } from '@quayline/domain';

const BUCKET_MS = 6 * 3_600_000;

export type TTimeIndex = { buckets: Map<number, TPlannedCall[]>; size: number };

export function buildTimeIndex(calls: readonly TPlannedCall[]): TTimeIndex {
  const buckets = new Map<number, TPlannedCall[]>();
  for (const call of calls) {
    const first = Math.floor(call.from / BUCKET_MS);
    const last = Math.floor((call.to - 1) / BUCKET_MS);
    for (let b = first; b <= last; b++) {
      const list = buckets.get(b);
      if (list) list.push(call);
      else buckets.set(b, [call]);
    }
  }
  return { buckets, size: calls.length };
}

/** Calls whose time span overlaps [from, to), each once. */
export function callsNear(index: TTimeIndex, from: number, to: number): TPlannedCall[] {
  const seen = new Set<number>();
  const out: TPlannedCall[] = [];
  for (let b = Math.floor(from / BUCKET_MS); b <= Math.floor((to - 1) / BUCKET_MS); b++) {
    for (const call of index.buckets.get(b) ?? []) {
      if (seen.has(call.id) || call.to <= from || call.from >= to) continue;
      seen.add(call.id);
      out.push(call);
    }
  }
  return out;
}

const rect = (c: TPlannedCall) => ({ start: quayMetres(c.start), end: quayMetres(c.end), from: c.from, to: c.to });

/** Clashes of one call at a candidate place: against the quay and the indexed calls (itself excluded). */
export function clashesOfCandidate(candidate: TPlannedCall, index: TTimeIndex, quay: TPlanQuay): TClash[] {
  const out = clashesWithQuay(candidate, quay);
  const clearance = quayMetres(quay.clearance);
  for (const other of callsNear(index, candidate.from, candidate.to)) {
    if (other.id === candidate.id) continue;
    if (berthRectanglesClash(rect(candidate), rect(other), clearance)) {
      out.push({ kind: 'overlap', callIds: other.id < candidate.id ? [other.id, candidate.id] : [candidate.id, other.id] });
    }
  }
  return out;
}
