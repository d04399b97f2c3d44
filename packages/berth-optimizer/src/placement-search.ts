// Ruin and recreate on a continuous quay. A solution is the placement (position and time) of every vessel in a
// space-time index. An iteration removes vessels related in time and space (or the ones waiting most, or some at
// random), puts each back where it costs least, then lets waiting vessels after them move into what was freed;
// simulated-annealing acceptance with restarts from the best decides whether to keep the result.
import type { Rng } from '@quayline/domain';
import type { Occupancy } from './occupancy';
import { bestPlacement, occupy } from './placement';
import type { Problem, TPlacement } from './problem';
import { type TAnnealing, type TSearch, pickRecreateOrder, pickRuinSize, shortestHours } from './search-common';

export class PlacementSearch implements TSearch {
  private readonly problem: Problem;
  private readonly rng: Rng;
  private readonly annealing: TAnnealing;
  private occupancy: Occupancy;
  private placements: (TPlacement | null)[];
  private rects: number[];
  private costs: Float64Array;
  private cost = 0;
  bestCost: number;
  private best: (TPlacement | null)[];
  private readonly scratch: number[] = [];
  private readonly timeScale: number;
  private readonly spaceScale: number;

  constructor(problem: Problem, rng: Rng, initial: readonly (TPlacement | null)[], annealing: TAnnealing) {
    this.problem = problem;
    this.rng = rng;
    this.annealing = annealing;
    this.occupancy = problem.staticOccupancy();
    this.placements = new Array(problem.n).fill(null);
    this.rects = new Array(problem.n).fill(-1);
    this.costs = new Float64Array(problem.n);
    for (const i of problem.movable) this.setPlacement(i, initial[i] ?? null);
    this.cost = this.costs.reduce((a, b) => a + b, 0);
    this.bestCost = this.cost;
    this.best = [...this.placements];
    const hours = problem.movable.map((i) => shortestHours(problem, i));
    this.timeScale = Math.max(1, hours.reduce((a, b) => a + b, 0) / Math.max(1, hours.length));
    const quay = problem.instance.quay;
    this.spaceScale = quay.kind === 'continuous' ? Math.max(1, quay.length / 4) : 1;
  }

  private setPlacement(i: number, p: TPlacement | null): void {
    if (this.rects[i]! >= 0) this.occupancy.remove(this.rects[i]!);
    this.rects[i] = -1;
    this.placements[i] = p;
    if (p) {
      this.rects[i] = occupy(this.problem, this.occupancy, i, p);
      this.costs[i] = this.problem.cost(i, p.place, p.start, p.end);
    } else this.costs[i] = this.problem.unassignedCost(i);
  }

  private unplace(i: number): void {
    if (this.rects[i]! >= 0) this.occupancy.remove(this.rects[i]!);
    this.rects[i] = -1;
  }

  private ruin(d: number): number[] {
    const { problem, rng } = this;
    const pool = problem.movable;
    const chosen = new Set<number>(pool.filter((i) => !this.placements[i]));
    const target = Math.min(pool.length, d + chosen.size);
    const strategy = rng.next();
    if (strategy < 0.55) {
      const seed = rng.pick(pool);
      const sp = this.placements[seed];
      const t = sp ? sp.start : problem.ready[seed]!;
      const x = sp ? sp.place : 0;
      // Half the time by time alone: on a short quay the vessels before and after are the ones in the way.
      const spaceScale = rng.chance(0.5) ? Infinity : this.spaceScale;
      const ranked = pool.map((i) => {
        const p = this.placements[i];
        const dist = p ? Math.abs(p.start - t) / this.timeScale + Math.abs(p.place - x) / spaceScale : Infinity;
        return [dist * (0.75 + 0.5 * rng.next()), i] as const;
      });
      ranked.sort((a, b) => a[0] - b[0] || a[1] - b[1]);
      for (const [, i] of ranked) {
        if (chosen.size >= target) break;
        chosen.add(i);
      }
    } else if (strategy < 0.8) {
      // The vessels that wait most (weighted), picked with a bias rather than strictly.
      const ranked = pool.map((i) => {
        const p = this.placements[i];
        const wait = p ? (p.start - problem.ready[i]!) * problem.vessels[i]!.weight : Infinity;
        return [wait * rng.next(), i] as const;
      });
      ranked.sort((a, b) => b[0] - a[0] || a[1] - b[1]);
      for (const [, i] of ranked) {
        if (chosen.size >= target) break;
        chosen.add(i);
      }
    }
    while (chosen.size < target) chosen.add(rng.pick(pool));
    return [...chosen];
  }

  iterate(temperature: number): void {
    const { problem, rng } = this;
    if (problem.movable.length === 0) return;
    // Reinserting into a full quay is the costly step, so ruins stay small and iterations many.
    const d = pickRuinSize(rng, problem.movable.length, 10);
    const removed = this.ruin(d);
    // Now and then also the positions just below a neighbour: better spots, twice the candidates.
    const thorough = rng.next() < 0.3;
    const old = new Map<number, TPlacement | null>();
    let tmin = Infinity;
    for (const i of removed) {
      const p = this.placements[i] ?? null;
      old.set(i, p);
      if (p) tmin = Math.min(tmin, p.start);
      this.unplace(i);
    }
    for (const i of pickRecreateOrder(problem, rng, removed)) {
      const best = bestPlacement(problem, this.occupancy, i, 'cheapest', this.scratch, Infinity, old.get(i) ?? null, thorough);
      this.setPlacement(i, best ? best.placement : null);
    }
    // Let vessels that wait after the freed space move into it, in start order, until a run of them cannot.
    const removedSet = new Set(removed);
    const waiting = problem.movable.filter((i) => {
      const p = this.placements[i];
      return !removedSet.has(i) && !!p && p.start >= tmin && p.start > problem.ready[i]! + 1e-9;
    });
    waiting.sort((a, b) => this.placements[a]!.start - this.placements[b]!.start || a - b);
    let unmoved = 0;
    for (const i of waiting) {
      if (unmoved >= Math.max(4, d)) break;
      const before = this.placements[i]!;
      this.unplace(i);
      const best = bestPlacement(problem, this.occupancy, i, 'cheapest', this.scratch, this.costs[i]! - 1e-9, before, thorough);
      if (best) {
        old.set(i, before);
        this.setPlacement(i, best.placement);
        unmoved = 0;
      } else {
        this.rects[i] = occupy(problem, this.occupancy, i, before);
        unmoved++;
      }
    }
    let next = this.cost;
    for (const [i, p] of old) {
      next -= p ? problem.cost(i, p.place, p.start, p.end) : problem.unassignedCost(i);
      next += this.costs[i]!;
    }
    const delta = next - this.cost;
    if (delta <= 1e-9 || rng.next() < Math.exp(-delta / Math.max(temperature, 1e-12))) {
      this.cost = next;
      if (next < this.bestCost - 1e-9) {
        this.bestCost = next;
        this.best = [...this.placements];
        this.annealing.improved();
      }
    } else {
      for (const i of old.keys()) this.unplace(i);
      for (const [i, p] of old) this.setPlacement(i, p);
    }
  }

  restartFromBest(): void {
    for (const i of this.problem.movable) this.unplace(i);
    for (const i of this.problem.movable) this.setPlacement(i, this.best[i] ?? null);
    this.cost = this.bestCost;
  }

  currentCost(): number {
    return this.cost;
  }

  bestPlacements(): (TPlacement | null)[] {
    return [...this.best];
  }
}
