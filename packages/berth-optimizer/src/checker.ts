// The plan checker: re-validates every hard constraint of a plan against the instance, independently of the
// solvers, and reports each violation. Its counts of checks made are the "proof of feasibility" the CLI prints.
import { berthRectanglesClash, intervalsOverlap, quayMetres } from '@quayline/domain';
import type { TCall, TInstance, TPlan, TSection, TVessel, TWindow } from './model';
import { readyTime } from './model';
import { handlingHours } from './places';
import { tideLevelFunction } from './tide';

/** Slack for comparing times and lengths computed by sums of floating-point numbers. */
const EPS = 1e-6;

export type TViolation =
  | { kind: 'unknown_vessel'; vesselId: string; message: string }
  | { kind: 'duplicate_vessel'; vesselId: string; message: string }
  | { kind: 'missing_vessel'; vesselId: string; message: string }
  | { kind: 'fixed_unassigned'; vesselId: string; message: string }
  | { kind: 'fixed_moved'; vesselId: string; message: string }
  | { kind: 'no_place'; vesselId: string; message: string }
  | { kind: 'unknown_berth'; vesselId: string; berth: string; message: string }
  | { kind: 'cannot_serve'; vesselId: string; place: string; message: string }
  | { kind: 'too_long'; vesselId: string; berth: string; message: string }
  | { kind: 'outside_quay'; vesselId: string; message: string }
  | { kind: 'not_a_berth'; vesselId: string; section: string; message: string }
  | { kind: 'before_ready'; vesselId: string; message: string }
  | { kind: 'wrong_duration'; vesselId: string; expected: number; actual: number; message: string }
  | { kind: 'closed'; vesselId: string; place: string; message: string }
  | { kind: 'block_zone'; vesselId: string; blockZoneId: string; message: string }
  | { kind: 'too_shallow'; vesselId: string; place: string; at: 'arrival' | 'departure'; waterDepth: number; required: number; message: string }
  | { kind: 'overlap'; vesselIds: [string, string]; message: string };

export type TViolationKind = TViolation['kind'];

export type TCheckReport = {
  isFeasible: boolean;
  violations: TViolation[];
  /** How many times each rule was checked, for the proof of feasibility. */
  checks: Record<TCheckName, number>;
};

export const CHECK_NAMES = ['every vessel planned or listed unassigned once', 'frozen and berthed calls kept', 'place exists and serves the vessel', 'inside the quay and on berth sections', 'not before arrival or earliest start', 'handling time matches the place', 'inside availability windows', 'clear of block zones', 'deep enough at arrival and departure', 'pairs of calls apart in time or space (with clearance)'] as const;
export type TCheckName = (typeof CHECK_NAMES)[number];

const fmt = (n: number) => String(Math.round(n * 1000) / 1000);
const insideAWindow = (open: readonly TWindow[], start: number, end: number) => open.some(([a, b]) => a <= start + EPS && end <= b + EPS);

/** Checks a plan against every hard constraint of the instance. */
export function checkPlan(instance: TInstance, plan: TPlan): TCheckReport {
  const { quay } = instance;
  const violations: TViolation[] = [];
  const checks = Object.fromEntries(CHECK_NAMES.map((n) => [n, 0])) as Record<TCheckName, number>;
  const count = (name: TCheckName, n = 1) => (checks[name] += n);
  const vesselsById = new Map(instance.vessels.map((v) => [v.id, v]));
  const levelAt = tideLevelFunction(instance.tide);

  // Coverage: each vessel once, as a call or as unassigned.
  const seen = new Map<string, number>();
  for (const id of [...plan.calls.map((c) => c.vesselId), ...plan.unassigned]) {
    count('every vessel planned or listed unassigned once');
    if (!vesselsById.has(id)) violations.push({ kind: 'unknown_vessel', vesselId: id, message: `the plan names vessel "${id}", which is not in the instance` });
    seen.set(id, (seen.get(id) ?? 0) + 1);
  }
  for (const [id, n] of seen) if (n > 1 && vesselsById.has(id)) violations.push({ kind: 'duplicate_vessel', vesselId: id, message: `vessel "${id}" appears ${n} times in the plan` });
  for (const v of instance.vessels) {
    if (!seen.has(v.id)) violations.push({ kind: 'missing_vessel', vesselId: v.id, message: `vessel "${v.id}" is neither planned nor listed as unassigned` });
  }

  // Frozen and berthed calls stay exactly as they are.
  const unassigned = new Set(plan.unassigned);
  const callsById = new Map(plan.calls.map((c) => [c.vesselId, c]));
  for (const v of instance.vessels) {
    if (!v.fixed) continue;
    count('frozen and berthed calls kept');
    const call = callsById.get(v.id);
    if (!call || unassigned.has(v.id)) {
      violations.push({ kind: 'fixed_unassigned', vesselId: v.id, message: `${v.fixed.kind} vessel "${v.id}" must stay in the plan` });
      continue;
    }
    const f = v.fixed;
    const samePlace = quay.kind === 'discrete' ? call.berth === f.berth : call.position !== null && f.position !== null && Math.abs(call.position - f.position) <= EPS;
    if (!samePlace || Math.abs(call.start - f.start) > EPS || Math.abs(call.end - f.end) > EPS) {
      violations.push({ kind: 'fixed_moved', vesselId: v.id, message: `${f.kind} vessel "${v.id}" moved from ${f.berth ?? `${f.position} m`} [${fmt(f.start)}, ${fmt(f.end)}] to ${call.berth ?? `${call.position} m`} [${fmt(call.start)}, ${fmt(call.end)}]` });
    }
  }

  // Each call on its own against the quay.
  type TRect = { vesselId: string; from: number; to: number; start: number; end: number };
  const rects: TRect[] = [];
  for (const call of plan.calls) {
    const vessel = vesselsById.get(call.vesselId);
    if (!vessel) continue;
    const rect = quay.kind === 'discrete' ? checkDiscreteCall(instance, vessel, call, violations, count, levelAt) : checkContinuousCall(instance, vessel, call, violations, count, levelAt);
    if (rect) rects.push(rect);
  }

  // Pairs: a sweep over start times, so only calls that overlap in time are compared.
  const clearance = quayMetres(quay.kind === 'continuous' ? quay.clearance : 0);
  const byStart = [...rects].sort((a, b) => a.start - b.start);
  const active: TRect[] = [];
  for (const r of byStart) {
    for (let i = active.length - 1; i >= 0; i--) if (active[i]!.end <= r.start + EPS) active.splice(i, 1);
    for (const o of active) {
      count('pairs of calls apart in time or space (with clearance)');
      const a = { start: quayMetres(r.from), end: quayMetres(r.to), from: r.start, to: r.end };
      const b = { start: quayMetres(o.from), end: quayMetres(o.to), from: o.start + EPS, to: o.end - EPS };
      // Half a micro-metre of slack on each side absorbs rounding in positions computed as sums.
      const shrunk = { ...b, start: quayMetres(o.from + EPS / 2), end: quayMetres(o.to - EPS / 2) };
      if (berthRectanglesClash(a, quay.kind === 'continuous' ? shrunk : b, clearance)) {
        const ids: [string, string] = o.vesselId < r.vesselId ? [o.vesselId, r.vesselId] : [r.vesselId, o.vesselId];
        violations.push({ kind: 'overlap', vesselIds: ids, message: `"${ids[0]}" and "${ids[1]}" are alongside at the same time ${quay.kind === 'discrete' ? 'at the same berth' : `closer than the clearance of ${quay.clearance} m`}` });
      }
    }
    active.push(r);
  }
  return { isFeasible: violations.length === 0, violations, checks };
}

type TCount = (name: TCheckName, n?: number) => void;

function checkTimes(vessel: TVessel, call: TCall, expected: number, violations: TViolation[], count: TCount) {
  if (vessel.fixed) return;
  count('not before arrival or earliest start');
  const ready = readyTime(vessel);
  if (call.start < ready - EPS) violations.push({ kind: 'before_ready', vesselId: vessel.id, message: `"${vessel.id}" berths at ${fmt(call.start)} h, before it can (${fmt(ready)} h)` });
  count('handling time matches the place');
  const actual = call.end - call.start;
  if (Math.abs(actual - expected) > EPS * Math.max(1, expected)) {
    violations.push({ kind: 'wrong_duration', vesselId: vessel.id, expected, actual, message: `"${vessel.id}" is alongside ${fmt(actual)} h, but its handling there takes ${fmt(expected)} h` });
  }
}

/** A berthed call is alongside already: its berthing (and the windows then) are history, its departure is not. */
const isAlongside = (vessel: TVessel) => vessel.fixed?.kind === 'berthed';

function checkDepth(vessel: TVessel, call: TCall, place: string, depth: number | null, ukc: number, violations: TViolation[], count: TCount, levelAt: (t: number) => number) {
  if (depth === null) return;
  const required = vessel.draft + ukc;
  const moments = isAlongside(vessel) ? ([['departure', call.end]] as const) : ([['arrival', call.start], ['departure', call.end]] as const);
  for (const [at, t] of moments) {
    count('deep enough at arrival and departure');
    const water = depth + levelAt(t);
    if (water < required - 1e-9) {
      violations.push({ kind: 'too_shallow', vesselId: vessel.id, place, at, waterDepth: water, required, message: `"${vessel.id}" needs ${fmt(required)} m of water at ${place} on ${at} (${fmt(t)} h) but has ${fmt(water)} m` });
      return;
    }
  }
}

function checkDiscreteCall(instance: TInstance, vessel: TVessel, call: TCall, violations: TViolation[], count: TCount, levelAt: (t: number) => number) {
  if (instance.quay.kind !== 'discrete') return null;
  count('place exists and serves the vessel');
  if (call.berth === null) {
    violations.push({ kind: 'no_place', vesselId: vessel.id, message: `"${vessel.id}" has no berth` });
    return null;
  }
  const berthIndex = instance.quay.berths.findIndex((b) => b.id === call.berth);
  const berth = instance.quay.berths[berthIndex];
  if (!berth) {
    violations.push({ kind: 'unknown_berth', vesselId: vessel.id, berth: call.berth, message: `"${vessel.id}" is at berth "${call.berth}", which the quay does not have` });
    return null;
  }
  const expected = handlingHours(vessel.handling, [berth]);
  if (!Number.isFinite(expected)) violations.push({ kind: 'cannot_serve', vesselId: vessel.id, place: berth.id, message: `berth "${berth.id}" cannot serve "${vessel.id}"` });
  count('inside the quay and on berth sections');
  if (berth.length !== null && vessel.length > berth.length + EPS) violations.push({ kind: 'too_long', vesselId: vessel.id, berth: berth.id, message: `"${vessel.id}" (${vessel.length} m) is longer than berth "${berth.id}" (${berth.length} m)` });
  if (Number.isFinite(expected)) checkTimes(vessel, call, expected, violations, count);
  count('inside availability windows');
  if (!isAlongside(vessel) && !insideAWindow(berth.open, call.start, call.end)) violations.push({ kind: 'closed', vesselId: vessel.id, place: berth.id, message: `berth "${berth.id}" is not open for all of [${fmt(call.start)}, ${fmt(call.end)}]` });
  for (const zone of instance.blockZones) {
    if (!('berth' in zone.where) || zone.where.berth !== berth.id) continue;
    count('clear of block zones');
    if (intervalsOverlap(call.start, call.end, zone.start + EPS, zone.end - EPS)) violations.push({ kind: 'block_zone', vesselId: vessel.id, blockZoneId: zone.id, message: `"${vessel.id}" lies in block zone "${zone.id}"` });
  }
  checkDepth(vessel, call, `berth "${berth.id}"`, berth.depth, instance.quay.underKeelClearance, violations, count, levelAt);
  return { vesselId: vessel.id, from: berthIndex, to: berthIndex + 1, start: call.start, end: call.end };
}

function checkContinuousCall(instance: TInstance, vessel: TVessel, call: TCall, violations: TViolation[], count: TCount, levelAt: (t: number) => number) {
  const { quay } = instance;
  if (quay.kind !== 'continuous') return null;
  count('place exists and serves the vessel');
  if (call.position === null) {
    violations.push({ kind: 'no_place', vesselId: vessel.id, message: `"${vessel.id}" has no position` });
    return null;
  }
  const from = call.position;
  const to = call.position + vessel.length;
  count('inside the quay and on berth sections');
  if (from < -EPS || to > quay.length + EPS) violations.push({ kind: 'outside_quay', vesselId: vessel.id, message: `"${vessel.id}" at [${fmt(from)}, ${fmt(to)}] m is off the ${quay.length} m quay` });
  const sections: TSection[] = quay.sections.filter((s) => s.from < to - EPS && from + EPS < s.to);
  for (const s of sections) {
    if (!s.isBerth) violations.push({ kind: 'not_a_berth', vesselId: vessel.id, section: s.id, message: `"${vessel.id}" lies over section "${s.id}", where no vessel may berth` });
  }
  const expected = handlingHours(vessel.handling, sections);
  if (!Number.isFinite(expected)) violations.push({ kind: 'cannot_serve', vesselId: vessel.id, place: sections.map((s) => s.id).join('+'), message: `"${vessel.id}" cannot be handled over section(s) ${sections.map((s) => `"${s.id}"`).join(', ')}` });
  else checkTimes(vessel, call, expected, violations, count);
  for (const s of sections) {
    count('inside availability windows');
    if (!isAlongside(vessel) && !insideAWindow(s.open, call.start, call.end)) violations.push({ kind: 'closed', vesselId: vessel.id, place: s.id, message: `section "${s.id}" is not open for all of [${fmt(call.start)}, ${fmt(call.end)}]` });
  }
  for (const zone of instance.blockZones) {
    if (!('from' in zone.where)) continue;
    count('clear of block zones');
    const clash = berthRectanglesClash(
      { start: quayMetres(from), end: quayMetres(to), from: call.start, to: call.end },
      { start: quayMetres(zone.where.from + EPS), end: quayMetres(zone.where.to - EPS), from: zone.start + EPS, to: zone.end - EPS },
      quayMetres(0),
    );
    if (clash) violations.push({ kind: 'block_zone', vesselId: vessel.id, blockZoneId: zone.id, message: `"${vessel.id}" lies in block zone "${zone.id}"` });
  }
  const deep = sections.filter((s) => s.depth !== null);
  if (deep.length) {
    const shallowest = deep.reduce((a, b) => (b.depth! < a.depth! ? b : a));
    checkDepth(vessel, call, `section "${shallowest.id}"`, shallowest.depth, quay.underKeelClearance, violations, count, levelAt);
  }
  return { vesselId: vessel.id, from, to, start: call.start, end: call.end };
}
