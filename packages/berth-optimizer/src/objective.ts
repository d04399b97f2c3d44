// The objective of a berth plan and each of its terms, in weighted vessel-hours, with the default weights.
import type { TCall, TInstance, TPlan, TVessel, TWeights } from './model';

/**
 * Default weights. Every term is multiplied by the vessel's weight (priority), so the unit of the objective is
 * the weighted vessel-hour. With these defaults and no requested times, preferred places or missed deadlines,
 * the objective is the plain one: the weighted sum of each vessel's departure minus its arrival.
 */
export const DEFAULT_WEIGHTS: TWeights = {
  /** Per weighted hour between arrival and berthing. */
  waiting: 1,
  /** Per weighted hour alongside; turnaround = waiting + handling. */
  handling: 1,
  /** Per weighted hour between the berthing time and the requested start (vessels that gave one). */
  requestedTime: 0.5,
  /** Weighted hours charged when a vessel is not at its preferred berth (discrete quays). */
  preferredBerth: 2,
  /** Weighted hours per metre between the berthing position and the preferred position (continuous quays): 500 m = 1 h. */
  positionPerMetre: 0.002,
  /** Per weighted hour of departure past the latest departure. */
  lateness: 20,
  /** Weighted hours charged for a vessel the plan cannot berth at all. */
  unassigned: 1000,
};

export const TERM_NAMES = ['waiting', 'handling', 'requestedTime', 'preferredBerth', 'position', 'lateness', 'unassigned'] as const;
export type TTermName = (typeof TERM_NAMES)[number];

export type TTerm = {
  /** The weighted quantity: vessel-weight x hours (or x metres, or x vessels). */
  value: number;
  unit: 'weighted hours' | 'weighted metres' | 'weighted vessels';
  weight: number;
  /** weight x value, the term's share of the objective. */
  cost: number;
};

export type TObjectiveReport = {
  total: number;
  terms: Record<TTermName, TTerm>;
  /** Weighted sum of (departure - arrival) over berthed vessels: the plain objective of the literature. */
  turnaround: number;
  /** Unweighted hours of waiting, summed over berthed vessels. */
  waitingHours: number;
  /** Berthed vessels that start at their requested time (or, without one, at their arrival). */
  onTime: number;
};

const UNIT: Record<TTermName, TTerm['unit']> = {
  waiting: 'weighted hours',
  handling: 'weighted hours',
  requestedTime: 'weighted hours',
  preferredBerth: 'weighted vessels',
  position: 'weighted metres',
  lateness: 'weighted hours',
  unassigned: 'weighted vessels',
};

const WEIGHT_OF: Record<TTermName, keyof TWeights> = {
  waiting: 'waiting',
  handling: 'handling',
  requestedTime: 'requestedTime',
  preferredBerth: 'preferredBerth',
  position: 'positionPerMetre',
  lateness: 'lateness',
  unassigned: 'unassigned',
};

/** The unweighted-by-term quantities of one call (each already multiplied by the vessel's weight). */
export function callTerms(vessel: TVessel, call: Pick<TCall, 'berth' | 'position' | 'start' | 'end'>): Omit<Record<TTermName, number>, 'unassigned'> {
  const w = vessel.weight;
  return {
    waiting: w * Math.max(0, call.start - vessel.arrival),
    handling: w * (call.end - call.start),
    requestedTime: vessel.requestedStart === null ? 0 : w * Math.abs(call.start - vessel.requestedStart),
    preferredBerth: vessel.preferredBerth !== null && call.berth !== null && call.berth !== vessel.preferredBerth ? w : 0,
    position: vessel.preferredPosition !== null && call.position !== null ? w * Math.abs(call.position - vessel.preferredPosition) : 0,
    lateness: vessel.latestDeparture === null ? 0 : w * Math.max(0, call.end - vessel.latestDeparture),
  };
}

/** The objective contribution of one call; the solvers and the report use this one formula. */
export function callCost(vessel: TVessel, weights: TWeights, berth: string | null, position: number | null, start: number, end: number): number {
  const t = callTerms(vessel, { berth, position, start, end });
  return (
    weights.waiting * t.waiting +
    weights.handling * t.handling +
    weights.requestedTime * t.requestedTime +
    weights.preferredBerth * t.preferredBerth +
    weights.positionPerMetre * t.position +
    weights.lateness * t.lateness
  );
}

/** The objective contribution of a vessel the plan leaves without a berth. */
export function unassignedCost(vessel: TVessel, weights: TWeights): number {
  return weights.unassigned * vessel.weight;
}

/** Every term of a plan's objective on its own, and their total. Calls naming unknown vessels are ignored. */
export function evaluatePlan(instance: TInstance, plan: TPlan, weights: TWeights = instance.weights): TObjectiveReport {
  const byId = new Map(instance.vessels.map((v) => [v.id, v]));
  const values: Record<TTermName, number> = { waiting: 0, handling: 0, requestedTime: 0, preferredBerth: 0, position: 0, lateness: 0, unassigned: 0 };
  let turnaround = 0;
  let waitingHours = 0;
  let onTime = 0;
  for (const call of plan.calls) {
    const vessel = byId.get(call.vesselId);
    if (!vessel) continue;
    const t = callTerms(vessel, call);
    for (const name of Object.keys(t) as (keyof typeof t)[]) values[name] += t[name];
    turnaround += vessel.weight * (call.end - vessel.arrival);
    waitingHours += Math.max(0, call.start - vessel.arrival);
    if (Math.abs(call.start - (vessel.requestedStart ?? vessel.arrival)) < 1e-6) onTime++;
  }
  for (const id of plan.unassigned) values.unassigned += byId.get(id)?.weight ?? 0;
  const terms = Object.fromEntries(
    TERM_NAMES.map((name) => {
      const weight = weights[WEIGHT_OF[name]];
      return [name, { value: values[name], unit: UNIT[name], weight, cost: weight * values[name] }];
    }),
  ) as Record<TTermName, TTerm>;
  const total = TERM_NAMES.reduce((sum, name) => sum + terms[name].cost, 0);
  return { total, terms, turnaround, waitingHours, onTime };
}
