// What the two ruin-and-recreate searches share: the shape of a search, ruin sizes and recreate orders.
import type { Rng } from '@quayline/domain';
import type { Problem, TPlacement } from './problem';

export type TSearch = {
  /** One ruin-and-recreate step, accepted or undone at the given temperature. */
  iterate(temperature: number): void;
  restartFromBest(): void;
  currentCost(): number;
  readonly bestCost: number;
  bestPlacements(): (TPlacement | null)[];
};

/** Told when a search finds a new best, so the driver can count iterations without improvement. */
export type TAnnealing = { improved(): void };

/** How many vessels to remove: mostly a few, sometimes up to a tenth of them (at least six, at most `cap`). */
export function pickRuinSize(rng: Rng, movable: number, cap = Infinity): number {
  const most = Math.min(movable, cap, Math.max(6, Math.round(movable / 10)));
  const u = rng.next();
  return Math.max(1, Math.min(movable, 1 + Math.floor(u * u * most)));
}

/** Shortest handling hours of vessel i anywhere, for ordering. */
export function shortestHours(problem: Problem, i: number): number {
  if (problem.isDiscrete) {
    let h = Infinity;
    for (let k = 0; k < problem.berthCount; k++) h = Math.min(h, problem.berthHours[i * problem.berthCount + k]!);
    return h;
  }
  const handling = problem.vessels[i]!.handling;
  if (handling.kind === 'hours') return handling.hours;
  if (handling.kind === 'work') return handling.nominalHours;
  const quay = problem.instance.quay;
  let h = Infinity;
  if (quay.kind === 'continuous') for (const s of quay.sections) h = Math.min(h, handling.hours[s.id] ?? Infinity);
  return h;
}

/** The order to put removed vessels back in: by readiness, at random, by priority per hour, or biggest first. */
export function pickRecreateOrder(problem: Problem, rng: Rng, removed: readonly number[]): number[] {
  const order = [...removed];
  const u = rng.next();
  const noise = () => 0.9 + 0.2 * rng.next();
  let key: (i: number) => number;
  if (u < 0.4) key = (i) => problem.ready[i]! + shortestHours(problem, i) * (rng.next() - 0.5);
  else if (u < 0.65) key = () => rng.next();
  else if (u < 0.85) key = (i) => (-problem.vessels[i]!.weight / shortestHours(problem, i)) * noise();
  else key = (i) => -(shortestHours(problem, i) * Math.max(1, problem.vessels[i]!.length)) * noise();
  const keys = new Map(order.map((i) => [i, key(i)]));
  return order.sort((a, b) => keys.get(a)! - keys.get(b)! || a - b);
}
