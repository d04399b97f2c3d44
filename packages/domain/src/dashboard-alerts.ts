// The dashboard's alert rules as pure functions: what fires, how severe, and the stable key an acknowledgement keeps.
import { z } from 'zod';

export const ALERT_RULES = ['unanswered_request', 'arrival_deviation', 'berth_clash', 'under_keel', 'cargo_behind_plan', 'prise_notice'] as const;
export type TAlertRule = (typeof ALERT_RULES)[number];
export const ALERT_SEVERITIES = ['info', 'warning', 'critical'] as const;
export type TAlertSeverity = (typeof ALERT_SEVERITIES)[number];

/** Thresholds a terminal sets for its alerts; the defaults apply until it saves its own. */
export const ZAlertSettings = z.object({
  /** A request or proposal waiting longer than this for an answer raises an alert; 0 raises one for every open request at once. */
  unanswered_request_minutes: z.number().int().min(0).max(10_080),
  /** A predicted or estimated arrival this far from the accepted berth arrival raises an alert. */
  arrival_deviation_minutes: z.number().int().min(5).max(4_320),
  /** A projected departure this much later than the accepted one raises an alert. */
  cargo_delay_minutes: z.number().int().min(0).max(1_440),
  /** Water wanted under the keel on top of the draft, metres. */
  under_keel_clearance_m: z.number().min(0).max(5),
  /** How far ahead alerts look: calls arriving later than this are not checked. */
  horizon_hours: z.number().int().min(1).max(720),
});
export type TAlertSettings = z.infer<typeof ZAlertSettings>;
export const DEFAULT_ALERT_SETTINGS: TAlertSettings = { unanswered_request_minutes: 120, arrival_deviation_minutes: 60, cargo_delay_minutes: 30, under_keel_clearance_m: 0, horizon_hours: 168 };

const MINUTE_MS = 60_000;
export type TAlertWhy = Record<string, string | number | null>;
export type TAlertFinding = { rule: TAlertRule; severity: TAlertSeverity; why: TAlertWhy; triggeringValue: string; createdAt: string | null };

/** Rule, call and the value that fired: an acknowledged alert comes back only when that value changes. */
export function alertKey(rule: TAlertRule, portcallId: number, triggeringValue: string): string {
  return `${rule}:${portcallId}:${triggeringValue}`;
}
export const ALERT_KEY_PATTERN = /^(unanswered_request|arrival_deviation|berth_clash|under_keel|cargo_behind_plan|prise_notice):[1-9][0-9]{0,9}:[A-Za-z0-9_.:+\-]{1,160}$/;

/** A request or proposal answered by nobody for longer than the threshold; critical when the call arrives within a day. */
export function unansweredRequestAlert(args: { time: string; label: string; waitingSince: string; berthArrival: string; now: Date; thresholdMinutes: number }): TAlertFinding | null {
  const ageMinutes = Math.floor((args.now.getTime() - Date.parse(args.waitingSince)) / MINUTE_MS);
  if (args.thresholdMinutes > 0 && ageMinutes <= args.thresholdMinutes) return null;
  const isArrivingSoon = Date.parse(args.berthArrival) - args.now.getTime() < 24 * 60 * MINUTE_MS;
  return {
    rule: 'unanswered_request',
    severity: isArrivingSoon ? 'critical' : 'warning',
    why: { time: args.time, label: args.label, age_minutes: ageMinutes, threshold_minutes: args.thresholdMinutes },
    triggeringValue: `${args.time}:${new Date(args.waitingSince).toISOString()}`,
    createdAt: new Date(Date.parse(args.waitingSince) + args.thresholdMinutes * MINUTE_MS).toISOString(),
  };
}

export type TArrivalCandidate = { source: 'predicted' | 'schedule_proposal'; time: string; at: string | null };

/** The candidate farthest from the accepted arrival, when it is farther than the threshold; critical past three times it. */
export function arrivalDeviationAlert(args: { acceptedArrival: string; candidates: readonly TArrivalCandidate[]; thresholdMinutes: number }): TAlertFinding | null {
  let worst: { candidate: TArrivalCandidate; minutes: number } | null = null;
  for (const candidate of args.candidates) {
    const minutes = Math.round((Date.parse(candidate.time) - Date.parse(args.acceptedArrival)) / MINUTE_MS);
    if (!worst || Math.abs(minutes) > Math.abs(worst.minutes)) worst = { candidate, minutes };
  }
  if (!worst || Math.abs(worst.minutes) <= args.thresholdMinutes) return null;
  return {
    rule: 'arrival_deviation',
    severity: Math.abs(worst.minutes) > 3 * args.thresholdMinutes ? 'critical' : 'warning',
    why: { source: worst.candidate.source, accepted_arrival: new Date(args.acceptedArrival).toISOString(), predicted_arrival: new Date(worst.candidate.time).toISOString(), deviation_minutes: worst.minutes, threshold_minutes: args.thresholdMinutes },
    triggeringValue: new Date(worst.candidate.time).toISOString(),
    createdAt: worst.candidate.at,
  };
}

/** A projected end of cargo operations that pushes the departure past the accepted one by more than the threshold. */
export function cargoBehindPlanAlert(args: { projectedEnd: string | null; plannedEnd: string; acceptedDeparture: string; actualVolume: number; thresholdMinutes: number }): TAlertFinding | null {
  if (!args.projectedEnd) return null;
  // The time planned between the end of cargo and unberthing (lashing, pilot) stays the same when cargo runs late.
  const afterCargoMs = Math.max(0, Date.parse(args.acceptedDeparture) - Date.parse(args.plannedEnd));
  const projectedDeparture = Date.parse(args.projectedEnd) + afterCargoMs;
  const delayMinutes = Math.round((projectedDeparture - Date.parse(args.acceptedDeparture)) / MINUTE_MS);
  if (delayMinutes <= args.thresholdMinutes) return null;
  return {
    rule: 'cargo_behind_plan',
    severity: delayMinutes > 3 * Math.max(args.thresholdMinutes, 30) ? 'critical' : 'warning',
    why: { projected_departure: new Date(projectedDeparture).toISOString(), accepted_departure: new Date(args.acceptedDeparture).toISOString(), delay_minutes: delayMinutes, threshold_minutes: args.thresholdMinutes },
    // A new figure arrives only when a shift ends, so the done volume keeps the key steady between shifts.
    triggeringValue: `moves-${args.actualVolume}`,
    createdAt: null,
  };
}

export type TPlanProblem =
  /** The first other call it overlaps (null when the user may not see it) and how many it overlaps in all. */
  | { kind: 'overlap'; otherPortcallId: number | null; otherCount: number }
  | { kind: 'block_zone'; blockZoneId: number }
  | { kind: 'outside_quay' }
  | { kind: 'not_a_berth'; sectionId: number }
  | { kind: 'too_shallow'; sectionId: number; at: 'arrival' | 'departure'; waterDepth: number; draft: number; underKeelClearance: number };

/** A clash of the live berth plan (critical) or a draft the water at the planned time cannot carry (critical). */
export function planProblemAlert(args: { problem: TPlanProblem; berthArrival: string; startPosition: number }): TAlertFinding {
  const p = args.problem;
  const place = `${Date.parse(args.berthArrival)}-${args.startPosition}`;
  if (p.kind === 'too_shallow') {
    return {
      rule: 'under_keel',
      severity: 'critical',
      why: { section_id: p.sectionId, at: p.at, water_depth_m: p.waterDepth, draft_m: p.draft, under_keel_clearance_m: p.underKeelClearance },
      triggeringValue: `${p.sectionId}:${p.at}:${p.draft}:${place}`,
      createdAt: null,
    };
  }
  const counterpart = p.kind === 'overlap' ? (p.otherPortcallId ?? 'hidden') : p.kind === 'block_zone' ? p.blockZoneId : p.kind === 'not_a_berth' ? p.sectionId : 'quay';
  return {
    rule: 'berth_clash',
    severity: 'critical',
    why: {
      kind: p.kind,
      other_portcall_id: p.kind === 'overlap' ? p.otherPortcallId : null,
      other_count: p.kind === 'overlap' ? p.otherCount : null,
      block_zone_id: p.kind === 'block_zone' ? p.blockZoneId : null,
      section_id: p.kind === 'not_a_berth' ? p.sectionId : null,
    },
    triggeringValue: `${p.kind}:${counterpart}:${place}`,
    createdAt: null,
  };
}

/** Within this many hours of its due time an unsent PRISE notice raises a warning. */
export const PRISE_DUE_SOON_HOURS = 6;

/**
 * A PRISE notice that needs someone (docs/prise.md): rejected (critical), not sent and past its due time (critical),
 * sent back to draft after an approval (warning), not sent and due within 6 h (warning). `status` null: no notice stored yet.
 */
export function priseNoticeAlert(args: { status: 'draft' | 'submitted' | 'approved' | 'rejected' | null; isReopenedAfterApproval: boolean; dueAt: string | null; priseCode: string | null; changedAt: string | null; now: Date }): TAlertFinding | null {
  const dueAt = args.dueAt ? new Date(args.dueAt).toISOString() : null;
  const why = (state: 'rejected' | 'overdue' | 'due_soon' | 'reopened') => ({ state, due_at: dueAt, prise_code: args.priseCode });
  if (args.status === 'rejected') return { rule: 'prise_notice', severity: 'critical', why: why('rejected'), triggeringValue: `rejected:${args.changedAt ?? 'unknown'}`, createdAt: args.changedAt };
  const isUnsent = args.status === null || args.status === 'draft';
  if (!isUnsent) return null;
  const untilDue = dueAt ? Date.parse(dueAt) - args.now.getTime() : null;
  if (untilDue !== null && untilDue < 0) return { rule: 'prise_notice', severity: 'critical', why: why('overdue'), triggeringValue: `overdue:${dueAt}`, createdAt: dueAt };
  if (args.isReopenedAfterApproval) return { rule: 'prise_notice', severity: 'warning', why: why('reopened'), triggeringValue: `reopened:${args.changedAt ?? 'unknown'}`, createdAt: args.changedAt };
  if (untilDue !== null && untilDue <= PRISE_DUE_SOON_HOURS * 60 * MINUTE_MS) {
    return { rule: 'prise_notice', severity: 'warning', why: why('due_soon'), triggeringValue: `due_soon:${dueAt}`, createdAt: new Date(Date.parse(dueAt!) - PRISE_DUE_SOON_HOURS * 60 * MINUTE_MS).toISOString() };
  }
  return null;
}

const SEVERITY_RANK: Record<TAlertSeverity, number> = { critical: 0, warning: 1, info: 2 };
/**
 * Most severe first, then the earliest arrival. Ties go by key in code-point order: keys are ASCII, and a collating
 * `localeCompare` and two `Date.parse` per comparison cost about 150 ms per request when the bench plan raised
 * thousands of alerts (docs/performance.md).
 */
export function compareAlerts(a: { severity: TAlertSeverity; berth_arrival: string; key: string }, b: { severity: TAlertSeverity; berth_arrival: string; key: string }): number {
  return SEVERITY_RANK[a.severity] - SEVERITY_RANK[b.severity] || compareInstants(a.berth_arrival, b.berth_arrival) || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0);
}

/** Two UTC ISO strings of one shape (as toISOString writes them) sort as text; anything else is parsed. */
function compareInstants(a: string, b: string): number {
  if (a.length === b.length && a.endsWith('Z') && b.endsWith('Z')) return a < b ? -1 : a > b ? 1 : 0;
  return Date.parse(a) - Date.parse(b);
}
