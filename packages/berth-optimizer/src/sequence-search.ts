// Ruin and recreate on a discrete quay. A solution is a service order per berth; each vessel starts as early as
// its berth, the vessel before it, its arrival and the tide allow. An iteration removes a few related vessels
// and puts each back at the berth and position in the order where it costs least; simulated-annealing
// acceptance with restarts from the best decides whether to keep the result.
import type { Rng } from '@quayline/domain';
import type { Problem, TPlacement } from './problem';
import { type TAnnealing, type TSearch, pickRecreateOrder, pickRuinSize } from './search-common';

export class SequenceSearch implements TSearch {
  private readonly problem: Problem;
  private readonly rng: Rng;
  private readonly B: number;
  private seqs: number[][];
  /** Per berth: start of each vessel in the order (Infinity: it cannot be served there after its predecessor). */
  private starts: number[][];
  /** Per berth: when the berth is free after the j-th vessel of the order. */
  private after: number[][];
  /** Per berth: cost of the first j vessels of the order (length = order length + 1). */
  private prefix: number[][];
  private berthCost: number[];
  /** Vessels no berth can take. */
  private readonly unassigned = new Set<number>();
  private cost = 0;
  private bestSeqs: number[][];
  private bestUnassigned: number[];
  bestCost: number;
  private readonly annealing: TAnnealing;

  constructor(problem: Problem, rng: Rng, initial: readonly (TPlacement | null)[], annealing: TAnnealing) {
    this.problem = problem;
    this.rng = rng;
    this.annealing = annealing;
    this.B = problem.berthCount;
    this.seqs = Array.from({ length: this.B }, () => []);
    this.starts = this.seqs.map(() => []);
    this.after = this.seqs.map(() => []);
    this.prefix = this.seqs.map(() => [0]);
    this.berthCost = this.seqs.map(() => 0);
    const byStart = [...problem.movable].sort((a, b) => (initial[a]?.start ?? Infinity) - (initial[b]?.start ?? Infinity) || a - b);
    for (const i of byStart) {
      const p = initial[i];
      if (p) this.seqs[p.place]!.push(i);
      else this.unassigned.add(i);
    }
    for (let k = 0; k < this.B; k++) this.refresh(k);
    // Vessels the construction could not place may fit once the orders are evaluated semi-actively.
    for (const i of [...this.unassigned]) {
      this.unassigned.delete(i);
      this.insertBest(i, false);
    }
    this.cost = this.totalCost();
    this.bestCost = this.cost;
    this.bestSeqs = this.seqs.map((s) => [...s]);
    this.bestUnassigned = [...this.unassigned];
  }

  private totalCost(): number {
    let c = 0;
    for (let k = 0; k < this.B; k++) c += this.berthCost[k]!;
    for (const i of this.unassigned) c += this.problem.unassignedCost(i);
    return c;
  }

  /** Recomputes the schedule and prefix costs of berth k from its order. */
  private refresh(k: number): void {
    const { problem } = this;
    const seq = this.seqs[k]!;
    const starts: number[] = new Array(seq.length);
    const after: number[] = new Array(seq.length);
    const prefix: number[] = new Array(seq.length + 1);
    prefix[0] = 0;
    let t = -Infinity;
    let total = 0;
    for (let m = 0; m < seq.length; m++) {
      const u = seq[m]!;
      const s = problem.earliestAtBerth(u, k, Math.max(problem.ready[u]!, t));
      if (Number.isFinite(s)) {
        const e = s + problem.berthHours[u * this.B + k]!;
        total += problem.cost(u, k, s, e);
        t = e;
      } else total += problem.unassignedCost(u);
      starts[m] = s;
      after[m] = t;
      prefix[m + 1] = total;
    }
    this.starts[k] = starts;
    this.after[k] = after;
    this.prefix[k] = prefix;
    this.berthCost[k] = total;
  }

  /** Cost of the current order of berth k from position m0 on, when the berth is free from t. */
  private tailCost(k: number, m0: number, t: number): number {
    const { problem } = this;
    const seq = this.seqs[k]!;
    const after = this.after[k]!;
    const prefix = this.prefix[k]!;
    let acc = 0;
    for (let m = m0; m < seq.length; m++) {
      const before = m === 0 ? -Infinity : after[m - 1]!;
      // From here on the berth is free exactly when it was before the change: the rest is unchanged.
      if (t === before) return acc + prefix[seq.length]! - prefix[m]!;
      const u = seq[m]!;
      const s = problem.earliestAtBerth(u, k, Math.max(problem.ready[u]!, t));
      if (Number.isFinite(s)) {
        const e = s + problem.berthHours[u * this.B + k]!;
        acc += problem.cost(u, k, s, e);
        t = e;
      } else acc += problem.unassignedCost(u);
    }
    return acc;
  }

  /** Berth cost after inserting vessel i before position j of berth k. */
  private costWithInsert(k: number, i: number, j: number): number {
    const { problem } = this;
    const t0 = j === 0 ? -Infinity : this.after[k]![j - 1]!;
    const s = problem.earliestAtBerth(i, k, Math.max(problem.ready[i]!, t0));
    if (!Number.isFinite(s)) return Infinity;
    const e = s + problem.berthHours[i * this.B + k]!;
    return this.prefix[k]![j]! + problem.cost(i, k, s, e) + this.tailCost(k, j, e);
  }

  /** Puts vessel i where it costs least (or in the unassigned set when no berth takes it); returns the berth or -1. */
  private insertBest(i: number, blink: boolean): number {
    const { problem } = this;
    const ready = problem.ready[i]!;
    let bestDelta = Infinity;
    let bestK = -1;
    let bestJ = -1;
    for (let k = 0; k < this.B; k++) {
      if (!Number.isFinite(problem.berthHours[i * this.B + k]!)) continue;
      const after = this.after[k]!;
      const len = this.seqs[k]!.length;
      // Going in front of a vessel that leaves before i can arrive never helps: start after the last of those.
      let lo = 0;
      let hi = len;
      while (lo < hi) {
        const mid = (lo + hi) >> 1;
        if (after[mid]! <= ready) lo = mid + 1;
        else hi = mid;
      }
      const base = this.berthCost[k]!;
      for (let j = lo; j <= len; j++) {
        if (blink && j < len && this.rng.next() < 0.02) continue;
        const delta = this.costWithInsert(k, i, j) - base;
        if (delta < bestDelta - 1e-9) {
          bestDelta = delta;
          bestK = k;
          bestJ = j;
        }
      }
    }
    if (bestK < 0 || bestDelta >= problem.unassignedCost(i)) {
      this.unassigned.add(i);
      return -1;
    }
    this.seqs[bestK]!.splice(bestJ, 0, i);
    this.refresh(bestK);
    return bestK;
  }

  private currentStart(i: number, where: Map<number, [number, number]>): number {
    const loc = where.get(i);
    return loc ? this.starts[loc[0]]![loc[1]]! : Infinity;
  }

  /** Vessels to remove: related in time, a run of one berth's order, or at random. */
  private ruin(d: number): number[] {
    const { problem, rng } = this;
    const where = new Map<number, [number, number]>();
    this.seqs.forEach((seq, k) => seq.forEach((i, m) => where.set(i, [k, m])));
    const pool = problem.movable;
    const chosen = new Set<number>(this.unassigned);
    const strategy = rng.next();
    if (strategy < 0.45) {
      const seed = rng.pick(pool);
      const t = this.currentStart(seed, where);
      const anchor = Number.isFinite(t) ? t : problem.ready[seed]!;
      const ranked = pool.map((i) => {
        const s = this.currentStart(i, where);
        return [Math.abs((Number.isFinite(s) ? s : problem.ready[i]!) - anchor) * (0.8 + 0.4 * rng.next()), i] as const;
      });
      ranked.sort((a, b) => a[0] - b[0]);
      for (const [, i] of ranked) {
        if (chosen.size >= d + this.unassigned.size) break;
        chosen.add(i);
      }
    } else if (strategy < 0.7) {
      const berths = this.seqs.map((s, k) => [s.length, k] as const).filter(([len]) => len > 0);
      if (berths.length) {
        const [len, k] = rng.pick(berths);
        const from = rng.int(0, Math.max(0, len - 1));
        const take = Math.min(len - from, Math.max(1, Math.ceil(d / 2)));
        for (const i of this.seqs[k]!.slice(from, from + take)) chosen.add(i);
        // And what lies alongside them at other berths.
        const t0 = this.starts[k]![from]!;
        const others = pool.filter((i) => !chosen.has(i)).map((i) => [Math.abs(this.currentStart(i, where) - t0), i] as const);
        others.sort((a, b) => a[0] - b[0]);
        for (const [, i] of others) {
          if (chosen.size >= d + this.unassigned.size) break;
          chosen.add(i);
        }
      }
    }
    while (chosen.size < Math.min(pool.length, d + this.unassigned.size)) chosen.add(rng.pick(pool));
    return [...chosen];
  }

  iterate(temperature: number): void {
    const { problem, rng } = this;
    if (problem.movable.length === 0) return;
    const d = pickRuinSize(rng, problem.movable.length);
    const removed = this.ruin(d);
    const removedSet = new Set(removed);
    const touched = new Set<number>();
    const saved = new Map<number, number[]>();
    const savedUnassigned = [...this.unassigned];
    for (let k = 0; k < this.B; k++) {
      const seq = this.seqs[k]!;
      if (!seq.some((i) => removedSet.has(i))) continue;
      saved.set(k, seq);
      this.seqs[k] = seq.filter((i) => !removedSet.has(i));
      touched.add(k);
      this.refresh(k);
    }
    for (const i of removed) this.unassigned.delete(i);
    for (const i of pickRecreateOrder(problem, rng, removed)) {
      const k = this.insertBest(i, true);
      if (k >= 0 && !saved.has(k)) {
        saved.set(k, this.seqs[k]!.filter((u) => u !== i));
        touched.add(k);
      }
    }
    const next = this.totalCost();
    const delta = next - this.cost;
    if (delta <= 1e-9 || rng.next() < Math.exp(-delta / Math.max(temperature, 1e-12))) {
      this.cost = next;
      if (next < this.bestCost - 1e-9) {
        this.bestCost = next;
        this.bestSeqs = this.seqs.map((s) => [...s]);
        this.bestUnassigned = [...this.unassigned];
        this.annealing.improved();
      }
    } else {
      for (const [k, seq] of saved) {
        this.seqs[k] = seq;
        this.refresh(k);
      }
      this.unassigned.clear();
      for (const i of savedUnassigned) this.unassigned.add(i);
    }
  }

  restartFromBest(): void {
    this.seqs = this.bestSeqs.map((s) => [...s]);
    this.unassigned.clear();
    for (const i of this.bestUnassigned) this.unassigned.add(i);
    for (let k = 0; k < this.B; k++) this.refresh(k);
    this.cost = this.totalCost();
  }

  currentCost(): number {
    return this.cost;
  }

  bestPlacements(): (TPlacement | null)[] {
    const { problem } = this;
    const out: (TPlacement | null)[] = new Array(problem.n).fill(null);
    this.bestSeqs.forEach((seq, k) => {
      let t = -Infinity;
      for (const u of seq) {
        const s = problem.earliestAtBerth(u, k, Math.max(problem.ready[u]!, t));
        if (!Number.isFinite(s)) continue;
        const e = s + problem.berthHours[u * this.B + k]!;
        out[u] = { place: k, start: s, end: e };
        t = e;
      }
    });
    return out;
  }
}
