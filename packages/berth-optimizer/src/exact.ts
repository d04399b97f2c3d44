// The exact reference for small discrete instances: a time-indexed integer program solved with HiGHS.
// x[i,k,s] = 1 when vessel i berths at berth k at start s (s on a time grid), u[i] = 1 when it is left out.
// Each vessel takes one (k, s) or u; each berth holds at most one vessel in each grid slot. The cost of a column
// is the objective of that call, so every term (including requested times and lateness) is modelled exactly.
// Columns that cannot be part of a plan at least as good as a known plan are left out, which keeps it small.
import type { Highs } from 'highs';
import type { TInstance, TPlan, TWeights } from './model';
import { type TObjectiveReport, evaluatePlan } from './objective';
import { Problem, type TPlacement } from './problem';
import { fcfsPlacements } from './fcfs';

export type TExactOptions = {
  /** A loaded HiGHS module (`await (await import('highs')).default()`); src/ never loads WebAssembly itself. */
  highs: Highs;
  timeLimitSeconds?: number;
  /** A known feasible plan (e.g. from the heuristic): its objective bounds the model and seeds HiGHS. */
  incumbent?: TPlan;
  /** Time grid in hours; by default the coarsest of 1, 0.5, 0.25, 0.2, 0.1, 0.05 that all times fit. */
  gridHours?: number;
  weights?: Partial<TWeights>;
};

export type TExactResult =
  | { status: 'unsupported'; message: string }
  | {
      /** optimal: proven optimal over starts on the grid; feasible: the time limit ended the proof. */
      status: 'optimal' | 'feasible' | 'no_solution';
      plan: TPlan | null;
      objective: TObjectiveReport | null;
      /** Proven lower bound of the objective (movable vessels plus fixed calls). */
      lowerBound: number;
      gridHours: number;
      /** With a tide, window edges need not lie on the grid: optimal then means optimal over grid starts. */
      isGridRestricted: boolean;
      columns: number;
      rows: number;
      seconds: number;
    };

const GRIDS = [1, 0.5, 0.25, 0.2, 0.1, 0.05];
const onGrid = (t: number, g: number) => !Number.isFinite(t) || Math.abs(t / g - Math.round(t / g)) < 1e-9;

function detectGrid(problem: Problem): number | null {
  const times: number[] = [];
  for (const i of problem.movable) {
    times.push(problem.ready[i]!);
    for (let k = 0; k < problem.berthCount; k++) times.push(problem.berthHours[i * problem.berthCount + k]!);
  }
  for (const free of problem.berthFree) for (const [a, b] of free) times.push(a, b);
  return GRIDS.find((g) => times.every((t) => onGrid(t, g))) ?? null;
}

/** Solves a small discrete instance exactly (over starts on the time grid). */
export function solveExact(instance: TInstance, options: TExactOptions): TExactResult {
  if (instance.quay.kind !== 'discrete') return { status: 'unsupported', message: 'the exact model covers discrete berths only' };
  const started = globalThis.performance.now();
  const weights = { ...instance.weights, ...options.weights };
  const problem = new Problem(instance, weights);
  const grid = options.gridHours ?? detectGrid(problem);
  if (grid === null) return { status: 'unsupported', message: 'times do not fit a grid of 0.05 h or coarser; pass gridHours' };
  const B = problem.berthCount;
  const { highs } = options;

  // Upper bound: the better of FCFS and the incumbent.
  const fcfs = fcfsPlacements(problem);
  let upper = problem.totalCost(fcfs);
  let incumbent: (TPlacement | null)[] | null = null;
  if (options.incumbent) {
    const byId = new Map(options.incumbent.calls.map((c) => [c.vesselId, c]));
    const placements = problem.vessels.map((v) => {
      const c = byId.get(v.id);
      if (!c || v.fixed || c.berth === null) return null;
      return { place: problem.instance.quay.kind === 'discrete' ? problem.instance.quay.berths.findIndex((b) => b.id === c.berth) : -1, start: c.start, end: c.end };
    });
    const cost = problem.totalCost(placements);
    if (cost < upper) {
      upper = cost;
      incumbent = placements;
    }
  }

  // A lower bound per vessel: its handling at the best berth after the least waiting the quay allows.
  const lower = new Float64Array(problem.n);
  for (const i of problem.movable) {
    const v = problem.vessels[i]!;
    let lb = problem.unassignedCost(i);
    for (let k = 0; k < B; k++) {
      const p = problem.berthHours[i * B + k]!;
      const s = problem.earliestAtBerth(i, k, problem.ready[i]!);
      if (!Number.isFinite(s)) continue;
      const pref = v.preferredBerth !== null && problem.berthId(k) !== v.preferredBerth ? weights.preferredBerth : 0;
      lb = Math.min(lb, v.weight * (weights.waiting * Math.max(0, s - v.arrival) + weights.handling * p + pref));
    }
    lower[i] = lb;
  }
  const slack = upper - problem.movable.reduce((s, i) => s + lower[i]!, 0) + 1e-6 * Math.max(1, upper);
  const longest = problem.movable.reduce((s, i) => {
    let h = 0;
    for (let k = 0; k < B; k++) if (Number.isFinite(problem.berthHours[i * B + k]!)) h = Math.max(h, problem.berthHours[i * B + k]!);
    return s + h;
  }, 0);

  // Columns.
  const colVessel: number[] = [];
  const colBerth: number[] = [];
  const colStart: number[] = [];
  const colCost: number[] = [];
  for (const i of problem.movable) {
    const v = problem.vessels[i]!;
    const waitRate = v.weight * weights.waiting;
    const cap = problem.ready[i]! + (waitRate > 0 ? (slack + lower[i]!) / waitRate : longest + 48);
    for (let k = 0; k < B; k++) {
      const p = problem.berthHours[i * B + k]!;
      if (!Number.isFinite(p)) continue;
      let s = Math.ceil(problem.ready[i]! / grid - 1e-9) * grid;
      while (s <= cap + 1e-9) {
        const feasible = problem.earliestAtBerth(i, k, s);
        if (!Number.isFinite(feasible)) break;
        if (feasible > s + 1e-9) {
          s = Math.ceil(feasible / grid - 1e-9) * grid;
          continue;
        }
        const c = problem.cost(i, k, s, s + p);
        if (c - lower[i]! <= slack) {
          colVessel.push(i);
          colBerth.push(k);
          colStart.push(s);
          colCost.push(c);
        }
        s = Math.round((s + grid) / grid) * grid;
      }
    }
  }
  const xCount = colVessel.length;
  const movable = problem.movable;
  const numCols = xCount + movable.length;

  // Rows: one assignment row per movable vessel, then berth-slot capacity rows where two vessels compete.
  const assignRow = new Map(movable.map((i, r) => [i, r]));
  const slotCols = new Map<string, number[]>();
  for (let c = 0; c < xCount; c++) {
    const i = colVessel[c]!;
    const k = colBerth[c]!;
    const slots = Math.round(problem.berthHours[i * B + k]! / grid);
    const first = Math.round(colStart[c]! / grid);
    for (let q = 0; q < slots; q++) {
      const key = `${k}:${first + q}`;
      let list = slotCols.get(key);
      if (!list) slotCols.set(key, (list = []));
      list.push(c);
    }
  }
  const capacityRows: number[][] = [];
  for (const cols of slotCols.values()) {
    const vessels = new Set(cols.map((c) => colVessel[c]));
    if (vessels.size >= 2) capacityRows.push(cols);
  }
  const numRows = movable.length + capacityRows.length;
  const colRows: number[][] = Array.from({ length: numCols }, () => []);
  for (let c = 0; c < xCount; c++) colRows[c]!.push(assignRow.get(colVessel[c]!)!);
  movable.forEach((_, r) => colRows[xCount + r]!.push(r));
  capacityRows.forEach((cols, r) => {
    for (const c of cols) colRows[c]!.push(movable.length + r);
  });
  const starts = new Int32Array(numCols + 1);
  const indices: number[] = [];
  for (let c = 0; c < numCols; c++) {
    const rows = colRows[c]!.sort((a, b) => a - b);
    for (const r of rows) indices.push(r);
    starts[c + 1] = indices.length;
  }
  const costs = new Float64Array(numCols);
  costs.set(colCost);
  movable.forEach((i, r) => (costs[xCount + r] = problem.unassignedCost(i)));

  const model = highs.createModel({
    numCols,
    numRows,
    colCost: costs,
    colLower: new Float64Array(numCols),
    colUpper: new Float64Array(numCols).fill(1),
    rowLower: Float64Array.from({ length: numRows }, (_, r) => (r < movable.length ? 1 : -highs.infinity)),
    rowUpper: new Float64Array(numRows).fill(1),
    matrix: { format: 'csc', numRows, numCols, starts, indices: Int32Array.from(indices), values: new Float64Array(indices.length).fill(1) },
    integrality: new Int32Array(numCols).fill(highs.constants.variableType.integer),
  });
  try {
    model.options.set({ output_flag: false, time_limit: options.timeLimitSeconds ?? 60, mip_rel_gap: 0, mip_abs_gap: 1e-6 });
    if (incumbent) {
      const start = new Float64Array(numCols);
      let complete = true;
      movable.forEach((i, r) => {
        const p = incumbent![i];
        if (!p) {
          start[xCount + r] = 1;
          return;
        }
        const c = colVessel.findIndex((v, c2) => v === i && colBerth[c2] === p.place && Math.abs(colStart[c2]! - p.start) < 1e-9);
        if (c < 0) complete = false;
        else start[c] = 1;
      });
      if (complete) model.setSolution({ colValue: start });
    }
    model.run();
    const code = model.getModelStatus();
    const seconds = (globalThis.performance.now() - started) / 1000;
    const fixedCost = evaluatePlan({ ...instance, weights }, problem.toPlan([])).total - movable.reduce((s, i) => s + problem.unassignedCost(i), 0);
    const base = { gridHours: grid, isGridRestricted: instance.tide !== null, columns: numCols, rows: numRows, seconds };
    let values: Float64Array | null = null;
    try {
      values = model.getSolution().colValue;
    } catch {
      values = null;
    }
    const hasSolution = values !== null && values.length === numCols && movable.every((_, r) => Number.isFinite(values![xCount + r]!));
    let dual = Number(model.info.get('mip_dual_bound'));
    if (!Number.isFinite(dual)) dual = -Infinity;
    if (!hasSolution || code === 8) return { status: 'no_solution', plan: null, objective: null, lowerBound: dual + fixedCost, ...base };
    const placements: (TPlacement | null)[] = new Array(problem.n).fill(null);
    for (let c = 0; c < xCount; c++) {
      if (values![c]! > 0.5) {
        const i = colVessel[c]!;
        placements[i] = { place: colBerth[c]!, start: colStart[c]!, end: colStart[c]! + problem.berthHours[i * B + colBerth[c]!]! };
      }
    }
    const plan = problem.toPlan(placements);
    const objective = evaluatePlan({ ...instance, weights }, plan);
    const isOptimal = code === 7;
    return { status: isOptimal ? 'optimal' : 'feasible', plan, objective, lowerBound: isOptimal ? objective.total : dual + fixedCost, ...base };
  } finally {
    model.dispose();
  }
}
