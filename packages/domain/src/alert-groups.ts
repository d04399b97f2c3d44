// The dashboard's alerts as a person reads them: one group per vessel and kind of alert, with how many alerts it
// holds, the most pressing one, when the newest began and the calls it covers. Grouping never changes which alerts
// exist (dashboard-alerts.ts decides that); it only folds them.
import { type TAlertRule, type TAlertSeverity, compareAlerts } from './dashboard-alerts';

/** A vessel's alerts of one rule are one thing to look at: "3 berth clashes of MSC Anna". */
export function alertGroupKey(rule: TAlertRule, vesselId: number): string {
  return `${rule}:${vesselId}`;
}
export const ALERT_GROUP_KEY_PATTERN = /^(unanswered_request|arrival_deviation|berth_clash|under_keel|cargo_behind_plan|prise_notice):[1-9][0-9]{0,9}$/;

type TGroupable = { key: string; rule: TAlertRule; severity: TAlertSeverity; portcall_id: number; terminal_id: number; vessel_id: number; vessel_name: string; berth_arrival: string; created_at: string | null; acknowledged: boolean };

export type TAlertGroupOf<A extends TGroupable> = {
  key: string;
  rule: TAlertRule;
  vessel_id: number;
  vessel_name: string;
  /** The most severe of the group's alerts. */
  severity: TAlertSeverity;
  count: number;
  unacknowledged_count: number;
  /** The group's most pressing alert (most severe, then soonest): what the group shows until it is opened. */
  first: A;
  /** When the newest of its alerts began (null when none of them has a start). */
  newest_at: string | null;
  /** The calls its alerts are about, soonest first. */
  portcalls: { id: number; terminal_id: number; berth_arrival: string }[];
  alerts: A[];
};

/** Groups alerts per vessel and rule; groups and their alerts in the order of `compareAlerts` (most pressing first). */
export function groupAlerts<A extends TGroupable>(alerts: readonly A[]): TAlertGroupOf<A>[] {
  const sorted = [...alerts].sort(compareAlerts);
  const groups = new Map<string, TAlertGroupOf<A>>();
  for (const alert of sorted) {
    const key = alertGroupKey(alert.rule, alert.vessel_id);
    let group = groups.get(key);
    if (!group) {
      group = { key, rule: alert.rule, vessel_id: alert.vessel_id, vessel_name: alert.vessel_name, severity: alert.severity, count: 0, unacknowledged_count: 0, first: alert, newest_at: null, portcalls: [], alerts: [] };
      groups.set(key, group);
    }
    group.count++;
    if (!alert.acknowledged) group.unacknowledged_count++;
    if (alert.created_at !== null && (group.newest_at === null || Date.parse(alert.created_at) > Date.parse(group.newest_at))) group.newest_at = alert.created_at;
    if (!group.portcalls.some((p) => p.id === alert.portcall_id)) group.portcalls.push({ id: alert.portcall_id, terminal_id: alert.terminal_id, berth_arrival: alert.berth_arrival });
    group.alerts.push(alert);
  }
  // The first alert of each group is its most pressing, so the groups sort by it; calls soonest first.
  const out = [...groups.values()];
  for (const g of out) g.portcalls.sort((a, b) => Date.parse(a.berth_arrival) - Date.parse(b.berth_arrival) || a.id - b.id);
  return out;
}
