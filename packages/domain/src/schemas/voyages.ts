// Voyage center payloads: voyages with their schedules, liner-service templates, schedule providers,
// sync runs and the schedule proposals a sync raises instead of overwriting an agreed time. docs/voyage-center.md.
import { z } from 'zod';
import { withoutBidiControls } from '../display-name';
import { ZChangeLabel, ZNegotiatedTime, ZTimeLabel } from '../negotiation';
import { BERTH_ORIENTATIONS, ZPortcallStatus, ZScheduleSyncState } from './portcall';
import { pageQuery, pagedPayload } from './paging';
import { ZRecordId, ZRecordIdValue } from './master-data';

/** Re-exported here: the voyage center's schemas read as one place (the enum lives in portcall.ts to avoid an import cycle). */
export { SCHEDULE_SYNC_STATES, ZScheduleSyncState, type TScheduleSyncState } from './portcall';

/** Where a schedule time came from: a template of ours, one of the two named providers of spec section 3, or a person. */
export const VOYAGE_SOURCES = ['template', 'gnet', 'portcast', 'manual'] as const;
export const ZVoyageSource = z.enum(VOYAGE_SOURCES);
export type TVoyageSource = z.infer<typeof ZVoyageSource>;
/** Spec section 3, "Voyage data sources": the schedule providers. */
export const SCHEDULE_PROVIDER_KINDS = ['gnet', 'portcast'] as const;
export const ZScheduleProviderKind = z.enum(SCHEDULE_PROVIDER_KINDS);
export type TScheduleProviderKind = z.infer<typeof ZScheduleProviderKind>;
/** The providers' own product names: shown as they are in every language, like a vessel's name. */
export const SCHEDULE_PROVIDER_NAMES: Readonly<Record<TScheduleProviderKind, string>> = { gnet: 'GNet', portcast: 'Portcast' };
export function isScheduleProvider(source: string): source is TScheduleProviderKind {
  return (SCHEDULE_PROVIDER_KINDS as readonly string[]).includes(source);
}
/** Sailing direction letters of DCSA voyage numbers (universal voyage reference ends in N, E, W, S or R). */
export const VOYAGE_DIRECTIONS = ['N', 'E', 'W', 'S'] as const;
export const ZVoyageDirection = z.enum(VOYAGE_DIRECTIONS);
/** DCSA OVS event classifier of a schedule time: planned (long-term), estimated, actual. */
export const SCHEDULE_CLASSIFIERS = ['PLN', 'EST', 'ACT'] as const;
export const ZScheduleClassifier = z.enum(SCHEDULE_CLASSIFIERS);
/** OVS transport-call status codes that change what a call is (omitted, blanked, ad hoc...); reference-data/portcallstatuscodes. */
export const OVS_PORT_CALL_STATUS_CODES = ['OMIT', 'BLNK', 'ADHO', 'PHOT', 'PHIN', 'SLID', 'ROTC', 'CUTR', 'DRYD', 'BUNK', 'OOSV'] as const;
export const VOYAGES_PAGE_SIZE = 10;
export const VOYAGE_TEMPLATES_PAGE_SIZE = 10;
/** How far a template generates when the caller names no horizon (docs/voyage-center.md). */
export const DEFAULT_TEMPLATE_HORIZON_WEEKS = 12;
export const MAX_TEMPLATE_HORIZON_WEEKS = 104;
/** A schedule change to a planned or accepted time smaller than this is recorded but raises no proposal. */
export const DEFAULT_PROPOSAL_THRESHOLD_MINUTES = 60;

const ZInstantIn = z.iso.datetime({ offset: true, message: 'Use an ISO 8601 instant with a zone, e.g. 2027-03-01T06:00:00Z' });
const ZLocalDate = z.iso.date({ message: 'Use a date as YYYY-MM-DD' });
const ZHhMm = z.string().max(5).regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Use a time as HH:mm');
const ZId = ZRecordIdValue;
const ZName = (max: number) => withoutBidiControls(z.string().trim().min(1, 'Required').max(max));

// ---- voyages ------------------------------------------------------------------------------------------------

/** One port of a voyage's schedule; `is_terminal_call` marks the call at our terminal (linked to a port call). */
export const ZScheduleRowInput = z.object({
  port_id: ZId,
  is_terminal_call: z.boolean().default(false),
  arrival: ZInstantIn.nullable(),
  departure: ZInstantIn.nullable(),
});
export type TScheduleRowInput = z.input<typeof ZScheduleRowInput>;
export const ZScheduleRow = z.object({
  id: z.number().int(),
  sequence: z.number().int(),
  port_id: z.number().int(),
  port_name: z.string(),
  unlocode: z.string(),
  is_terminal_call: z.boolean(),
  arrival: z.string().nullable(),
  departure: z.string().nullable(),
  arrival_classifier: ZScheduleClassifier.nullable(),
  departure_classifier: ZScheduleClassifier.nullable(),
  source: ZVoyageSource,
  fetched_at: z.string().nullable(),
  status_code: z.string().nullable(),
  portcall_id: z.number().int().nullable(),
});
export type TScheduleRow = z.infer<typeof ZScheduleRow>;

const ZTimeStateOut = z.object({ label: ZTimeLabel.nullable(), change_label: ZChangeLabel.nullable() });
/** A port call at our terminal that belongs to the voyage, as the voyage list shows it. */
export const ZVoyagePortcall = z.object({
  id: z.number().int(),
  version: z.number().int(),
  status: ZPortcallStatus,
  berth_arrival: z.string(),
  berth_departure: z.string(),
  berth_arrival_state: ZTimeStateOut,
  berth_departure_state: ZTimeStateOut,
  schedule_syncable: z.boolean(),
  schedule_sync_state: ZScheduleSyncState.nullable(),
  open_schedule_proposals: z.number().int(),
});
export type TVoyagePortcall = z.infer<typeof ZVoyagePortcall>;

export const ZVoyage = z.object({
  id: z.number().int(),
  version: z.number().int(),
  terminal_id: z.number().int(),
  template_id: z.number().int().nullable(),
  template_name: z.string().nullable(),
  service_name: z.string(),
  service_code: z.string().nullable(),
  vessel_id: z.number().int(),
  vessel_name: z.string(),
  imo_number: z.string(),
  vessel_operator_id: z.number().int(),
  vessel_operator: z.string(),
  vessel_operator_code: z.string(),
  voyage_number_import: z.string(),
  voyage_number_export: z.string().nullable(),
  direction: ZVoyageDirection.nullable(),
  /** `voyage_name` of spec section 3 as the port call carries it: service and voyage numbers. */
  voyage_name: z.string(),
  source: ZVoyageSource,
  schedule_syncable: z.boolean(),
  is_departed: z.boolean(),
  last_fetched_at: z.string().nullable(),
  schedule: z.array(ZScheduleRow),
  portcalls: z.array(ZVoyagePortcall),
  created_at: z.string(),
  updated_at: z.string(),
});
export type TVoyage = z.infer<typeof ZVoyage>;
export const ZVoyageList = pagedPayload(ZVoyage);

export const ZVoyageListQuery = pageQuery(VOYAGES_PAGE_SIZE).extend({
  terminal_id: ZRecordId.optional(),
  /** current: a call of the schedule is still ahead; departed: the whole schedule lies behind (spec: voyages, departedVoyages). */
  state: z.enum(['current', 'departed']).default('current'),
  service: z.string().trim().max(100).optional(),
  vessel_id: ZRecordId.optional(),
  vessel_operator_id: ZRecordId.optional(),
  source: ZVoyageSource.optional(),
  sync: z.enum(['active', 'inactive']).optional(),
  template_id: ZRecordId.optional(),
});
export type TVoyageListQuery = z.infer<typeof ZVoyageListQuery>;

/** A voyage typed in by hand; at most one row is the terminal call, and its times create or move the port call. */
export const ZVoyageFields = z.object({
  terminal_id: ZId,
  service_name: ZName(100),
  service_code: withoutBidiControls(z.string().trim().max(11)).nullable().optional(),
  vessel_id: ZId,
  vessel_operator_id: ZId,
  voyage_number_import: ZName(50),
  voyage_number_export: withoutBidiControls(z.string().trim().max(50)).nullable().optional(),
  direction: ZVoyageDirection.nullable().optional(),
  source: ZVoyageSource.default('manual'),
  schedule_syncable: z.boolean().default(true),
  schedule: z.array(ZScheduleRowInput).min(1, 'A voyage calls at one port at least').max(60),
});
export const ZVoyageCreateRequest = ZVoyageFields;
export type TVoyageCreateRequest = z.input<typeof ZVoyageCreateRequest>;
// Without the defaults of creation: zod 4 applies a default inside .partial(), so an edit that leaves out `source` or
// `schedule_syncable` would otherwise reset them.
export const ZVoyageUpdateRequest = ZVoyageFields.omit({ terminal_id: true })
  .extend({ source: ZVoyageSource.optional(), schedule_syncable: z.boolean().optional() })
  .partial()
  .extend({ version: z.number().int().positive() });
export type TVoyageUpdateRequest = z.input<typeof ZVoyageUpdateRequest>;

/** Stop or resume schedule sync for one port call (spec section 4: schedule_syncable / schedule_syncable_inactive); audited. */
export const ZScheduleSyncRequest = z.object({ version: z.number().int().positive(), active: z.boolean() });
export type TScheduleSyncRequest = z.infer<typeof ZScheduleSyncRequest>;

// ---- voyage templates (the custom source) ---------------------------------------------------------------------

/**
 * One port of a liner service's rotation. `day_offset` counts days from the voyage's first port (0); the time is the
 * port's local wall-clock arrival. The stop with `is_terminal_call` is our terminal: its arrival time and stay are the
 * berth window's.
 */
export const ZRotationStop = z.object({
  port_id: ZId,
  is_terminal_call: z.boolean().default(false),
  day_offset: z.number().int().min(0).max(120),
  arrival_time: ZHhMm,
  stay_hours: z.number().min(1).max(240),
});
export type TRotationStop = z.infer<typeof ZRotationStop>;

/** Our terminal's berth window in the rotation: the weekday the ship berths, where and on which side. */
export const ZBerthWindow = z.object({
  /** ISO weekday of the berth arrival in the terminal's time zone: 1 Monday ... 7 Sunday. */
  arrival_weekday: z.number().int().min(1).max(7),
  preferred_start_position_m: z.number().min(0).max(100_000).nullable().default(null),
  berth_orientation: z.enum(BERTH_ORIENTATIONS).nullable().default(null),
});
export type TBerthWindow = z.infer<typeof ZBerthWindow>;

/** Weekly, or every N weeks, with terminal arrival dates left out (dry dock, blank sailings). */
export const ZRecurrence = z.object({
  interval_weeks: z.number().int().min(1).max(12).default(1),
  exceptions: z.array(ZLocalDate).max(200).default([]),
});
export type TRecurrence = z.infer<typeof ZRecurrence>;

export const ZVoyageTemplateInput = z.object({
  terminal_id: ZId,
  name: ZName(100),
  /** DCSA carrierServiceCode (at most 11 characters), e.g. AE7. */
  code: ZName(11).regex(/^[A-Za-z0-9-]+$/, 'Letters, digits and - only'),
  vessel_operator_id: ZId,
  rotation: z.array(ZRotationStop).min(1).max(40),
  berth_window: ZBerthWindow,
  /** The vessels deployed, in turn: the k-th voyage of the template sails with vessel k mod n. */
  vessel_ids: z.array(ZId).min(1, 'Deploy one vessel at least').max(30),
  recurrence: ZRecurrence,
  valid_from: ZLocalDate,
  valid_to: ZLocalDate.nullable().default(null),
  import_direction: ZVoyageDirection.default('W'),
  export_direction: ZVoyageDirection.default('E'),
});
export type TVoyageTemplateInput = z.input<typeof ZVoyageTemplateInput>;
export type TVoyageTemplateFields = z.output<typeof ZVoyageTemplateInput>;
export const ZVoyageTemplateUpdateRequest = ZVoyageTemplateInput.omit({ terminal_id: true }).extend({ version: z.number().int().positive() });
export type TVoyageTemplateUpdateRequest = z.input<typeof ZVoyageTemplateUpdateRequest>;

export const ZVoyageTemplate = z.object({
  id: z.number().int(),
  version: z.number().int(),
  terminal_id: z.number().int(),
  name: z.string(),
  code: z.string(),
  vessel_operator_id: z.number().int(),
  vessel_operator: z.string(),
  rotation: z.array(ZRotationStop.extend({ port_name: z.string(), unlocode: z.string(), time_zone: z.string() })),
  berth_window: ZBerthWindow,
  vessel_ids: z.array(z.number().int()),
  vessels: z.array(z.object({ id: z.number().int(), name: z.string(), imo_number: z.string() })),
  recurrence: ZRecurrence,
  /** The RFC 5545 rule the recurrence stands for, for display and export. */
  rrule: z.string(),
  valid_from: z.string(),
  valid_to: z.string().nullable(),
  import_direction: ZVoyageDirection,
  export_direction: ZVoyageDirection,
  /** Voyages it created whose terminal call is still ahead. */
  future_voyages: z.number().int(),
  generated_until: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type TVoyageTemplate = z.infer<typeof ZVoyageTemplate>;
export const ZVoyageTemplateList = pagedPayload(ZVoyageTemplate);
export const ZVoyageTemplateListQuery = pageQuery(VOYAGE_TEMPLATES_PAGE_SIZE).extend({
  terminal_id: ZRecordId.optional(),
  q: z.string().trim().max(100).optional(),
});

/**
 * A call of the berth plan that a template's call would clash with. Its vessel and times only when the viewer may see
 * that call; another company's call is just "occupied" (all null).
 */
export const ZTemplateCallClash = z.object({
  other_portcall_id: z.number().int().nullable(),
  other_vessel_name: z.string().nullable(),
  other_berth_arrival: z.string().nullable(),
  other_berth_departure: z.string().nullable(),
});
export type TTemplateCallClash = z.infer<typeof ZTemplateCallClash>;

/** How many next occurrences the form's preview shows and may ask the clash check about. */
export const MAX_TEMPLATE_PREVIEW_CALLS = 10;
/**
 * The unsaved template as the form holds it, for the preview's clash check: the save schema's own fields that decide
 * when and where the calls lie (name, code and operator do not change that), and the occurrences wanted.
 */
export const ZTemplatePreviewClashesRequest = z.object({
  template: ZVoyageTemplateInput.pick({ terminal_id: true, rotation: true, berth_window: true, vessel_ids: true, recurrence: true, valid_from: true, valid_to: true, import_direction: true, export_direction: true }),
  /** First terminal-arrival date of the preview (the terminal's today, or the validity's start if later). */
  from: ZLocalDate,
  count: z.number().int().min(1).max(MAX_TEMPLATE_PREVIEW_CALLS),
  /** Editing a stored template: the calls it generated before are its own, no clash with what it becomes. */
  template_id: ZRecordIdValue.optional(),
});
export type TTemplatePreviewClashesRequest = z.input<typeof ZTemplatePreviewClashesRequest>;
export const ZTemplatePreviewCall = z.object({
  occurrence_date: z.string(),
  vessel_id: z.number().int(),
  berth_arrival: z.string(),
  berth_departure: z.string(),
  /** Null when the vessel does not fit the quay from the preferred start: the planner places it, nothing to clash. */
  berth_start_position: z.number().nullable(),
  berth_end_position: z.number().nullable(),
  clashes: z.array(ZTemplateCallClash),
});
export type TTemplatePreviewCall = z.infer<typeof ZTemplatePreviewCall>;
export const ZTemplatePreviewClashes = z.object({ items: z.array(ZTemplatePreviewCall), clashing_portcalls: z.number().int() });
export type TTemplatePreviewClashes = z.infer<typeof ZTemplatePreviewClashes>;

export const ZGenerateVoyagesRequest = z.object({
  /** First terminal-arrival date to generate (default: today in the terminal's zone). */
  from: ZLocalDate.optional(),
  horizon_weeks: z.number().int().min(1).max(MAX_TEMPLATE_HORIZON_WEEKS).default(DEFAULT_TEMPLATE_HORIZON_WEEKS),
  /** true: say what would be created and where it clashes, and keep nothing. */
  dry_run: z.boolean().optional(),
});
export const ZGenerateVoyagesResult = z.object({
  created_voyages: z.number().int(),
  created_portcalls: z.number().int(),
  /** Occurrences that already had their voyage (generation is idempotent). */
  skipped: z.number().int(),
  generated_until: z.string().nullable(),
  voyage_ids: z.array(z.number().int()),
  /** Set on a dry run: nothing was kept. */
  is_dry_run: z.boolean().optional(),
  /** Calls it creates that clash with a call of the berth plan (the planner's rule: quay metres with clearance, and time). */
  clashes: z.array(ZTemplateCallClash.extend({ vessel_name: z.string(), berth_arrival: z.string() })).optional(),
  /** How many of the calls it creates clash with the berth plan (a call clashing with two counts once). */
  clashing_portcalls: z.number().int().optional(),
  /** Calls it creates whose berth window falls on a holiday of the terminal's calendar. */
  holidays: z.array(z.object({ vessel_name: z.string(), berth_arrival: z.string(), reason: z.string() })).optional(),
});
export type TGenerateVoyagesResult = z.infer<typeof ZGenerateVoyagesResult>;

/** What editing a template would do to the future calls it created: shown before anything changes. */
export const ZTemplateDiffItem = z.object({
  kind: z.enum(['change', 'remove', 'add']),
  voyage_id: z.number().int().nullable(),
  portcall_id: z.number().int().nullable(),
  portcall_version: z.number().int().nullable(),
  voyage_number_import: z.string(),
  vessel_before: z.string().nullable(),
  vessel_after: z.string().nullable(),
  berth_arrival_before: z.string().nullable(),
  berth_arrival_after: z.string().nullable(),
  berth_departure_before: z.string().nullable(),
  berth_departure_after: z.string().nullable(),
  /** How the sync rules would treat it: moved as estimate, or raised as a proposal because the time is agreed. */
  effect: z.enum(['estimate', 'request', 'propose', 'keep', 'cancel', 'create']),
});
export type TTemplateDiffItem = z.infer<typeof ZTemplateDiffItem>;
export const ZTemplateDiff = z.object({ template_id: z.number().int(), template_version: z.number().int(), items: z.array(ZTemplateDiffItem) });
export type TTemplateDiff = z.infer<typeof ZTemplateDiff>;
export const ZApplyTemplateDiffRequest = z.object({
  template_version: z.number().int().positive(),
  /** Which items of the diff to apply, by voyage id (changes, removals) or voyage number (additions). */
  voyage_ids: z.array(z.number().int().positive()).max(1000).default([]),
  add_voyage_numbers: z.array(z.string().max(50)).max(1000).default([]),
});

// ---- schedule providers and sync -------------------------------------------------------------------------------

export const ZScheduleProvider = z.object({
  id: z.number().int(),
  version: z.number().int(),
  terminal_id: z.number().int(),
  provider: ZScheduleProviderKind,
  base_url: z.string(),
  /** Credentials are write-only; the answer says only whether some are stored. */
  has_credentials: z.boolean(),
  polling_interval_minutes: z.number().int(),
  proposal_threshold_minutes: z.number().int(),
  is_enabled: z.boolean(),
  last_attempt_at: z.string().nullable(),
  last_success_at: z.string().nullable(),
  last_error: z.string().nullable(),
  consecutive_failures: z.number().int(),
  next_attempt_at: z.string().nullable(),
});
export type TScheduleProvider = z.infer<typeof ZScheduleProvider>;
export const ZScheduleProviderInput = z.object({
  terminal_id: ZId,
  provider: ZScheduleProviderKind,
  base_url: z.url({ protocol: /^https?$/, message: 'Use an http(s) address' }).max(500),
  /** Omit to keep the stored credentials; empty string removes them. */
  credentials: z.string().max(500).optional(),
  polling_interval_minutes: z.number().int().min(5).max(10_080).default(60),
  proposal_threshold_minutes: z.number().int().min(0).max(10_080).default(DEFAULT_PROPOSAL_THRESHOLD_MINUTES),
  is_enabled: z.boolean().default(true),
  /** Required when changing an existing configuration. */
  version: z.number().int().positive().optional(),
});
export type TScheduleProviderInput = z.input<typeof ZScheduleProviderInput>;

export const ZFetchVoyagesRequest = z.object({ terminal_id: ZId, provider: ZScheduleProviderKind.optional() });
export const ZScheduleUploadRequest = z.object({
  terminal_id: ZId,
  format: z.enum(['ovs', 'csv']),
  /** Whose schedule it is: a provider's file, or one a person put together. */
  source: z.enum(['gnet', 'portcast', 'manual']).default('manual'),
  content: z.string().min(1, 'The file is empty').max(5_000_000),
});

/** One thing a sync run did (or decided not to do) to a voyage or port call. */
export const ZSyncChange = z.object({
  kind: z.enum(['voyage_created', 'voyage_updated', 'portcall_created', 'estimate', 'request', 'proposal', 'within_threshold', 'kept_actual', 'sync_inactive', 'skipped', 'cancel_requested']),
  voyage_id: z.number().int().nullable(),
  portcall_id: z.number().int().nullable(),
  time: ZNegotiatedTime.nullable(),
  before: z.string().nullable(),
  after: z.string().nullable(),
  note: z.string().nullable(),
});
export type TSyncChange = z.infer<typeof ZSyncChange>;
export const ZSyncRun = z.object({
  id: z.number().int(),
  terminal_id: z.number().int(),
  source: ZVoyageSource,
  trigger: z.enum(['schedule', 'manual', 'upload', 'template']),
  started_at: z.string(),
  finished_at: z.string().nullable(),
  outcome: z.enum(['running', 'success', 'failed']),
  error: z.string().nullable(),
  changes: z.array(ZSyncChange),
  /** Set on a stored run whose changes no longer read (they are left out): shown as such, never a failed list. */
  is_unreadable: z.boolean().optional(),
});
export type TSyncRun = z.infer<typeof ZSyncRun>;
export const ZSyncRunList = pagedPayload(ZSyncRun);

/** A schedule change that met a planned or accepted time: it waits for a person instead of overwriting. */
export const ZScheduleProposal = z.object({
  id: z.number().int(),
  portcall_id: z.number().int(),
  time: ZNegotiatedTime,
  proposed_time: z.string(),
  current_time: z.string(),
  difference_minutes: z.number().int(),
  source: ZVoyageSource,
  status: z.enum(['open', 'applied', 'dismissed', 'superseded']),
  created_at: z.string(),
  resolved_at: z.string().nullable(),
});
export type TScheduleProposal = z.infer<typeof ZScheduleProposal>;
export const ZResolveScheduleProposalRequest = z.object({ version: z.number().int().positive() });
