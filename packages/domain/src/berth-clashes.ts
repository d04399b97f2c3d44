// Every clash of a berth plan: calls too close to each other, in a block zone, over water too shallow for
// their draft at the tide of arrival and departure, or off the quay. Used by the planner and the optimizer's checker.
import { type QuayMetres, berthRectanglesClash, quayMetres } from './geometry';

export type TPlannedCall = { id: number; start: number; end: number; from: number; to: number; draft: number };
export type TPlanSection = { id: number; start: number; end: number; depth: number; berthType: 'Berth' | 'Blocked Zone' | 'Buffer Zone' };
export type TPlanBlockZone = { id: number; start: number; end: number; from: number; to: number };
export type TPlanQuay = {
  length: number;
  clearance: number;
  sections: readonly TPlanSection[];
  blockZones: readonly TPlanBlockZone[];
  /** Water level above chart datum at an instant, in metres; none means datum. */
  tideAt?: (instantMs: number) => number;
  /** Water the terminal wants under the keel, in metres. */
  underKeelClearance?: number;
};

export type TClash =
  | { kind: 'overlap'; callIds: [number, number] }
  | { kind: 'block_zone'; callIds: [number]; blockZoneId: number }
  | { kind: 'too_shallow'; callIds: [number]; sectionId: number; at: 'arrival' | 'departure'; waterDepth: number; draft: number }
  | { kind: 'outside_quay'; callIds: [number] }
  | { kind: 'not_a_berth'; callIds: [number]; sectionId: number };

/**
 * The draft a clash check holds a call to: the deeper of its declared drafts, and without one the vessel's maximum, so
 * a call nobody declared a draft for is not waved through onto shallow water. One rule for the planner, the dashboard's
 * alerts, the publish preview and the optimiser, so they never disagree about the same call.
 */
export function clashDraftOf(c: { draftInbound: number; draftOutbound: number; vesselMaxDraft: number | null }): number {
  return Math.max(c.draftInbound, c.draftOutbound) || (c.vesselMaxDraft ?? 0);
}

/** A planner's call (the planner projection) as the clash rules read it; null while it has no place on the quay. */
export function plannedCallOf(c: {
  id: number;
  berth_start_position: number | null;
  berth_end_position: number | null;
  berth_arrival: string;
  berth_departure: string;
  draft_inbound: number;
  draft_outbound: number;
  vessel_max_draft: number | null;
}): TPlannedCall | null {
  if (c.berth_start_position === null || c.berth_end_position === null) return null;
  return {
    id: c.id,
    start: Math.min(c.berth_start_position, c.berth_end_position),
    end: Math.max(c.berth_start_position, c.berth_end_position),
    from: Date.parse(c.berth_arrival),
    to: Date.parse(c.berth_departure),
    draft: clashDraftOf({ draftInbound: c.draft_inbound, draftOutbound: c.draft_outbound, vesselMaxDraft: c.vessel_max_draft }),
  };
}

/**
 * A terminal's quay as the clash rules read it, from the terminal detail and block zones that the planner and the
 * server's clash checks both load: the same clearance, sections and zones on every side.
 */
export function planQuayOf(args: {
  terminal: { quay_length_m: number; min_clearance_m: number; sections: readonly { id: number; start_position_m: number; end_position_m: number; water_depth_m: number; berth_type: TPlanSection['berthType'] }[] };
  blockZones: readonly { id: number; start_position_m: number; end_position_m: number; starts_at: string; ends_at: string }[];
  tideAt?: ((instantMs: number) => number) | undefined;
}): TPlanQuay {
  return {
    length: args.terminal.quay_length_m,
    clearance: args.terminal.min_clearance_m,
    sections: args.terminal.sections.map((s) => ({ id: s.id, start: s.start_position_m, end: s.end_position_m, depth: s.water_depth_m, berthType: s.berth_type })),
    blockZones: args.blockZones.map((z) => ({ id: z.id, start: z.start_position_m, end: z.end_position_m, from: Date.parse(z.starts_at), to: Date.parse(z.ends_at) })),
    ...(args.tideAt ? { tideAt: args.tideAt } : {}),
  };
}

const rect = (c: { start: number; end: number; from: number; to: number }) => ({ start: quayMetres(c.start), end: quayMetres(c.end), from: c.from, to: c.to });

/** The clashes of one call against the quay itself (not against other calls). */
export function clashesWithQuay(call: TPlannedCall, quay: TPlanQuay): TClash[] {
  const out: TClash[] = [];
  if (call.start < 0 || call.end > quay.length || call.end <= call.start) out.push({ kind: 'outside_quay', callIds: [call.id] });
  for (const zone of quay.blockZones) {
    if (berthRectanglesClash(rect(call), rect(zone), quayMetres(0))) out.push({ kind: 'block_zone', callIds: [call.id], blockZoneId: zone.id });
  }
  const ukc = quay.underKeelClearance ?? 0;
  for (const section of quay.sections) {
    if (!(section.start < call.end && call.start < section.end)) continue;
    if (section.berthType !== 'Berth') {
      out.push({ kind: 'not_a_berth', callIds: [call.id], sectionId: section.id });
      continue;
    }
    for (const [at, instant] of [['arrival', call.from], ['departure', call.to]] as const) {
      const water = section.depth + (quay.tideAt?.(instant) ?? 0);
      if (water < call.draft + ukc) {
        out.push({ kind: 'too_shallow', callIds: [call.id], sectionId: section.id, at, waterDepth: Math.round(water * 100) / 100, draft: call.draft });
        break;
      }
    }
  }
  return out;
}

type TSweepCall = { id: number; lo: number; hi: number; from: number; to: number };

/**
 * Every pair of calls that clash, found with a sweep over time, so thousands of calls stay fast: the pair test is
 * the rule of berthRectanglesClash on plain numbers, because a busy window tests a few hundred thousand pairs.
 */
function forEachClashingPair(calls: readonly TPlannedCall[], clearanceMetres: number, visit: (low: number, high: number) => void): void {
  const byStart: TSweepCall[] = calls
    .map((c) => ({ id: c.id, lo: Math.min(c.start, c.end), hi: Math.max(c.start, c.end), from: c.from, to: c.to }))
    .sort((a, b) => a.from - b.from || a.id - b.id);
  let active: TSweepCall[] = [];
  const clearance = Math.max(0, clearanceMetres);
  for (const call of byStart) {
    if (active.some((a) => a.to <= call.from)) active = active.filter((a) => a.to > call.from);
    for (const other of active) {
      const isSameTime = call.from < other.to && other.from < call.to;
      if (isSameTime && call.lo < other.hi + clearance && other.lo < call.hi + clearance) {
        if (other.id < call.id) visit(other.id, call.id);
        else visit(call.id, other.id);
      }
    }
    active.push(call);
  }
}

/** All clashes of a plan: each call against the quay, then every pair too close, in time order. */
export function findPlanClashes(calls: readonly TPlannedCall[], quay: TPlanQuay): TClash[] {
  const out: TClash[] = calls.flatMap((c) => clashesWithQuay(c, quay));
  forEachClashingPair(calls, quay.clearance, (low, high) => out.push({ kind: 'overlap', callIds: [low, high] }));
  return out;
}

/** Every pair of calls too close to each other, flat as [low id, high id, low id, high id, ...] in time order. */
export function clashingPairs(calls: readonly TPlannedCall[], clearanceMetres: number): Int32Array {
  let pairs = new Int32Array(1024);
  let length = 0;
  forEachClashingPair(calls, clearanceMetres, (low, high) => {
    if (length + 2 > pairs.length) {
      const grown = new Int32Array(pairs.length * 2);
      grown.set(pairs);
      pairs = grown;
    }
    pairs[length++] = low;
    pairs[length++] = high;
  });
  return pairs.slice(0, length);
}

export type TPlanClashSummary = { total: number; callIds: ReadonlySet<number>; first: TClash[] };

/**
 * What a screen shows of the clashes: how many, which calls are in one, and the first few in findPlanClashes order.
 * A pile-up of 2,000 calls has 90,000 clashing pairs, and listing them all costs more than finding them. The pairs
 * depend on places and clearance only, so a screen keeps them while block zones and tide arrive or change.
 */
export function summarisePlanClashes(calls: readonly TPlannedCall[], quay: TPlanQuay, listLimit: number, pairs: Int32Array = clashingPairs(calls, quay.clearance)): TPlanClashSummary {
  const first: TClash[] = [];
  const callIds = new Set<number>();
  let total = 0;
  for (const call of calls) {
    for (const clash of clashesWithQuay(call, quay)) {
      total++;
      callIds.add(call.id);
      if (first.length < listLimit) first.push(clash);
    }
  }
  for (let i = 0; i < pairs.length; i += 2) {
    const low = pairs[i]!;
    const high = pairs[i + 1]!;
    total++;
    callIds.add(low);
    callIds.add(high);
    if (first.length < listLimit) first.push({ kind: 'overlap', callIds: [low, high] });
  }
  return { total, callIds, first };
}

/**
 * For calls not yet on the plan (a template's preview, the calls Generate would create), the plan's calls each one is
 * too close to, by the same pair rule as the planner and the alerts. Candidates are not held against each other, and
 * clashes among the plan's own calls are not theirs to report. Answers, per candidate index, the plan's call ids.
 */
export function clashesWithPlan(candidates: readonly TPlannedCall[], plan: readonly TPlannedCall[], clearanceMetres: number): number[][] {
  const out: number[][] = candidates.map(() => []);
  // Candidates take negative ids, so a pair (low, high) with low < 0 < high is a candidate against a plan call.
  const calls = [...candidates.map((c, i) => ({ ...c, id: -(i + 1) })), ...plan.filter((c) => c.id > 0)];
  forEachClashingPair(calls, clearanceMetres, (low, high) => {
    if (low < 0 && high > 0) out[-low - 1]!.push(high);
  });
  for (const ids of out) ids.sort((a, b) => a - b);
  return out;
}
