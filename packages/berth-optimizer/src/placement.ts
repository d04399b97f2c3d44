// Placing one vessel into a partial plan: the candidate berths or positions and the best of them by a rule
// (cheapest for the objective, or earliest as a planner does by hand). FCFS, the constructive start and the
// continuous-quay search all place vessels this way.
import type { Occupancy } from './occupancy';
import type { Problem, TPlacement } from './problem';
import { shortestHours } from './search-common';

export type TRule = 'cheapest' | 'earliest';

/** Candidate lower-end positions of vessel i on a continuous quay: quay ends, section edges, preferred position and the edges of whatever is alongside during [t0, t1). */
function candidatePositions(problem: Problem, occupancy: Occupancy, i: number, t0: number, t1: number, into: number[], withLowSides: boolean): void {
  const quay = problem.instance.quay;
  if (quay.kind !== 'continuous') return;
  const v = problem.vessels[i]!;
  const L = v.length;
  const maxX = quay.length - L;
  if (maxX < 0) return;
  into.push(0, maxX);
  for (const s of quay.sections) {
    if (s.from <= maxX) into.push(s.from);
    if (s.to - L >= 0 && s.to - L <= maxX) into.push(s.to - L);
  }
  if (v.preferredPosition !== null) into.push(Math.min(Math.max(v.preferredPosition, 0), maxX));
  occupancy.pushEdges(t0, t1, L, maxX, into, withLowSides);
}

function better(problem: Problem, rule: TRule, i: number, a: TPlacement, costA: number, b: TPlacement | null, costB: number): boolean {
  if (!b) return true;
  if (rule === 'cheapest') {
    if (costA < costB - 1e-9) return true;
    if (costA > costB + 1e-9) return false;
  }
  if (a.start < b.start - 1e-9) return true;
  if (a.start > b.start + 1e-9) return false;
  if (rule === 'earliest') {
    const pref = problem.vessels[i]!.preferredPosition;
    if (!problem.isDiscrete && pref !== null) return Math.abs(a.place - pref) < Math.abs(b.place - pref);
  }
  return a.place < b.place;
}

export type TBest = { placement: TPlacement; cost: number };

type TChoice = { placement: TPlacement | null; cost: number };

function consider(problem: Problem, rule: TRule, i: number, p: TPlacement | null, choice: TChoice): void {
  if (!p) return;
  const c = problem.cost(i, p.place, p.start, p.end);
  if (!choice.placement && c >= choice.cost) return;
  if (better(problem, rule, i, p, c, choice.placement, choice.cost)) {
    choice.placement = p;
    choice.cost = c;
  }
}

function sortedHas(sorted: Float64Array, x: number): boolean {
  let a = 0;
  let b = sorted.length;
  while (a < b) {
    const mid = (a + b) >> 1;
    if (sorted[mid]! < x) a = mid + 1;
    else b = mid;
  }
  return a < sorted.length && sorted[a] === x;
}

/** Search bounds from the best so far: candidates that cannot beat it are dropped early. */
const costBound = (rule: TRule, choice: TChoice) => (rule === 'cheapest' ? choice.cost + 1e-9 : Infinity);
const startBound = (rule: TRule, choice: TChoice) => (rule === 'earliest' && choice.placement ? choice.placement.start + 1e-9 : Infinity);

/**
 * The best placement of vessel i among what `occupancy` leaves free; null when it fits nowhere (or, given
 * `mustBeat`, nowhere cheaper than that; `current` is where it lies now, whose neighbours are then candidates too).
 * Without `thorough` only the positions just past a neighbour's upper side are tried, not those just below its
 * lower side: half the candidates, for the many quick re-placements of the search.
 */
export function bestPlacement(problem: Problem, occupancy: Occupancy, i: number, rule: TRule, scratch: number[] = [], mustBeat = Infinity, current: TPlacement | null = null, thorough = true): TBest | null {
  const ready = problem.ready[i]!;
  const choice: TChoice = { placement: null, cost: mustBeat };
  if (problem.isDiscrete) {
    for (let k = 0; k < problem.berthCount; k++) consider(problem, rule, i, problem.earliestAtBerthAmong(i, k, ready, occupancy, costBound(rule, choice), startBound(rule, choice)), choice);
    return choice.placement ? { placement: choice.placement, cost: choice.cost } : null;
  }
  const roughHours = shortestHours(problem, i);
  if (!Number.isFinite(roughHours)) return null;
  const horizon = Math.max(24, 2 * roughHours);
  scratch.length = 0;
  candidatePositions(problem, occupancy, i, ready, ready + horizon, scratch, thorough);
  // Where it lies now (or lay before) first: a good early answer lets the bounds cut the rest short.
  if (current) consider(problem, rule, i, problem.earliestAtPosition(i, current.place, ready, occupancy, costBound(rule, choice), startBound(rule, choice)), choice);
  const sorted = Float64Array.from(scratch).sort();
  let previous = NaN;
  for (const x of sorted) {
    if (x === previous) continue;
    previous = x;
    consider(problem, rule, i, problem.earliestAtPosition(i, x, ready, occupancy, costBound(rule, choice), startBound(rule, choice)), choice);
  }
  // When the best start lies beyond the first look-ahead, the neighbours then offer other positions.
  const first = choice.placement ?? current;
  if (first && first.start > ready + horizon - roughHours) {
    scratch.length = 0;
    candidatePositions(problem, occupancy, i, first.start - roughHours, first.end + roughHours, scratch, thorough);
    const more = Float64Array.from(scratch).sort();
    previous = NaN;
    for (const x of more) {
      if (x === previous || sortedHas(sorted, x)) continue;
      previous = x;
      consider(problem, rule, i, problem.earliestAtPosition(i, x, ready, occupancy, costBound(rule, choice), startBound(rule, choice)), choice);
    }
  }
  return choice.placement ? { placement: choice.placement, cost: choice.cost } : null;
}

/** Adds a placement of vessel i to the occupancy and returns the rectangle id. */
export function occupy(problem: Problem, occupancy: Occupancy, i: number, p: TPlacement): number {
  return problem.isDiscrete ? occupancy.add(p.place, p.place + 1, p.start, p.end, true) : occupancy.add(p.place, p.place + problem.vessels[i]!.length, p.start, p.end, true);
}
