// The alerts widget: rule-based alerts computed from current data (packages/domain/src/dashboard-alerts.ts holds the
// rules), terminal thresholds, and per-user acknowledgements.
import {
  DEFAULT_ALERT_SETTINGS,
  type TAlertFinding,
  type TAlertSettings,
  type TArrivalCandidate,
  type TClash,
  type TPlanProblem,
  type TDashboardAlert,
  type TDashboardAlerts,
  type TPortcall,
  alertKey,
  clashesWithQuay,
  clashingPairs,
  arrivalDeviationAlert,
  cargoBehindPlanAlert,
  compareAlerts,
  computeCargoProgress,
  groupAlerts,
  pageMeta,
  planProblemAlert,
  realtimeChannels,
  unansweredRequestAlert,
} from '@quayline/domain';
import type { AppContext } from '../../app-context';
import { AppError } from '../../lib/app-error';
import type { AuthSession } from '../auth/auth.service';
import { refuseUnlessAllowed } from '../auth/route-permissions';
import { findPortcallExtras, perPortcall } from '../portcalls/portcall.repository';
import { publishEvent } from '../realtime/publish-event';
import { findLivePlan, livePlanClashInputs } from '../berth-plan/live-plan';
import { terminalTideModel } from '../tides/tide.service';
import { mapCalls, scopeTerminals } from './dashboard-scope';
import {
  findAcknowledgedKeys,
  findAlertSettingsRows,
  findLastStepTimes,
  findOpenArrivalProposals,
  findVisibleCalls,
  insertAcknowledgement,
  upsertAlertSettings,
} from './dashboard.repository';
import { waitingTimes } from './waiting-times';
import { findPriseAlerts } from '../prise/prise-alerts';

const HOUR_MS = 3_600_000;
const iso = (d: Date | string) => new Date(d).toISOString();

async function settingsOf(ctx: AppContext, terminalIds: number[]): Promise<Map<number, { settings: TAlertSettings; updated_at: string | null }>> {
  const rows = await findAlertSettingsRows(ctx.db, terminalIds);
  const map = new Map(terminalIds.map((id) => [id, { settings: DEFAULT_ALERT_SETTINGS, updated_at: null as string | null }]));
  for (const r of rows) {
    map.set(r.terminal_id, {
      settings: { unanswered_request_minutes: r.unanswered_request_minutes, arrival_deviation_minutes: r.arrival_deviation_minutes, cargo_delay_minutes: r.cargo_delay_minutes, under_keel_clearance_m: Number(r.under_keel_clearance_m), horizon_hours: r.horizon_hours },
      updated_at: iso(r.updated_at),
    });
  }
  return map;
}

/** The agreed arrival a prediction is measured against: only for calls whose arrival was accepted in the negotiation. */
function acceptedArrivalOf(call: TPortcall, wasAccepted: boolean): string | null {
  if (!wasAccepted || call.berth_arrival_state.label === 'actual') return null;
  // A vessel estimate replaces the time on the call; the predicted arrival still knows the agreed one it differs from.
  if (call.predicted_berth_arrival) return iso(new Date(Date.parse(call.predicted_berth_arrival.predicted_time) - call.predicted_berth_arrival.difference * 60_000));
  return call.berth_arrival_state.label === 'accepted' ? call.berth_arrival : null;
}

type TFound = { call: TPortcall; finding: TAlertFinding; link: string };

/** Every alert on the calls the user may see, at the terminals in scope, with the user's acknowledgements. */
export async function computeAlerts(ctx: AppContext, session: AuthSession, terminalId: number | undefined): Promise<TDashboardAlert[]> {
  const user = session.user;
  const terminalIds = await scopeTerminals(ctx, user, terminalId);
  if (terminalIds.length === 0) return [];
  const now = ctx.clock.now();
  const nowMs = now.getTime();
  const settings = await settingsOf(ctx, terminalIds);
  const maxHorizon = Math.max(...[...settings.values()].map((s) => s.settings.horizon_hours));
  const rows = (await findVisibleCalls(ctx.db, user, { terminalId, departureFrom: now, arrivalTo: new Date(nowMs + maxHorizon * HOUR_MS), excludeStatuses: ['Cancelled', 'Departed'] })).filter(
    (r) => terminalIds.includes(r.terminal_id) && new Date(r.berth_arrival).getTime() <= nowMs + settings.get(r.terminal_id)!.settings.horizon_hours * HOUR_MS,
  );
  const ids = rows.map((r) => r.id);
  // The extras (arrival chain, shifts, equipment of every call in the horizon) are read once for the mapping and the rules.
  const extras = await findPortcallExtras(ctx.db, ids);
  const [calls, steps, proposals] = await Promise.all([mapCalls(ctx, user, rows, { withExtras: true, extras }), findLastStepTimes(ctx.db, ids), findOpenArrivalProposals(ctx.db, ids)]);
  const stepAt = new Map(steps.map((s) => [`${s.portcall_id}:${s.time_type}`, iso(s.at as Date | string)]));
  const proposalsOf = perPortcall(proposals);
  const arrivalStepsOf = perPortcall(extras.arrivalSteps);
  const found: TFound[] = [];
  const details = (call: TPortcall) => `/portcall-planner/details?id=${call.id}`;

  for (const call of calls) {
    const s = settings.get(call.terminal_id)!.settings;
    // Arrival and departure are usually asked together: one alert per call, for the time waiting longest.
    const oldest = waitingTimes(call, { includeFirstPlans: false })
      .map((w) => ({ ...w, since: stepAt.get(`${call.id}:${w.time}`) ?? call.updated_at }))
      .sort((a, b) => Date.parse(a.since) - Date.parse(b.since))[0];
    if (oldest) {
      const finding = unansweredRequestAlert({ time: oldest.time, label: oldest.label, waitingSince: oldest.since, berthArrival: call.berth_arrival, now, thresholdMinutes: s.unanswered_request_minutes });
      if (finding) found.push({ call, finding, link: details(call) });
    }
    const accepted = acceptedArrivalOf(call, arrivalStepsOf(call.id).some((st) => st.action === 'accept'));
    if (accepted) {
      const candidates: TArrivalCandidate[] = [
        ...(call.predicted_berth_arrival ? [{ source: 'predicted' as const, time: call.predicted_berth_arrival.predicted_time, at: call.predicted_berth_arrival.last_fetched_at }] : []),
        ...proposalsOf(call.id).map((p) => ({ source: 'schedule_proposal' as const, time: iso(p.proposed_time), at: iso(p.created_at) })),
      ];
      const finding = arrivalDeviationAlert({ acceptedArrival: accepted, candidates, thresholdMinutes: s.arrival_deviation_minutes });
      if (finding) found.push({ call, finding, link: details(call) });
    }
    if (call.status === 'Cargo Ops') {
      const progress = computeCargoProgress({ cargoDetails: call.cargo_details, shifts: call.portcall_shift_details, cargoOperationsStart: call.cargo_operations_start, now });
      const finding = cargoBehindPlanAlert({ projectedEnd: progress.projected_end, plannedEnd: call.cargo_operations_end ?? call.berth_departure, acceptedDeparture: call.berth_departure, actualVolume: progress.actual_volume, thresholdMinutes: s.cargo_delay_minutes });
      if (finding) found.push({ call, finding, link: details(call) });
    }
  }
  found.push(...(await planAlerts(ctx, calls, settings, now)));
  found.push(...(await findPriseAlerts(ctx, calls, now)).map((f) => ({ ...f, link: details(f.call) })));

  const keyed = found.map((f) => ({ ...f, key: alertKey(f.finding.rule, f.call.id, f.finding.triggeringValue) }));
  const acknowledged = new Set((await findAcknowledgedKeys(ctx.db, user.id, keyed.map((k) => k.key))).map((r) => r.alert_key));
  const alerts = keyed.map(
    (f): TDashboardAlert => ({
      key: f.key,
      rule: f.finding.rule,
      severity: f.finding.severity,
      portcall_id: f.call.id,
      terminal_id: f.call.terminal_id,
      vessel_id: f.call.vessel_id,
      vessel_name: f.call.vessel_name,
      berth_arrival: f.call.berth_arrival,
      why: f.finding.why,
      link: f.link,
      created_at: f.finding.createdAt,
      acknowledged: acknowledged.has(f.key),
    }),
  );
  // One alert per key: two clashes of a call with the same counterpart are one thing to act on.
  return [...new Map(alerts.map((a) => [a.key, a])).values()].sort(compareAlerts);
}

/** Clashes of the live plan and water too shallow at the planned time, on the visible calls, each terminal with its own tide. */
async function planAlerts(ctx: AppContext, calls: readonly TPortcall[], settings: Map<number, { settings: TAlertSettings }>, now: Date): Promise<TFound[]> {
  const out: TFound[] = [];
  const visible = new Map(calls.map((c) => [c.id, c]));
  for (const terminalId of new Set(calls.filter((c) => c.berth_start_position !== null).map((c) => c.terminal_id))) {
    const s = settings.get(terminalId)!.settings;
    const plan = await findLivePlan(ctx.db, { terminalId, from: now, to: new Date(now.getTime() + s.horizon_hours * HOUR_MS), isDepartedLeftOut: true });
    const { calls: placed, quay } = livePlanClashInputs(plan, { underKeelClearance: s.under_keel_clearance_m, tide: await terminalTideModel(ctx, terminalId) });
    for (const planned of placed) {
      const call = visible.get(planned.id);
      if (!call || call.berth_start_position === null) continue;
      for (const clash of clashesWithQuay(planned, quay)) {
        if (clash.kind === 'overlap') continue;
        const problem = planProblemOf(clash, s.under_keel_clearance_m);
        out.push({ call, finding: planProblemAlert({ problem, berthArrival: call.berth_arrival, startPosition: call.berth_start_position }), link: `/berth-planner?portcall_id=${call.id}` });
      }
    }
    // A call overlapping several others is one thing to act on: one alert naming the first visible other and the
    // count, so a stacked plan raises an alert per call, not one per pair (the bench plan had 92,805 pairs). The pairs
    // are counted as they come, without an object per pair.
    const overlapsOf = new Map<number, { count: number; firstVisible: number | null }>();
    const note = (id: number, other: number) => {
      const call = visible.get(id);
      if (!call || call.berth_start_position === null) return;
      const seen = overlapsOf.get(id) ?? { count: 0, firstVisible: null };
      seen.count++;
      if (visible.has(other) && (seen.firstVisible === null || other < seen.firstVisible)) seen.firstVisible = other;
      overlapsOf.set(id, seen);
    };
    const pairs = clashingPairs(placed, quay.clearance);
    for (let i = 0; i < pairs.length; i += 2) {
      note(pairs[i]!, pairs[i + 1]!);
      note(pairs[i + 1]!, pairs[i]!);
    }
    for (const [id, { count, firstVisible }] of overlapsOf) {
      const call = visible.get(id)!;
      const problem: TPlanProblem = { kind: 'overlap', otherPortcallId: firstVisible, otherCount: count };
      out.push({ call, finding: planProblemAlert({ problem, berthArrival: call.berth_arrival, startPosition: call.berth_start_position! }), link: `/berth-planner?portcall_id=${call.id}` });
    }
  }
  return out;
}

/** A clash other than an overlap as one call's problem (overlaps are gathered per call above). */
function planProblemOf(clash: Exclude<TClash, { kind: 'overlap' }>, underKeelClearance: number): TPlanProblem {
  switch (clash.kind) {
    case 'block_zone':
      return { kind: 'block_zone', blockZoneId: clash.blockZoneId };
    case 'not_a_berth':
      return { kind: 'not_a_berth', sectionId: clash.sectionId };
    case 'too_shallow':
      return { kind: 'too_shallow', sectionId: clash.sectionId, at: clash.at, waterDepth: clash.waterDepth, draft: clash.draft, underKeelClearance };
    case 'outside_quay':
      return { kind: 'outside_quay' };
  }
}

/**
 * The alerts as the widget lists them: grouped per vessel and rule, one page of groups (a stacked plan raises an
 * alert per call, thousands of them, which no one reads one by one). `group` or `portcall_id` narrows to one group
 * or one call and lists its alerts in full.
 */
export async function listAlerts(
  ctx: AppContext,
  session: AuthSession,
  query: { terminal_id?: number | undefined; include_acknowledged: 'true' | 'false'; group?: string | undefined; portcall_id?: number | undefined; page: number; per_page: number },
): Promise<TDashboardAlerts> {
  const all = await computeAlerts(ctx, session, query.terminal_id);
  const shown = query.include_acknowledged === 'true' ? all : all.filter((a) => !a.acknowledged);
  const groups = groupAlerts(shown);
  const narrowed = groups.filter((g) => (query.group === undefined || g.key === query.group) && (query.portcall_id === undefined || g.portcalls.some((p) => p.id === query.portcall_id)));
  const page = narrowed.slice((query.page - 1) * query.per_page, query.page * query.per_page);
  const isNarrowed = query.group !== undefined || query.portcall_id !== undefined;
  return {
    groups: page.map(({ alerts: _alerts, ...group }) => group),
    meta: pageMeta({ page: query.page, perPage: query.per_page, totalCount: narrowed.length }),
    items: isNarrowed ? narrowed.flatMap((g) => g.alerts.filter((a) => query.portcall_id === undefined || a.portcall_id === query.portcall_id)) : [],
    unacknowledged_count: all.filter((a) => !a.acknowledged).length,
    alert_count: shown.length,
  };
}

/** Records who acknowledged which alert when (the proxy's real person too); the alert must be one the user sees now. */
export async function acknowledgeAlert(ctx: AppContext, session: AuthSession, key: string) {
  const alert = (await computeAlerts(ctx, session, undefined)).find((a) => a.key === key);
  if (!alert) throw new AppError('NOT_FOUND', { message: 'No such alert.' });
  const [row] = await storeAcknowledgements(ctx, session, [alert]);
  return { alert: { ...alert, acknowledged: true }, acknowledged_at: iso(row!.acknowledged_at), acknowledged_by: row!.portal_user_id, acting_user_id: row!.acting_user_id };
}

/** Acknowledges every open alert of a group at once (a vessel's clashes are usually handled together). */
export async function acknowledgeAlertGroup(ctx: AppContext, session: AuthSession, groupKey: string) {
  const group = groupAlerts(await computeAlerts(ctx, session, undefined)).find((g) => g.key === groupKey);
  if (!group) throw new AppError('NOT_FOUND', { message: 'No such alert group.' });
  const open = group.alerts.filter((a) => !a.acknowledged);
  const rows = await storeAcknowledgements(ctx, session, open);
  return { group: groupKey, keys: open.map((a) => a.key), acknowledged_at: iso(rows[0]?.acknowledged_at ?? ctx.clock.now()), acknowledged_by: session.user.id, acting_user_id: session.actor?.id ?? null };
}

async function storeAcknowledgements(ctx: AppContext, session: AuthSession, alerts: readonly TDashboardAlert[]) {
  const now = ctx.clock.now();
  return ctx.db.transaction().execute(async (trx) => {
    const stored = [];
    for (const alert of alerts) {
      stored.push(await insertAcknowledgement(trx, { userId: session.user.id, actingUserId: session.actor?.id ?? null, key: alert.key, rule: alert.rule, portcallId: alert.portcall_id, now }));
      // The user's other tabs drop the alert from their list.
      await publishEvent(trx, { channel: realtimeChannels.user(session.user.id), event: 'dashboard.alert_acknowledged', payload: { key: alert.key, portcall_id: alert.portcall_id, terminal_id: alert.terminal_id } });
    }
    return stored;
  });
}

async function requireTerminalOperator(ctx: AppContext, session: AuthSession, terminalId: number): Promise<void> {
  await scopeTerminals(ctx, session.user, terminalId);
  refuseUnlessAllowed(session.user, 'manage_alert_settings');
}

export async function getAlertSettings(ctx: AppContext, session: AuthSession, terminalId: number) {
  await requireTerminalOperator(ctx, session, terminalId);
  const s = (await settingsOf(ctx, [terminalId])).get(terminalId)!;
  return { terminal_id: terminalId, settings: s.settings, is_default: s.updated_at === null, updated_at: s.updated_at };
}

export async function putAlertSettings(ctx: AppContext, session: AuthSession, terminalId: number, settings: TAlertSettings) {
  await requireTerminalOperator(ctx, session, terminalId);
  await ctx.db.transaction().execute(async (trx) => {
    await upsertAlertSettings(trx, { terminalId, settings, userId: session.user.id, now: ctx.clock.now() });
    // Thresholds change which alerts exist: the terminal's dashboards re-fetch.
    await publishEvent(trx, { channel: realtimeChannels.terminal(terminalId), event: 'dashboard.alerts_changed', payload: { terminal_id: terminalId, reason: 'settings' } });
  });
  return getAlertSettings(ctx, session, terminalId);
}
