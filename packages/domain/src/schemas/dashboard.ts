// Payloads of the dashboard widgets: user stats, watch list, alerts and their settings, cargo-operation progress.
import { z } from 'zod';
import { ALERT_GROUP_KEY_PATTERN } from '../alert-groups';
import { ALERT_KEY_PATTERN, ALERT_RULES, ALERT_SEVERITIES, ZAlertSettings } from '../dashboard-alerts';
import { NEGOTIATED_TIMES, ZTimeLabel } from '../negotiation';
import { pageQuery, ZPageMeta } from './paging';
import { ZPortcallStatus } from './portcall';
import { ZRecordId, ZRecordIdValue } from './master-data';

export const CARGO_PROGRESS_PAGE_SIZE = 6;

export const ZDashboardTerminalQuery = z.object({ terminal_id: ZRecordId.optional() });
export type TDashboardTerminalQuery = z.infer<typeof ZDashboardTerminalQuery>;

/** Where a count leads: the client screen and the query it opens it with. */
export const ZStatLink = z.object({ view: z.enum(['portcall_planner', 'tasks', 'vessel_communication']), query: z.record(z.string(), z.union([z.string(), z.array(z.string())])) });
export const ZStatCount = z.object({ count: z.number().int().min(0), link: ZStatLink });

export const ZUserStats = z.object({
  generated_at: z.string(),
  terminal_id: z.number().int().nullable(),
  next_72h_by_status: z.array(ZStatCount.extend({ status: ZPortcallStatus })),
  in_port: ZStatCount,
  waiting_for_me: ZStatCount.extend({ requests: z.number().int(), proposals: z.number().int(), cancellations: z.number().int(), oldest_age_minutes: z.number().int().nullable() }),
  open_tasks: ZStatCount,
  unread_messages: ZStatCount.extend({ portcalls: z.number().int() }),
  without_accepted_time_48h: ZStatCount.extend({ portcall_ids: z.array(z.number().int()) }),
});
export type TUserStats = z.infer<typeof ZUserStats>;

export const ZWatchlistChange = z.object({ field: z.string(), old_value: z.string().nullable(), new_value: z.string().nullable(), at: z.string() });
export const ZWatchlistItem = z.object({
  portcall_id: z.number().int(),
  terminal_id: z.number().int(),
  vessel_name: z.string(),
  status: ZPortcallStatus,
  berth_arrival: z.string(),
  berth_departure: z.string(),
  next_time: z.object({ time_type: z.enum(NEGOTIATED_TIMES), time: z.string(), label: ZTimeLabel.nullable() }).nullable(),
  pinned_at: z.string(),
  last_seen_at: z.string().nullable(),
  changes_count: z.number().int(),
  /** The newest changes since the user last looked, newest first (at most 5). */
  changes: z.array(ZWatchlistChange),
});
export type TWatchlistItem = z.infer<typeof ZWatchlistItem>;
export const ZWatchlist = z.object({ items: z.array(ZWatchlistItem) });
export const ZWatchlistPinRequest = z.object({ portcall_id: ZRecordIdValue });
export const ZWatchlistPortcallParams = z.object({ portcall_id: ZRecordId });

export const ZDashboardAlert = z.object({
  key: z.string(),
  rule: z.enum(ALERT_RULES),
  severity: z.enum(ALERT_SEVERITIES),
  portcall_id: z.number().int(),
  terminal_id: z.number().int(),
  vessel_id: z.number().int(),
  vessel_name: z.string(),
  berth_arrival: z.string(),
  /** Parameters of the client's translated text (`dashboard.alerts.<rule>`). */
  why: z.record(z.string(), z.union([z.string(), z.number(), z.null()])),
  /** Path without the locale prefix. */
  link: z.string(),
  created_at: z.string().nullable(),
  acknowledged: z.boolean(),
});
export type TDashboardAlert = z.infer<typeof ZDashboardAlert>;
/** A vessel's alerts of one rule, folded (alert-groups.ts): what the alerts widget lists. */
export const ZAlertGroup = z.object({
  key: z.string(),
  rule: z.enum(ALERT_RULES),
  vessel_id: z.number().int(),
  vessel_name: z.string(),
  severity: z.enum(ALERT_SEVERITIES),
  count: z.number().int(),
  unacknowledged_count: z.number().int(),
  first: ZDashboardAlert,
  newest_at: z.string().nullable(),
  portcalls: z.array(z.object({ id: z.number().int(), terminal_id: z.number().int(), berth_arrival: z.string() })),
});
export type TAlertGroup = z.infer<typeof ZAlertGroup>;
export const ALERT_GROUPS_PAGE_SIZE = 10;
export const ZDashboardAlerts = z.object({
  /** One page of groups, most pressing first. */
  groups: z.array(ZAlertGroup),
  meta: ZPageMeta,
  /** Every alert of the group asked for with `group`, or of the call asked for with `portcall_id`; empty otherwise. */
  items: z.array(ZDashboardAlert),
  /** Open alerts in all groups (the widget's badge). */
  unacknowledged_count: z.number().int(),
  /** Alerts in all groups shown. */
  alert_count: z.number().int(),
});
export type TDashboardAlerts = z.infer<typeof ZDashboardAlerts>;
export const ZAlertsQuery = ZDashboardTerminalQuery.extend({
  include_acknowledged: z.enum(['true', 'false']).default('true'),
  /** Only this group, with its alerts in `items`. */
  group: z.string().max(200).regex(ALERT_GROUP_KEY_PATTERN, 'Not an alert group').optional(),
  /** Only the groups covering this call, with the call's alerts in `items`. */
  portcall_id: ZRecordId.optional(),
}).extend(pageQuery(ALERT_GROUPS_PAGE_SIZE).shape);
export const ZAcknowledgeAlertRequest = z.object({ key: z.string().max(200).regex(ALERT_KEY_PATTERN, 'Not an alert key') });
export const ZAcknowledgeAlertGroupRequest = z.object({ group: z.string().max(200).regex(ALERT_GROUP_KEY_PATTERN, 'Not an alert group') });
export const ZAlertSettingsQuery = z.object({ terminal_id: ZRecordId });
export const ZAlertSettingsPayload = z.object({ terminal_id: z.number().int(), settings: ZAlertSettings, is_default: z.boolean(), updated_at: z.string().nullable() });

export const ZCargoProgressQuery = pageQuery(CARGO_PROGRESS_PAGE_SIZE).extend(ZDashboardTerminalQuery.shape);
export const ZCargoProgressItem = z.object({
  portcall_id: z.number().int(),
  terminal_id: z.number().int(),
  vessel_name: z.string(),
  berth_departure: z.string(),
  cargo_operations_start: z.string().nullable(),
  total_volume: z.number(),
  actual_volume: z.number(),
  remaining_volume: z.number(),
  cargo_progress_percentage: z.number(),
  actual_rate_per_hour: z.number().nullable(),
  projected_end: z.string().nullable(),
  planned_end: z.string(),
  /** projected_end minus planned_end in minutes; positive is late. */
  projected_delay_minutes: z.number().int().nullable(),
});
export type TCargoProgressItem = z.infer<typeof ZCargoProgressItem>;
export const ZCargoProgress = z.object({ items: z.array(ZCargoProgressItem), meta: ZPageMeta });
