// The optimizer's own model of a berth allocation instance and of a plan. Times are hours from the instance
// origin, positions metres from the quay origin. Everything here is plain data, so an instance can be posted
// to a Web Worker as it is (except a tide given as a JavaScript function).

/** A closed time window [start, end] in hours. */
export type TWindow = readonly [start: number, end: number];

/** Always open. */
export const ALWAYS: readonly TWindow[] = [[-Infinity, Infinity]];

export type TBerth = {
  id: string;
  /** Availability windows, sorted and disjoint: a call must lie inside one of them. */
  open: readonly TWindow[];
  /** Longest vessel the berth takes, metres; null when any length fits. */
  length: number | null;
  /** Water depth at chart datum, metres; null when deep enough for any draft. */
  depth: number | null;
  /** Factor on the handling rate of work given as moves or units (1 = nominal, 1.2 = 20 % faster). */
  productivity: number;
};

export type TSection = {
  id: string;
  from: number;
  to: number;
  depth: number | null;
  productivity: number;
  /** False for a buffer or blocked stretch that no vessel may lie over. */
  isBerth: boolean;
  open: readonly TWindow[];
};

/** Berths that each hold one vessel at a time. */
export type TDiscreteQuay = { kind: 'discrete'; berths: readonly TBerth[]; underKeelClearance: number };

/** A quay line where a vessel lies anywhere, [position, position + length], keeping `clearance` metres to the next. */
export type TContinuousQuay = {
  kind: 'continuous';
  length: number;
  clearance: number;
  /** Sections covering [0, length] without gaps, sorted by position. */
  sections: readonly TSection[];
  underKeelClearance: number;
};

export type TQuay = TDiscreteQuay | TContinuousQuay;

/** A stretch of quay (or a berth) closed for a time, e.g. for maintenance or a crane move. */
export type TBlockZone = { id: string; start: number; end: number; where: { berth: string } | { from: number; to: number } };

export type TTide =
  /** Water level above chart datum, metres, sampled at instants (hours) and interpolated linearly; held flat outside. */
  | { kind: 'table'; points: readonly (readonly [hours: number, level: number])[] }
  /** mean + sum of amplitude * cos(2 pi (t - phase) / period); phase is the hour of a high water. */
  | { kind: 'harmonic'; mean: number; constituents: readonly { amplitude: number; period: number; phase: number }[] }
  /** Any prediction as a function (not JSON, not transferable to a worker). */
  | { kind: 'function'; levelAt: (hours: number) => number };

/** How long a vessel stays alongside. */
export type THandling =
  /** The same number of hours at every berth or section. */
  | { kind: 'hours'; hours: number }
  /** Hours per berth id (discrete) or section id (continuous); a place not listed cannot serve the vessel. */
  | { kind: 'by_place'; hours: Readonly<Record<string, number>> }
  /** Hours derived from the work (moves or units and the crane intensity), divided by the place's productivity. */
  | { kind: 'work'; nominalHours: number; work: TWork };

/** The work of a call: container moves with a crane rate and intensity, or units (e.g. tonnes) at a rate. */
export type TWork = { moves: number; movesPerCraneHour: number; cranes: number } | { units: number; unitsPerHour: number };

/** A call the plan must keep as it is: frozen by the planner, or already alongside. */
export type TFixedCall = { kind: 'frozen' | 'berthed'; berth: string | null; position: number | null; start: number; end: number };

export type TVessel = {
  id: string;
  /** Arrival at the port (ETA, or the requested time when that is all there is); waiting counts from here. */
  arrival: number;
  earliestStart: number | null;
  latestDeparture: number | null;
  /** The berthing time the vessel asked for; deviation from it is an objective term. */
  requestedStart: number | null;
  weight: number;
  /** Length overall, metres (0 when unknown on a discrete quay). */
  length: number;
  draft: number;
  handling: THandling;
  preferredBerth: string | null;
  preferredPosition: number | null;
  fixed: TFixedCall | null;
};

/** Weights of the objective terms; every term is in weighted vessel-hours (see objective.ts). */
export type TWeights = {
  waiting: number;
  handling: number;
  requestedTime: number;
  preferredBerth: number;
  positionPerMetre: number;
  lateness: number;
  unassigned: number;
};

export type TInstance = {
  name: string | null;
  quay: TQuay;
  blockZones: readonly TBlockZone[];
  tide: TTide | null;
  vessels: readonly TVessel[];
  weights: TWeights;
};

/** One vessel in a plan: a berth (discrete) or a position, metres of its lower end (continuous), and its stay. */
export type TCall = { vesselId: string; berth: string | null; position: number | null; start: number; end: number };

/** A plan: a call per berthed vessel, and the vessels it could not berth. */
export type TPlan = { calls: readonly TCall[]; unassigned: readonly string[] };

/** When a vessel may start at the earliest: its arrival, or later when it gave an earliest start. */
export function readyTime(vessel: TVessel): number {
  return Math.max(vessel.arrival, vessel.earliestStart ?? -Infinity);
}
