// The anytime solver: a constructive start, then ruin and recreate under simulated annealing until the time
// budget, the iteration budget or a long run without improvement ends it, or the caller cancels. Same seed,
// same iteration count: same plan.
import { createRng } from '@quayline/domain';
import { checkPlan } from './checker';
import { arrivalOrder, fcfsPlacements } from './fcfs';
import type { TInstance, TPlan, TWeights } from './model';
import { type TObjectiveReport, evaluatePlan } from './objective';
import { PlacementSearch } from './placement-search';
import { bestPlacement, occupy } from './placement';
import { Problem, type TPlacement } from './problem';
import { type TSearch, shortestHours } from './search-common';
import { SequenceSearch } from './sequence-search';

export type TProgress = { iterations: number; elapsedMs: number; bestObjective: number; startObjective: number };

export type TSolveOptions = {
  /** Seed of the random choices; default 1. */
  seed?: number;
  /** Time budget in seconds; default 10. */
  seconds?: number;
  /** Stop after this many iterations (for bit-for-bit reproducible runs whatever the machine). */
  maxIterations?: number;
  /** Stop after this many iterations without a new best; default max(20 000, 100 per vessel). 0 disables. */
  stallIterations?: number;
  /** Cancels the search; the best plan so far is returned. */
  signal?: AbortSignal;
  /** Polled every iteration; true cancels like the signal. */
  shouldStop?: () => boolean;
  /** Called on each new best and at least every `progressEveryMs`. */
  onProgress?: (progress: TProgress) => void;
  progressEveryMs?: number;
  /** Objective weights that replace the instance's. */
  weights?: Partial<TWeights>;
  /** Clock in milliseconds; default performance.now. */
  now?: () => number;
  /**
   * A plan to start from, typically the terminal's current one: when the checker finds it feasible and it beats
   * the constructive start, the search starts there, so the result is never worse than what the planner has.
   */
  initialPlan?: TPlan;
};

export type TStopReason = 'time' | 'iterations' | 'stall' | 'aborted';

export type TSolveResult = {
  plan: TPlan;
  objective: TObjectiveReport;
  /** Objective of the constructive start, before the search. */
  startObjective: number;
  iterations: number;
  elapsedMs: number;
  /** When the returned plan was found. */
  bestFoundAtMs: number;
  stoppedBy: TStopReason;
};

/**
 * The best of a few greedy starts: FCFS, and vessels taken in order of readiness brought forward by priority
 * per handling hour (ready - k * weight / hours for a few k, k = 0 being plain readiness), each at its
 * cheapest berth or position.
 */
function constructivePlacements(problem: Problem): (TPlacement | null)[] {
  let best = fcfsPlacements(problem);
  let bestCost = problem.totalCost(best);
  const scratch: number[] = [];
  for (const k of [0, 10, 30, 100]) {
    const key = (i: number) => problem.ready[i]! - (k * problem.vessels[i]!.weight) / Math.max(shortestHours(problem, i), 1e-9);
    const order = arrivalOrder(problem).sort((a, b) => key(a) - key(b) || a - b);
    const occupancy = problem.staticOccupancy();
    const placements: (TPlacement | null)[] = new Array(problem.n).fill(null);
    for (const i of order) {
      const found = bestPlacement(problem, occupancy, i, 'cheapest', scratch);
      if (!found) continue;
      placements[i] = found.placement;
      occupy(problem, occupancy, i, found.placement);
    }
    const cost = problem.totalCost(placements);
    if (cost < bestCost) {
      best = placements;
      bestCost = cost;
    }
  }
  return best;
}

/** The given plan, with the vessels it leaves unassigned inserted where they cost least around it. */
function warmPlacements(problem: Problem, plan: TPlan): (TPlacement | null)[] {
  const placements = problem.fromPlan(plan);
  const occupancy = problem.staticOccupancy();
  for (const i of problem.movable) if (placements[i]) occupy(problem, occupancy, i, placements[i]!);
  const scratch: number[] = [];
  for (const i of arrivalOrder(problem)) {
    if (placements[i] || problem.vessels[i]!.fixed) continue;
    // Only where placing it costs less than leaving it unassigned, as the search itself would judge.
    const found = bestPlacement(problem, occupancy, i, 'cheapest', scratch, problem.unassignedCost(i));
    if (!found) continue;
    placements[i] = found.placement;
    occupy(problem, occupancy, i, found.placement);
  }
  return placements;
}

/** A solver run that advances in slices, so a caller can interleave it with other work (see solveAsync). */
export class SolverRun {
  readonly problem: Problem;
  private readonly search: TSearch;
  private readonly options: TSolveOptions;
  private readonly now: () => number;
  private readonly startedAt: number;
  private readonly budgetMs: number;
  private readonly stall: number;
  private readonly cycle: number;
  private readonly t0: number;
  private readonly startCost: number;
  private iteration = 0;
  private lastImprovement = 0;
  private bestFoundAt = 0;
  private lastProgressAt: number;
  private stopReason: TStopReason | null = null;

  constructor(instance: TInstance, options: TSolveOptions = {}) {
    this.options = options;
    this.now = options.now ?? (() => globalThis.performance.now());
    this.startedAt = this.now();
    this.budgetMs = (options.seconds ?? 10) * 1000;
    const weights = { ...instance.weights, ...options.weights };
    this.problem = new Problem(instance, weights);
    const rng = createRng(options.seed ?? 1);
    let start = constructivePlacements(this.problem);
    if (options.initialPlan && checkPlan(this.problem.instance, options.initialPlan).isFeasible) {
      const warm = warmPlacements(this.problem, options.initialPlan);
      if (this.problem.totalCost(warm) < this.problem.totalCost(start)) start = warm;
    }
    this.startCost = this.problem.totalCost(start);
    const annealing = {
      improved: () => {
        this.lastImprovement = this.iteration;
        this.bestFoundAt = this.now() - this.startedAt;
        this.report();
      },
    };
    this.search = this.problem.isDiscrete ? new SequenceSearch(this.problem, rng, start, annealing) : new PlacementSearch(this.problem, rng, start, annealing);
    const movable = Math.max(1, this.problem.movable.length);
    this.stall = options.stallIterations ?? Math.max(20_000, 100 * movable);
    this.cycle = 1000 + 5 * movable;
    // Start hot enough to accept a step that costs a tenth of an average vessel's objective now and then.
    this.t0 = (0.1 * Math.max(this.search.bestCost, 1)) / movable;
    this.lastProgressAt = this.now();
    this.bestFoundAt = this.now() - this.startedAt;
  }

  get isDone(): boolean {
    return this.stopReason !== null;
  }

  private checkStop(): TStopReason | null {
    const { options } = this;
    if (options.signal?.aborted || options.shouldStop?.()) return 'aborted';
    if (this.now() - this.startedAt >= this.budgetMs) return 'time';
    if (options.maxIterations !== undefined && this.iteration >= options.maxIterations) return 'iterations';
    if (this.stall > 0 && this.iteration - this.lastImprovement >= this.stall) return 'stall';
    if (this.problem.movable.length === 0) return 'stall';
    return null;
  }

  private report(): void {
    this.options.onProgress?.({ iterations: this.iteration, elapsedMs: this.now() - this.startedAt, bestObjective: this.search.bestCost, startObjective: this.startCost });
    this.lastProgressAt = this.now();
  }

  /** Runs iterations for up to `sliceMs` milliseconds (or to the end); returns true when the run is over. */
  step(sliceMs = Infinity): boolean {
    const until = this.now() + sliceMs;
    while (this.stopReason === null) {
      this.stopReason = this.checkStop();
      if (this.stopReason !== null) break;
      const phase = (this.iteration % this.cycle) / this.cycle;
      if (this.iteration > 0 && phase === 0) this.search.restartFromBest();
      // Geometric cooling to a two-hundredth within each cycle; each cycle starts again from the best plan.
      const temperature = this.t0 * Math.pow(0.005, phase);
      this.search.iterate(temperature);
      this.iteration++;
      if (this.options.onProgress && this.now() - this.lastProgressAt >= (this.options.progressEveryMs ?? 500)) this.report();
      if (this.now() >= until) break;
    }
    return this.stopReason !== null;
  }

  result(): TSolveResult {
    const plan = this.problem.toPlan(this.search.bestPlacements());
    const instance = { ...this.problem.instance, weights: this.problem.weights };
    const fixedCost = evaluatePlan(instance, this.problem.toPlan([])).total - this.problem.movable.reduce((s, i) => s + this.problem.unassignedCost(i), 0);
    return {
      plan,
      objective: evaluatePlan(instance, plan),
      startObjective: this.startCost + fixedCost,
      iterations: this.iteration,
      elapsedMs: this.now() - this.startedAt,
      bestFoundAtMs: this.bestFoundAt,
      stoppedBy: this.stopReason ?? 'aborted',
    };
  }
}

/** Solves an instance synchronously within the budget. */
export function solve(instance: TInstance, options: TSolveOptions = {}): TSolveResult {
  const run = new SolverRun(instance, options);
  run.step();
  return run.result();
}

/**
 * Solves in slices of `sliceMs`, yielding to the event loop between them, so that an AbortSignal fired by a
 * message (in a Web Worker, or a request closing on the server) can cancel the run.
 */
export async function solveAsync(instance: TInstance, options: TSolveOptions & { sliceMs?: number } = {}): Promise<TSolveResult> {
  const run = new SolverRun(instance, options);
  while (!run.step(options.sliceMs ?? 50)) await new Promise<void>((resolve) => setTimeout(resolve, 0));
  return run.result();
}
