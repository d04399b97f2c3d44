// Every kind of JSON the server keeps (a json column, a realtime payload, a background job's data) with the one schema
// its writers store it through and its readers parse it with (ARCHITECTURE.md, "The API contract"). A row written
// in a shape its reader refuses is a bug of the writer: the server's storedJson() parses before it stores, so the
// wrong shape fails where it is made, and a test lists these kinds against the columns of the database.
import { z } from 'zod';
import { ZCargoQuantities } from './cargo-tiers';
import { ZDcsaPortCall, ZDcsaPortCallService, ZDcsaTerminalCall, ZDcsaTimestamp, ZDcsaVesselStatus, ZJitOutboundBody } from './dcsa-jit';
import { ZRealtimePayload } from './realtime-events';
import { ZStoredDraftChange } from './schemas/draft';
import { ZLocalizedNames } from './schemas/master-data';
import { ZDigestJob, ZPredictionRunJob, ZPrisePollJob, ZProviderFetchJob } from './schemas/jobs';
import { ZNotificationDetails } from './schemas/notifications';
import { ZPriseNoticeContent } from './schemas/prise';
import { CANVAS_SETTING_SCHEMAS, SHIFT_PLANNER_SETTING_SCHEMAS, ZDashboardSettings } from './schemas/settings';
import { ZBerthWindow, ZRecurrence, ZRotationStop, ZSyncChange } from './schemas/voyages';
import { TASK_REASONS } from './tasks';

/** A value of the audit trail (before / after of one field): any JSON value, each field its own shape. */
export const ZAuditValue = z.json();
export type TAuditValue = z.infer<typeof ZAuditValue>;

/** The keys one save merges into a user's settings document (each key validated as its settings screen sends it). */
export const ZUserSettingsPatch = z
  .strictObject({
    ...CANVAS_SETTING_SCHEMAS,
    ...SHIFT_PLANNER_SETTING_SCHEMAS,
    ...ZDashboardSettings.shape,
    portcall_task_settings: z.strictObject({ enabled_reasons: z.array(z.enum(TASK_REASONS)).max(TASK_REASONS.length) }),
  })
  .partial();

/** The PRISE history's "what changed" of a notice that went back to draft. */
export const ZPriseChangedParts = z.array(z.enum(['eta', 'draft', 'berth'])).max(3);
export type TPriseChangedPart = z.infer<typeof ZPriseChangedParts>[number];

/**
 * The kinds, each with its schema and where it is kept: `table.column` of our database, or `pgboss.job.data` with the
 * queue's name for job data.
 */
export const STORED_JSON = {
  notification_details: { schema: ZNotificationDetails, storedIn: ['notification_messages.details'] },
  audit_value: { schema: ZAuditValue, storedIn: ['portcall_audit_events.old_value', 'portcall_audit_events.new_value'] },
  realtime_payload: { schema: ZRealtimePayload, storedIn: ['realtime_events.payload'] },
  schedule_run_changes: { schema: z.array(ZSyncChange), storedIn: ['schedule_sync_runs.changes'] },
  draft_changes: { schema: z.array(ZStoredDraftChange), storedIn: ['berth_drafts.changes'] },
  draft_stack: { schema: z.array(z.array(ZStoredDraftChange)), storedIn: ['berth_drafts.undo_stack', 'berth_drafts.redo_stack'] },
  template_rotation: { schema: z.array(ZRotationStop).min(1).max(40), storedIn: ['voyage_templates.rotation'] },
  template_berth_window: { schema: ZBerthWindow, storedIn: ['voyage_templates.berth_window'] },
  template_recurrence: { schema: ZRecurrence, storedIn: ['voyage_templates.recurrence'] },
  localized_names: { schema: ZLocalizedNames, storedIn: ['terminal_shifts.names', 'pilot_boarding_places.names', 'terminal_delay_reasons.names'] },
  cargo_quantities: { schema: ZCargoQuantities, storedIn: ['portcall_cargo_details.quantities'] },
  prise_submitted_content: { schema: ZPriseNoticeContent, storedIn: ['prise_notices.submitted_content'] },
  prise_changed_parts: { schema: ZPriseChangedParts, storedIn: ['prise_notice_events.changed'] },
  user_settings_patch: { schema: ZUserSettingsPatch, storedIn: ['portal_users.settings'] },
  jit_port_call: { schema: ZDcsaPortCall, storedIn: ['jit_port_calls.jit_object'] },
  jit_terminal_call: { schema: ZDcsaTerminalCall, storedIn: ['jit_terminal_calls.jit_object'] },
  jit_port_call_service: { schema: ZDcsaPortCallService, storedIn: ['jit_port_call_services.jit_object'] },
  jit_timestamp: { schema: ZDcsaTimestamp, storedIn: ['jit_timestamps.jit_object'] },
  jit_vessel_status: { schema: ZDcsaVesselStatus, storedIn: ['jit_vessel_statuses.jit_object'] },
  jit_outbound_body: { schema: ZJitOutboundBody, storedIn: ['jit_outbox.jit_body'] },
  job_schedule_provider_fetch: { schema: ZProviderFetchJob, storedIn: ['pgboss.job.data:schedule-provider-fetch'] },
  job_prediction_run: { schema: ZPredictionRunJob, storedIn: ['pgboss.job.data:prediction-run'] },
  job_daily_digest_send: { schema: ZDigestJob, storedIn: ['pgboss.job.data:daily-digest-send'] },
  job_prise_poll: { schema: ZPrisePollJob, storedIn: ['pgboss.job.data:prise-poll'] },
} as const satisfies Record<string, { schema: z.ZodType; storedIn: readonly string[] }>;

export type TStoredJsonKind = keyof typeof STORED_JSON;
export type TStoredJsonInput<K extends TStoredJsonKind> = z.input<(typeof STORED_JSON)[K]['schema']>;
export type TStoredJsonValue<K extends TStoredJsonKind> = z.output<(typeof STORED_JSON)[K]['schema']>;
export const STORED_JSON_KINDS = Object.keys(STORED_JSON) as TStoredJsonKind[];
