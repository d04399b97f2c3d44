import { describe, expect, it } from 'vitest';
import { ALERT_KEY_PATTERN, DEFAULT_ALERT_SETTINGS, ZAlertSettings, alertKey, arrivalDeviationAlert, cargoBehindPlanAlert, planProblemAlert, unansweredRequestAlert } from './dashboard-alerts';

const now = new Date('2026-05-04T12:00:00Z');
const minutesAgo = (m: number) => new Date(now.getTime() - m * 60_000).toISOString();

describe('dashboard alert rules', () => {
  it('raises an unanswered request only past the threshold, critical when the call arrives within a day', () => {
    const base = { time: 'berth_arrival', label: 'requested', berthArrival: '2026-05-10T00:00:00Z', now, thresholdMinutes: 120 };
    expect(unansweredRequestAlert({ ...base, waitingSince: minutesAgo(120) })).toBeNull();
    const fired = unansweredRequestAlert({ ...base, waitingSince: minutesAgo(121) });
    expect(fired).toMatchObject({ rule: 'unanswered_request', severity: 'warning', why: { age_minutes: 121, threshold_minutes: 120 }, createdAt: minutesAgo(1) });
    expect(unansweredRequestAlert({ ...base, berthArrival: '2026-05-05T06:00:00Z', waitingSince: minutesAgo(121) })?.severity).toBe('critical');
    // A terminal that wants every open request on its dashboard sets 0: a request made this minute alerts.
    expect(unansweredRequestAlert({ ...base, thresholdMinutes: 0, waitingSince: minutesAgo(0) })).toMatchObject({ rule: 'unanswered_request', why: { age_minutes: 0 } });
  });

  it('measures arrival deviation against the accepted arrival, taking the farthest candidate', () => {
    const acceptedArrival = '2026-05-05T10:00:00Z';
    const near = { source: 'predicted' as const, time: '2026-05-05T11:00:00Z', at: null };
    expect(arrivalDeviationAlert({ acceptedArrival, candidates: [near], thresholdMinutes: 60 })).toBeNull();
    const far = { source: 'schedule_proposal' as const, time: '2026-05-05T08:59:00Z', at: '2026-05-04T09:00:00Z' };
    expect(arrivalDeviationAlert({ acceptedArrival, candidates: [near, far], thresholdMinutes: 60 })).toMatchObject({ severity: 'warning', why: { source: 'schedule_proposal', deviation_minutes: -61 }, triggeringValue: '2026-05-05T08:59:00.000Z' });
    expect(arrivalDeviationAlert({ acceptedArrival, candidates: [{ ...near, time: '2026-05-05T13:01:00Z' }], thresholdMinutes: 60 })?.severity).toBe('critical');
  });

  it('projects the departure from the cargo end and keeps the planned gap to unberthing', () => {
    const base = { plannedEnd: '2026-05-05T06:00:00Z', acceptedDeparture: '2026-05-05T08:00:00Z', actualVolume: 200, thresholdMinutes: 30 };
    expect(cargoBehindPlanAlert({ ...base, projectedEnd: '2026-05-05T06:30:00Z' })).toBeNull();
    expect(cargoBehindPlanAlert({ ...base, projectedEnd: '2026-05-05T06:31:00Z' })).toMatchObject({ severity: 'warning', why: { delay_minutes: 31, projected_departure: '2026-05-05T08:31:00.000Z' }, triggeringValue: 'moves-200' });
    expect(cargoBehindPlanAlert({ ...base, projectedEnd: null })).toBeNull();
  });

  it('turns plan clashes and shallow water into critical alerts with distinct keys', () => {
    const clash = planProblemAlert({ problem: { kind: 'overlap', otherPortcallId: 7, otherCount: 3 }, berthArrival: '2026-05-05T10:00:00Z', startPosition: 100 });
    const shallow = planProblemAlert({ problem: { kind: 'too_shallow', sectionId: 3, at: 'arrival', waterDepth: 13.25, draft: 14, underKeelClearance: 0 }, berthArrival: '2026-05-05T10:00:00Z', startPosition: 100 });
    expect(clash).toMatchObject({ rule: 'berth_clash', severity: 'critical', why: { kind: 'overlap', other_portcall_id: 7, other_count: 3 } });
    expect(shallow).toMatchObject({ rule: 'under_keel', severity: 'critical', why: { water_depth_m: 13.25, draft_m: 14 } });
    for (const f of [clash, shallow]) expect(alertKey(f.rule, 12, f.triggeringValue)).toMatch(ALERT_KEY_PATTERN);
  });

  it('accepts the defaults and refuses thresholds out of range', () => {
    expect(ZAlertSettings.parse(DEFAULT_ALERT_SETTINGS)).toEqual(DEFAULT_ALERT_SETTINGS);
    expect(ZAlertSettings.safeParse({ ...DEFAULT_ALERT_SETTINGS, unanswered_request_minutes: -1 }).success).toBe(false);
    expect(ZAlertSettings.safeParse({ ...DEFAULT_ALERT_SETTINGS, unanswered_request_minutes: 0 }).success).toBe(true);
    expect(ZAlertSettings.safeParse({ ...DEFAULT_ALERT_SETTINGS, under_keel_clearance_m: -1 }).success).toBe(false);
  });
});
