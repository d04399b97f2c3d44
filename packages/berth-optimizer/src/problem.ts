// The instance compiled for the solvers: indices instead of ids, handling hours per vessel and berth, the free
// time of each berth, tidal windows, and the "earliest feasible start" queries every solver builds on.
import type { TInstance, TPlan, TSection, TVessel, TWeights, TWindow } from './model';
import { readyTime } from './model';
import { Occupancy } from './occupancy';
import { handlingHours, sectionSpan } from './places';
import { TideOracle } from './tide';

/** Where a vessel lies: a berth index (discrete quay) or the metre of its lower end (continuous quay). */
export type TPlacement = { place: number; start: number; end: number };

type TSpanInfo = { sections: readonly TSection[]; isBerth: boolean; open: readonly TWindow[]; depth: number | null; slowest: number };

/** The first start s >= from with [s, s + duration] inside one of the sorted windows; Infinity when none. */
export function nextInWindows(windows: readonly TWindow[], from: number, duration: number): number {
  let lo = 0;
  let hi = windows.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (windows[mid]![1] < from + duration) lo = mid + 1;
    else hi = mid;
  }
  for (let i = lo; i < windows.length; i++) {
    const [a, b] = windows[i]!;
    const s = Math.max(a, from);
    if (s + duration <= b) return s;
  }
  return Infinity;
}

function intersectWindows(a: readonly TWindow[], b: readonly TWindow[]): TWindow[] {
  const out: TWindow[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length && j < b.length) {
    const lo = Math.max(a[i]![0], b[j]![0]);
    const hi = Math.min(a[i]![1], b[j]![1]);
    if (lo <= hi) out.push([lo, hi]);
    if (a[i]![1] < b[j]![1]) i++;
    else j++;
  }
  return out;
}

/** Windows minus busy intervals (which may overlap each other). */
function subtractIntervals(windows: readonly TWindow[], busy: readonly TWindow[]): TWindow[] {
  const sorted = [...busy].sort((x, y) => x[0] - y[0]);
  const out: TWindow[] = [];
  for (const [a, b] of windows) {
    let cursor = a;
    for (const [s, e] of sorted) {
      if (e <= cursor || s >= b) continue;
      if (s > cursor) out.push([cursor, s]);
      cursor = Math.max(cursor, e);
    }
    if (cursor < b) out.push([cursor, b]);
  }
  return out;
}

export class Problem {
  readonly instance: TInstance;
  readonly weights: TWeights;
  readonly vessels: readonly TVessel[];
  readonly n: number;
  readonly ready: Float64Array;
  readonly isFixed: readonly boolean[];
  /** Indices of the vessels the solvers may move, in instance order. */
  readonly movable: readonly number[];
  readonly tide: TideOracle;
  readonly isDiscrete: boolean;
  /** Number of berths (discrete quay); 0 on a continuous quay. */
  readonly berthCount: number;
  /** Handling hours of vessel i at berth k at index i * berthCount + k; Infinity where the berth cannot take it. */
  readonly berthHours: Float64Array;
  /** Water a vessel needs above datum at berth k: draft + under-keel clearance - depth; -Infinity without a depth. */
  private readonly berthNeed: Float64Array;
  /** Per berth, the times it is open and free of block zones and fixed calls. */
  readonly berthFree: readonly (readonly TWindow[])[];
  private readonly spanCache = new Map<number, TSpanInfo>();

  constructor(instance: TInstance, weights: TWeights = instance.weights) {
    this.instance = instance;
    this.weights = weights;
    this.vessels = instance.vessels;
    this.n = instance.vessels.length;
    this.ready = Float64Array.from(instance.vessels, readyTime);
    this.isFixed = instance.vessels.map((v) => v.fixed !== null);
    this.movable = instance.vessels.flatMap((v, i) => (v.fixed ? [] : [i]));
    this.tide = new TideOracle(instance.tide);
    const { quay } = instance;
    this.isDiscrete = quay.kind === 'discrete';
    if (quay.kind === 'discrete') {
      const B = quay.berths.length;
      this.berthCount = B;
      this.berthHours = new Float64Array(this.n * B);
      this.berthNeed = new Float64Array(this.n * B);
      instance.vessels.forEach((v, i) => {
        quay.berths.forEach((berth, k) => {
          const fits = berth.length === null || v.length <= berth.length;
          this.berthHours[i * B + k] = fits ? handlingHours(v.handling, [berth]) : Infinity;
          this.berthNeed[i * B + k] = berth.depth === null ? -Infinity : v.draft + quay.underKeelClearance - berth.depth;
        });
      });
      this.berthFree = quay.berths.map((berth) => {
        const busy: TWindow[] = [];
        for (const z of instance.blockZones) if ('berth' in z.where && z.where.berth === berth.id) busy.push([z.start, z.end]);
        for (const v of instance.vessels) if (v.fixed && v.fixed.berth === berth.id) busy.push([v.fixed.start, v.fixed.end]);
        return subtractIntervals(berth.open, busy);
      });
    } else {
      this.berthCount = 0;
      this.berthHours = new Float64Array(0);
      this.berthNeed = new Float64Array(0);
      this.berthFree = [];
    }
  }

  berthId(k: number): string {
    return this.instance.quay.kind === 'discrete' ? this.instance.quay.berths[k]!.id : '';
  }

  /** The objective contribution of vessel i at place/start/end (same formula as objective.ts, without allocating). */
  cost(i: number, place: number, start: number, end: number): number {
    const v = this.vessels[i]!;
    const w = this.weights;
    let c = w.waiting * Math.max(0, start - v.arrival) + w.handling * (end - start);
    if (v.requestedStart !== null) c += w.requestedTime * Math.abs(start - v.requestedStart);
    if (v.latestDeparture !== null && end > v.latestDeparture) c += w.lateness * (end - v.latestDeparture);
    if (this.isDiscrete) {
      if (v.preferredBerth !== null && this.berthId(place) !== v.preferredBerth) c += w.preferredBerth;
    } else if (v.preferredPosition !== null) c += w.positionPerMetre * Math.abs(place - v.preferredPosition);
    return v.weight * c;
  }

  unassignedCost(i: number): number {
    return this.weights.unassigned * this.vessels[i]!.weight;
  }

  /**
   * Earliest start >= from of vessel i at berth k that respects the berth's availability, block zones, fixed
   * calls and the tide (not the other movable vessels); Infinity when there is none.
   */
  earliestAtBerth(i: number, k: number, from: number): number {
    const p = this.berthHours[i * this.berthCount + k]!;
    if (!Number.isFinite(p)) return Infinity;
    const need = this.berthNeed[i * this.berthCount + k]!;
    const free = this.berthFree[k]!;
    let s = from;
    for (let guard = 0; guard < 10_000; guard++) {
      s = nextInWindows(free, s, p);
      if (!Number.isFinite(s) || need === -Infinity) return s;
      const t = this.tide.earliestStart(need, s, p);
      if (t === s || !Number.isFinite(t)) return t;
      s = t;
    }
    return Infinity;
  }

  /** Sections and their combined rules for a span of quay (continuous quay), cached by section range. */
  span(from: number, to: number): TSpanInfo | null {
    const quay = this.instance.quay;
    if (quay.kind !== 'continuous') return null;
    const range = sectionSpan(quay, from, to);
    if (!range) return null;
    const key = range[0] * 4096 + range[1];
    let info = this.spanCache.get(key);
    if (!info) {
      const sections = quay.sections.slice(range[0], range[1] + 1);
      let open: readonly TWindow[] = sections[0]!.open;
      for (const s of sections.slice(1)) open = intersectWindows(open, s.open);
      const depths = sections.flatMap((s) => (s.depth === null ? [] : [s.depth]));
      info = { sections, isBerth: sections.every((s) => s.isBerth), open, depth: depths.length ? Math.min(...depths) : null, slowest: Math.min(...sections.map((s) => s.productivity)) };
      this.spanCache.set(key, info);
    }
    return info;
  }

  /**
   * The latest start worth looking at for vessel i with `hours` of handling when a placement costing
   * `costBound` is already known (every other term is at least zero), or `startBound` when that is earlier.
   */
  private latestUseful(i: number, hours: number, costBound: number, startBound: number): number {
    if (!Number.isFinite(costBound)) return startBound;
    const v = this.vessels[i]!;
    const rate = v.weight * this.weights.waiting;
    if (rate <= 0) return startBound;
    return Math.min(startBound, v.arrival + (costBound - v.weight * this.weights.handling * hours) / rate + 1e-9);
  }

  /**
   * Earliest placement of vessel i with its lower end at `position` (continuous quay), starting at or after
   * `from`, clear of everything in `occupancy`; null when it cannot lie there, or not before `startBound`, or
   * not for less than `costBound`.
   */
  earliestAtPosition(i: number, position: number, from: number, occupancy: Occupancy, costBound = Infinity, startBound = Infinity): TPlacement | null {
    const quay = this.instance.quay;
    if (quay.kind !== 'continuous') return null;
    const v = this.vessels[i]!;
    const to = position + v.length;
    const info = this.span(position, to);
    if (!info || !info.isBerth) return null;
    const h = v.handling;
    const p = h.kind === 'hours' ? h.hours : h.kind === 'work' ? h.nominalHours / info.slowest : handlingHours(h, info.sections);
    if (!Number.isFinite(p)) return null;
    const need = info.depth === null ? -Infinity : v.draft + quay.underKeelClearance - info.depth;
    const latest = this.latestUseful(i, p, costBound, startBound);
    let s = from;
    for (let guard = 0; guard < 100_000 && s <= latest; guard++) {
      const open = nextInWindows(info.open, s, p);
      if (!Number.isFinite(open)) return null;
      if (open !== s) {
        s = open;
        continue;
      }
      if (need !== -Infinity) {
        const t = this.tide.earliestStart(need, s, p);
        if (!Number.isFinite(t)) return null;
        if (t !== s) {
          s = t;
          continue;
        }
      }
      const until = occupancy.blockedUntil(position, to, s, s + p);
      if (until === -Infinity) return { place: position, start: s, end: s + p };
      s = until;
    }
    return null;
  }

  /** Earliest placement of vessel i at berth k at or after `from`, clear of the vessels in `occupancy` (bounds as above). */
  earliestAtBerthAmong(i: number, k: number, from: number, occupancy: Occupancy, costBound = Infinity, startBound = Infinity): TPlacement | null {
    const p = this.berthHours[i * this.berthCount + k]!;
    const latest = this.latestUseful(i, p, costBound, startBound);
    let s = from;
    for (let guard = 0; guard < 100_000 && s <= latest; guard++) {
      s = this.earliestAtBerth(i, k, s);
      if (!Number.isFinite(s)) return null;
      const until = occupancy.blockedUntil(k, k + 1, s, s + p);
      if (until === -Infinity) return { place: k, start: s, end: s + p };
      s = until;
    }
    return null;
  }

  /** An occupancy index holding the block zones and fixed calls (continuous quay: positions; discrete: berth indices). */
  staticOccupancy(): Occupancy {
    const quay = this.instance.quay;
    const occupancy = quay.kind === 'continuous' ? new Occupancy(quay.clearance, Math.max(150, quay.length / 12)) : new Occupancy(0, 1);
    if (quay.kind === 'continuous') {
      for (const z of this.instance.blockZones) if ('from' in z.where) occupancy.add(z.where.from, z.where.to, z.start, z.end, false);
      for (const v of this.vessels) if (v.fixed && v.fixed.position !== null) occupancy.add(v.fixed.position, v.fixed.position + v.length, v.fixed.start, v.fixed.end, true);
    }
    // On a discrete quay block zones and fixed calls are already cut out of berthFree.
    return occupancy;
  }

  /** The plan of placements (index = vessel; null = unassigned); fixed calls are taken from the instance. */
  toPlan(placements: readonly (TPlacement | null)[]): TPlan {
    const calls: TPlan['calls'][number][] = [];
    const unassigned: string[] = [];
    this.vessels.forEach((v, i) => {
      if (v.fixed) {
        calls.push({ vesselId: v.id, berth: v.fixed.berth, position: v.fixed.position, start: v.fixed.start, end: v.fixed.end });
        return;
      }
      const p = placements[i];
      if (!p) unassigned.push(v.id);
      else if (this.isDiscrete) calls.push({ vesselId: v.id, berth: this.berthId(p.place), position: null, start: p.start, end: p.end });
      else calls.push({ vesselId: v.id, berth: null, position: p.place, start: p.start, end: p.end });
    });
    calls.sort((a, b) => a.start - b.start || (a.vesselId < b.vesselId ? -1 : 1));
    return { calls, unassigned };
  }

  /** The movable vessels' placements in a given plan (a warm start); unknown berths and missing vessels are unplaced. */
  fromPlan(plan: TPlan): (TPlacement | null)[] {
    const byId = new Map(plan.calls.map((c) => [c.vesselId, c]));
    return this.vessels.map((v) => {
      const call = v.fixed ? undefined : byId.get(v.id);
      if (!call) return null;
      if (!this.isDiscrete) return call.position === null ? null : { place: call.position, start: call.start, end: call.end };
      for (let k = 0; k < this.berthCount; k++) if (this.berthId(k) === call.berth) return { place: k, start: call.start, end: call.end };
      return null;
    });
  }

  /** Objective of a set of placements, computed with the solvers' cost formula. */
  totalCost(placements: readonly (TPlacement | null)[]): number {
    let total = 0;
    for (const i of this.movable) {
      const p = placements[i];
      total += p ? this.cost(i, p.place, p.start, p.end) : this.unassignedCost(i);
    }
    return total;
  }
}
