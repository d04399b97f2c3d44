// First come, first served, as planners do it by hand: vessels in order of arrival, each at the first berth or
// position and the earliest time that fits around what is already planned. The baseline the optimizer beats.
import type { TInstance, TPlan, TWeights } from './model';
import { occupy, bestPlacement } from './placement';
import { Problem, type TPlacement } from './problem';

/** Vessel indices in order of arrival (ties: earliest start, then instance order). */
export function arrivalOrder(problem: Problem): number[] {
  return [...problem.movable].sort((a, b) => problem.vessels[a]!.arrival - problem.vessels[b]!.arrival || problem.ready[a]! - problem.ready[b]! || a - b);
}

/** The FCFS placements of a compiled problem (index = vessel; null = nowhere to go). */
export function fcfsPlacements(problem: Problem): (TPlacement | null)[] {
  const occupancy = problem.staticOccupancy();
  const placements: (TPlacement | null)[] = new Array(problem.n).fill(null);
  const scratch: number[] = [];
  for (const i of arrivalOrder(problem)) {
    const best = bestPlacement(problem, occupancy, i, 'earliest', scratch);
    if (!best) continue;
    placements[i] = best.placement;
    occupy(problem, occupancy, i, best.placement);
  }
  return placements;
}

/** The first-come-first-served plan of an instance. */
export function planFirstComeFirstServed(instance: TInstance, weights?: TWeights): TPlan {
  const problem = new Problem(instance, weights);
  return problem.toPlan(fcfsPlacements(problem));
}
