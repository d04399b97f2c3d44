// Live berth-plan data as an optimizer instance (docs/optimizer.md, "From live data to an instance"), and the
// solver's plan back as berth times and positions. Pure: the service loads the rows and writes the draft.
import { DEFAULT_WEIGHTS, type TBlockZone, type TInstance, type TPlan, type TSection, type TTide, type TVessel } from '@quayline/berth-optimizer';
import type { TPlanSection } from '@quayline/domain';

const HOUR_MS = 3_600_000;
/** Tide samples this far apart; linear interpolation between them is off by a few millimetres at most. */
const TIDE_STEP_MS = 10 * 60_000;
/** Taken off every tide sample so the interpolated table never promises more water than the prediction. */
const TIDE_MARGIN_M = 0.01;

/** One call as the optimizer sees it, with the user's draft already applied. */
export type TLiveCall = {
  id: number;
  vesselName: string;
  arrivalMs: number;
  departureMs: number;
  start: number | null;
  end: number | null;
  /** Length overall, for a call that has no position yet. */
  lengthOverall: number;
  draft: number;
  /** When the vessel side asked to berth; null when it never did. */
  requestedMs: number | null;
  /** The live (published) berth arrival: the arrival of a call nobody requested a time for. */
  liveArrivalMs: number;
  alongside: boolean;
  frozen: boolean;
};

export type TLiveQuay = { length: number; clearance: number; sections: readonly TPlanSection[] };
export type TLiveBlockZone = { id: number; start: number; end: number; fromMs: number; toMs: number };

/** Why a call is kept where it is; null for the calls the optimizer may move. */
export type TFixReason = 'alongside' | 'frozen' | 'started' | 'after_window' | null;

export type TBuiltInstance = { instance: TInstance; originMs: number; fixReasons: Map<number, TFixReason> };

export function fixReasonOf(call: TLiveCall, window: { startMs: number; endMs: number; nowMs: number }): TFixReason {
  if (call.alongside) return 'alongside';
  if (call.frozen) return 'frozen';
  // A call that is due to berth before the window (or before now) is history or outside what the planner asked about.
  if (call.arrivalMs < Math.max(window.startMs, window.nowMs)) return 'started';
  // Later calls are only there so that nothing is pushed onto them.
  if (call.arrivalMs >= window.endMs) return 'after_window';
  return null;
}

/** The sections the optimizer needs: covering the whole quay without gaps (unknown stretches are berthable, depth unknown). */
export function quaySections(quay: TLiveQuay): TSection[] {
  const out: TSection[] = [];
  let cursor = 0;
  const gap = (from: number, to: number) => out.push({ id: `gap-${from}`, from, to, depth: null, productivity: 1, isBerth: true, open: [[-Infinity, Infinity]] });
  for (const s of [...quay.sections].sort((a, b) => a.start - b.start)) {
    const from = Math.max(s.start, cursor);
    const to = Math.min(s.end, quay.length);
    if (to <= from) continue;
    if (from > cursor) gap(cursor, from);
    // Buffer zones count as not berthable too, as in the planner's clash check (packages/domain/src/berth-clashes.ts).
    out.push({ id: String(s.id), from, to, depth: s.depth, productivity: 1, isBerth: s.berthType === 'Berth', open: [[-Infinity, Infinity]] });
    cursor = to;
  }
  if (cursor < quay.length) gap(cursor, quay.length);
  return out;
}

/** The tide prediction sampled as a table over [fromMs, toMs], lowered by a safety margin. */
export function tideTable(heightAt: (instantMs: number) => number, originMs: number, fromMs: number, toMs: number): TTide {
  const points: [number, number][] = [];
  for (let t = fromMs - TIDE_STEP_MS; t <= toMs + TIDE_STEP_MS; t += TIDE_STEP_MS) points.push([(t - originMs) / HOUR_MS, Math.round((heightAt(t) - TIDE_MARGIN_M) * 1000) / 1000]);
  return { kind: 'table', points };
}

const lengthOf = (c: TLiveCall) => (c.start !== null && c.end !== null && c.end > c.start ? c.end - c.start : c.lengthOverall);

/** How far past its requested stay a call may be planned before lateness is charged. */
export const LATENESS_SLACK_HOURS = 48;

export function buildInstance(args: {
  name: string;
  window: { startMs: number; endMs: number; nowMs: number };
  quay: TLiveQuay;
  blockZones: readonly TLiveBlockZone[];
  calls: readonly TLiveCall[];
  tideAt: ((instantMs: number) => number) | null;
}): TBuiltInstance {
  const originMs = args.window.startMs;
  const hours = (ms: number) => (ms - originMs) / HOUR_MS;
  const fixReasons = new Map<number, TFixReason>();
  const vessels: TVessel[] = [];
  const earliest = hours(Math.max(args.window.startMs, args.window.nowMs));
  for (const call of args.calls) {
    const reason = fixReasonOf(call, args.window);
    // A fixed call without a position takes no quay, so it can stay out of the instance.
    if (reason !== null && call.start === null) continue;
    fixReasons.set(call.id, reason);
    const arrival = hours(call.requestedMs ?? call.liveArrivalMs);
    vessels.push({
      id: String(call.id),
      arrival,
      earliestStart: earliest,
      // A call still waiting for a place is better left to the planner and the vessel side than put days past the
      // stay it asked for: beyond the slack, lateness (weight 20) outweighs leaving it unplaced.
      latestDeparture: reason === null && call.start === null ? arrival + (call.departureMs - call.arrivalMs) / HOUR_MS + LATENESS_SLACK_HOURS : null,
      requestedStart: call.requestedMs === null ? null : arrival,
      weight: 1,
      length: lengthOf(call),
      draft: call.draft,
      handling: { kind: 'hours', hours: (call.departureMs - call.arrivalMs) / HOUR_MS },
      preferredBerth: null,
      preferredPosition: call.start,
      fixed: reason === null ? null : { kind: reason === 'alongside' ? 'berthed' : 'frozen', berth: null, position: call.start, start: hours(call.arrivalMs), end: hours(call.departureMs) },
    });
  }
  const zones: TBlockZone[] = args.blockZones.map((z) => ({ id: String(z.id), start: hours(z.fromMs), end: hours(z.toMs), where: { from: z.start, to: z.end } }));
  const times = args.calls.flatMap((c) => [c.arrivalMs, c.departureMs]);
  const horizonEnd = Math.max(args.window.endMs, ...times) + 14 * 24 * HOUR_MS;
  const instance: TInstance = {
    name: args.name,
    quay: { kind: 'continuous', length: args.quay.length, clearance: args.quay.clearance, sections: quaySections(args.quay), underKeelClearance: 0 },
    blockZones: zones,
    tide: args.tideAt ? tideTable(args.tideAt, originMs, Math.min(originMs, ...times), horizonEnd) : null,
    vessels,
    weights: DEFAULT_WEIGHTS,
  };
  return { instance, originMs, fixReasons };
}

export type TProposedPlace = { arrivalMs: number; departureMs: number; start: number; end: number };

const MINUTE_MS = 60_000;
/** Up to the next minute (and centimetre): every start moves the same way, so neighbours that touched still touch. */
const ceilTo = (value: number, step: number) => Math.ceil(value / step - 1e-6) * step + 0;

/** The solver's plan as berth times and positions, optionally rounded to whole minutes and centimetres. */
export function proposedPlaces(built: TBuiltInstance, plan: TPlan, round: boolean): Map<number, TProposedPlace> {
  const vessels = new Map(built.instance.vessels.map((v) => [v.id, v]));
  const out = new Map<number, TProposedPlace>();
  for (const call of plan.calls) {
    const vessel = vessels.get(call.vesselId);
    if (call.position === null || !vessel) continue;
    // Fixed calls keep their exact times; only the optimizer's own placements are rounded.
    const rounded = round && vessel.fixed === null;
    const arrivalMs = built.originMs + call.start * HOUR_MS;
    const durationMs = Math.round((call.end - call.start) * HOUR_MS);
    const start = rounded ? Math.round(ceilTo(call.position, 0.01) * 100) / 100 : call.position;
    const at = rounded ? ceilTo(arrivalMs, MINUTE_MS) : Math.round(arrivalMs);
    out.set(Number(call.vesselId), { arrivalMs: at, departureMs: at + durationMs, start, end: Math.round((start + vessel.length) * 100) / 100 });
  }
  return out;
}

/** A plan of the instance with the given places (for re-checking rounded times). */
export function planOf(built: TBuiltInstance, places: Map<number, TProposedPlace>, unassigned: readonly string[]): TPlan {
  return {
    calls: [...places].map(([id, p]) => ({ vesselId: String(id), berth: null, position: p.start, start: (p.arrivalMs - built.originMs) / HOUR_MS, end: (p.departureMs - built.originMs) / HOUR_MS })),
    unassigned,
  };
}
