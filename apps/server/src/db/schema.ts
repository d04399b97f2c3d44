// Kysely table types; they mirror db/migrations and are the only place the server names columns.
import type { TCargoHandlingEquipmentType, TDcsaPortCall, TDcsaPortCallService, TDcsaTerminalCall, TDcsaTimestamp, TDcsaVesselStatus, TJitDeliveryStatus, TJitOutboundBody, TLocalizedNames, TStoredJsonKind } from '@quayline/domain';
import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely';
import type { StoredJson } from './stored-json';

type Timestamp = ColumnType<Date, Date | string, Date | string>;
type CreatedAt = ColumnType<Date, Date | string | undefined, never>;
type Numeric = ColumnType<string, number | string, number | string>;
/** A JSON column: read as T, written only as storedJson(kind, value) (db/stored-json.ts, STORED_JSON in @quayline/domain). */
type Json<T, K extends TStoredJsonKind> = ColumnType<T, StoredJson<K>, StoredJson<K>>;
type NullableJson<T, K extends TStoredJsonKind> = ColumnType<T | null, StoredJson<K> | null | undefined, StoredJson<K> | null>;

export type OrganisationKind = 'terminal_operator' | 'vessel_operator' | 'agent';

export type OrganisationsTable = { id: Generated<number>; kind: OrganisationKind; code: string; name: string; created_at: CreatedAt };
export type PortsTable = {
  id: Generated<number>;
  unlocode: string;
  name: string;
  country_code: string;
  time_zone: string;
  latitude: number | null;
  longitude: number | null;
};
export type TerminalsTable = {
  id: Generated<number>;
  code: string;
  name: string;
  port_id: number;
  terminal_operator_id: number;
  time_zone: Generated<string>;
  quay_length_m: number;
  min_clearance_m: Generated<number>;
  tide_station: string | null;
  latitude: number | null;
  longitude: number | null;
  /** Where quay metre 0 lies and the compass bearing along which the metres grow (to place quay metres on the map and the berth geofence). */
  quay_origin_latitude: number | null;
  quay_origin_longitude: number | null;
  quay_bearing_deg: number | null;
  /** On which side of the quay line, looking along the bearing, the water is. */
  quay_water_side: Generated<'left' | 'right'>;
  preferred_prediction_source: Generated<'ais' | 'portcast'>;
  /** Times AIS detects are written as actual steps at once ('apply') or wait for a planner ('propose'). */
  ais_actuals_mode: Generated<'apply' | 'propose'>;
  ais_settings_version: Generated<number>;
  created_at: CreatedAt;
};
export type TerminalSectionsTable = {
  id: Generated<number>;
  terminal_id: number;
  name: string;
  berth_type: 'Berth' | 'Blocked Zone' | 'Buffer Zone';
  start_position_m: number;
  end_position_m: number;
  water_depth_m: Numeric;
};
export type BollardsTable = { id: Generated<number>; terminal_id: number; name: string; position_m: Numeric };
export type TerminalCranesTable = {
  id: Generated<number>;
  terminal_id: number;
  name: string;
  crane_type: Generated<string>;
  outreach_rows: number | null;
  moves_per_hour: Generated<number>;
  rail_start_m: number;
  rail_end_m: number;
};
export type TerminalShiftsTable = {
  id: Generated<number>;
  terminal_id: number;
  shift_number: number;
  name: string;
  /** Names per language: optional at insert (the column defaults to none). */
  names: ColumnType<TLocalizedNames, StoredJson<'localized_names'> | undefined, StoredJson<'localized_names'>>;
  start_time: string;
  end_time: string;
  gangs_available: Generated<number>;
};
export type TerminalNonWorkingTimesTable = {
  id: Generated<number>;
  terminal_id: number;
  kind: 'holiday' | 'break' | 'closed_shift';
  reason: string;
  starts_at: Timestamp;
  ends_at: Timestamp;
  created_by: number | null;
  created_at: Generated<Timestamp>;
};
export type BlockedZonesTable = {
  id: Generated<number>;
  terminal_id: number;
  reason: string;
  start_position_m: number;
  end_position_m: number;
  starts_at: Timestamp;
  ends_at: Timestamp;
};
export type TerminalDelayReasonsTable = {
  id: Generated<number>;
  terminal_id: number;
  code: string;
  name: string;
  names: ColumnType<TLocalizedNames, StoredJson<'localized_names'> | undefined, StoredJson<'localized_names'>>;
  is_active: Generated<boolean>;
  version: Generated<number>;
};
export type CargoHandlingEquipmentsTable = {
  id: Generated<number>;
  terminal_id: number;
  name: string;
  equipment_type: TCargoHandlingEquipmentType;
  equipment_number: string;
  created_at: CreatedAt;
};
export type PilotBoardingPlacesTable = {
  id: Generated<number>;
  port_id: number;
  name: string;
  names: ColumnType<TLocalizedNames, StoredJson<'localized_names'> | undefined, StoredJson<'localized_names'>>;
  sailing_time_to_berth_minutes: number;
  latitude: number | null;
  longitude: number | null;
  /** The circle around the place that counts as arrived there (AIS geofence). */
  geofence_radius_m: Generated<number>;
};
export type VesselsTable = {
  id: Generated<number>;
  name: string;
  imo_number: string;
  mmsi: string | null;
  call_sign: string | null;
  flag: string | null;
  vessel_type: string;
  /** Free text refining vessel_type (migration 0041); null when none is known. */
  vessel_type_detailed: string | null;
  length_overall_m: Numeric;
  beam_m: Numeric;
  max_draft_m: Numeric;
  gross_tonnage: number | null;
  vessel_operator_id: number | null;
};

/** Per-user settings kept as one JSON document; each key is validated by its zod schema before it is stored. */
export type UserSettingsDocument = Record<string, unknown>;

export type PortalUsersTable = {
  id: Generated<number>;
  email: string;
  password_hash: string;
  password_changed_at: Generated<Date>;
  password_expires_at: Timestamp | null;
  user_type: OrganisationKind;
  organisation_id: number | null;
  first_name: Generated<string>;
  last_name: Generated<string>;
  selected_locale: Generated<string>;
  daily_tasks_email: Generated<boolean>;
  mail_receive_time: Generated<string>;
  mail_timezone: Generated<string>;
  /** Merged key by key (users/user.repository.ts), each patch through storedJson('user_settings_patch', ...). */
  settings: ColumnType<UserSettingsDocument, undefined, StoredJson<'user_settings_patch'>>;
  failed_login_count: Generated<number>;
  first_failed_login_at: Timestamp | null;
  locked_until: Timestamp | null;
  last_used_terminal_id: number | null;
  /** An organisation's lead may act for the non-lead people of that organisation. */
  is_organisation_lead: Generated<boolean>;
  created_at: CreatedAt;
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
};
export type DcsaCounterpartiesTable = {
  id: Generated<number>;
  name: string;
  organisation_id: number;
  terminal_operator_id: number;
  endpoint_url: string;
  portal_user_id: number;
  session_id: number | null;
  key_prefix: string;
  created_by: number;
  created_at: CreatedAt;
  rotated_at: Timestamp | null;
  revoked_at: Timestamp | null;
};
export type JitPortCallsTable = {
  port_call_id: string;
  jit_object: Json<TDcsaPortCall, 'jit_port_call'>;
  un_location_code: string;
  vessel_imo: string | null;
  omitted: Generated<boolean>;
  omit_reason: string | null;
  owner_user_id: number;
  owner_organisation_id: number | null;
  updated_at: Timestamp;
};
export type JitTerminalCallsTable = {
  terminal_call_id: string;
  port_call_id: string;
  jit_object: Json<TDcsaTerminalCall, 'jit_terminal_call'>;
  omitted: Generated<boolean>;
  omit_reason: string | null;
  portcall_id: number | null;
  terminal_id: number | null;
  updated_at: Timestamp;
};
export type JitPortCallServicesTable = {
  port_call_service_id: string;
  terminal_call_id: string;
  type_code: string;
  event_type_code: string;
  jit_object: Json<TDcsaPortCallService, 'jit_port_call_service'>;
  cancelled: Generated<boolean>;
  declined: Generated<boolean>;
  reason: string | null;
  updated_at: Timestamp;
};
export type JitTimestampsTable = {
  timestamp_id: string;
  port_call_service_id: string;
  classifier_code: string;
  date_time: Timestamp;
  jit_object: Json<TDcsaTimestamp, 'jit_timestamp'>;
  sender_user_id: number;
  created_at: Timestamp;
};
export type JitVesselStatusesTable = {
  port_call_service_id: string;
  jit_object: Json<TDcsaVesselStatus, 'jit_vessel_status'>;
  updated_at: Timestamp;
};
export type JitOutboxTable = {
  id: Generated<number>;
  counterparty_id: number;
  message_key: string;
  portcall_id: number | null;
  method: 'PUT' | 'POST';
  path: string;
  jit_body: Json<TJitOutboundBody, 'jit_outbound_body'>;
  is_fyi: Generated<boolean>;
  status: Generated<TJitDeliveryStatus>;
  attempts: Generated<number>;
  last_http_status: number | null;
  last_error: string | null;
  next_attempt_at: Timestamp;
  claimed_until: Timestamp | null;
  created_at: Timestamp;
  delivered_at: Timestamp | null;
};
export type PortalUserTerminalsTable = { portal_user_id: number; terminal_id: number };
export type SessionsTable = {
  id: Generated<number>;
  token_hash: string;
  portal_user_id: number;
  actor_user_id: number | null;
  /** A proxy session's parent: the actor's own session it was started from (null for a person's own session). */
  parent_session_id: ColumnType<number | null, number | null | undefined, never>;
  created_at: ColumnType<Date, Date | string, never>;
  expires_at: Timestamp;
  revoked_at: Timestamp | null;
  user_agent: string | null;
};
export type ProxyRequestsTable = {
  id: Generated<string>;
  session_id: number;
  actor_user_id: number;
  acted_as_user_id: number;
  method: string;
  path: string;
  status_code: number | null;
  created_at: ColumnType<Date, Date | string, never>;
};
/** Start, end, expiry and refusal of acting for a colleague, so every borrowed right is on record. */
export type ProxyAuditEventsTable = {
  id: Generated<number>;
  actor_user_id: number;
  target_user_id: number | null;
  event: 'started' | 'ended' | 'expired' | 'refused';
  reason: string | null;
  session_id: number | null;
  created_at: ColumnType<Date, Date | string | undefined, never>;
};
/** Fixed-window rate-limit counters shared by every server; `key` is a scope and a value (IP, or a digest of an address or token). */
export type RateLimitCountersTable = {
  key: string;
  window_started_at: Timestamp;
  expires_at: Timestamp;
  hits: number;
};
/** One row: moves on with every committed change to a table the port-call list reads (migration 0020). */
export type ReadModelVersionTable = {
  id: Generated<boolean>;
  n: ColumnType<string, never, never>;
};
export type PasswordResetCodesTable = {
  id: Generated<number>;
  portal_user_id: number;
  code_hash: string;
  created_at: ColumnType<Date, Date | string, never>;
  expires_at: Timestamp;
  used_at: Timestamp | null;
};
export type DailyDigestDeliveriesTable = {
  portal_user_id: number;
  /** YYYY-MM-DD in the user's mail_timezone. */
  local_date: ColumnType<string, string, never>;
  status: 'claimed' | 'sent' | 'skipped';
  task_count: Generated<number>;
  claimed_until: Timestamp | null;
  sent_at: Timestamp | null;
  created_at: CreatedAt;
};
export type MailOutboxTable = {
  id: Generated<number>;
  recipient: string;
  subject: string;
  body_text: string;
  body_html: string | null;
  transport: 'smtp' | 'outbox';
  created_at: CreatedAt;
  sent_at: Timestamp | null;
  error: string | null;
};

export type PortcallsTable = {
  id: Generated<number>;
  terminal_id: number;
  vessel_id: number;
  vessel_operator_id: number;
  agent_id: number | null;
  status: Generated<string>;
  portcall_type: Generated<string>;
  berth_arrival: Timestamp;
  berth_departure: Timestamp;
  berth_arrival_label: string | null;
  berth_arrival_change_label: string | null;
  berth_departure_label: string | null;
  berth_departure_change_label: string | null;
  pilot_boarding_place_id: number | null;
  pilot_boarding_place_arrival: Timestamp | null;
  pilot_boarding_place_arrival_label: string | null;
  pilot_boarding_place_arrival_change_label: string | null;
  pilot_boarding_place_departure: Timestamp | null;
  pilot_boarding_place_departure_label: string | null;
  pilot_boarding_place_departure_change_label: string | null;
  cargo_operations_start: Timestamp | null;
  cargo_operations_end: Timestamp | null;
  berth_start_position: Numeric | null;
  berth_end_position: Numeric | null;
  berth_start_bollard_id: number | null;
  berth_end_bollard_id: number | null;
  terminal_section_id: number | null;
  is_bollards_linked: Generated<boolean>;
  berth_orientation: string | null;
  service_name: string | null;
  voyage_number_import: string | null;
  voyage_number_export: string | null;
  draft_inbound: ColumnType<string, number | string | undefined, number | string>;
  draft_outbound: ColumnType<string, number | string | undefined, number | string>;
  previous_port_id: number | null;
  next_port_id: number | null;
  comment: string | null;
  berth_comment: string | null;
  cargo_quantity_status: Generated<string>;
  move_count_unit: Generated<string>;
  move_count_containers: Generated<number>;
  move_count_comments: string | null;
  vessel_characteristics: ColumnType<string[], string[] | undefined, string[]>;
  is_dummy: Generated<boolean>;
  sync_shift_cargo_volumes: Generated<boolean>;
  card_colour: Generated<string>;
  zone: string | null;
  prise_status: string | null;
  prise_message: string | null;
  prise_code: string | null;
  voyage_id: number | null;
  voyage_name: string | null;
  schedule_syncable: Generated<boolean>;
  is_managed_by_quayline: Generated<boolean>;
  is_dummy_vessel: Generated<boolean>;
  dcsa_port_call_id: string | null;
  dcsa_terminal_call_id: string | null;
  cancelled_by: number | null;
  cancelled_at: Timestamp | null;
  /**
   * Migration 0019: the call-level cargo type, and each time's value before its last change. Updates leave previous_*
   * to the trigger; an insert may bring them, for a call written with a history (the demo seed).
   */
  cargo_type: string | null;
  previous_berth_arrival: ColumnType<Date | null, Date | null | undefined, never>;
  previous_berth_departure: ColumnType<Date | null, Date | null | undefined, never>;
  previous_pilot_boarding_place_arrival: ColumnType<Date | null, Date | null | undefined, never>;
  previous_pilot_boarding_place_departure: ColumnType<Date | null, Date | null | undefined, never>;
  version: Generated<number>;
  created_by: number | null;
  created_at: CreatedAt;
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
};
/** Each call's KPI inputs (migration 0031), recomputed by a KPI read for calls marked stale (modules/kpis/kpi-facts.ts). */
export type PortcallKpiFactsTable = {
  portcall_id: number;
  waiting_h: number | null;
  arrival_dev_h: number | null;
  departure_dev_h: number | null;
  turnaround_h: number | null;
  berth_productivity: number | null;
  ops_rate: number | null;
  agreed_before_arrival: boolean | null;
  eta_error_h: number | null;
  moves: number | null;
  crane_intensity: number | null;
  terminal_response_h: ColumnType<number[], number[] | undefined, number[]>;
  vessel_side_response_h: ColumnType<number[], number[] | undefined, number[]>;
  computed_at: CreatedAt;
};
/** Marks written by triggers when a call's KPI inputs may have changed; a log, consumed by the KPI reads. */
export type PortcallKpiStaleTable = {
  seq: Generated<string>;
  portcall_id: number;
};
export type PortcallCargoDetailsTable = {
  id: Generated<number>;
  portcall_id: number;
  position: number;
  cargo_operations_start: Timestamp | null;
  cargo_operations_end: Timestamp | null;
  cargo_type: string;
  cargo_sub_type: string | null;
  product_type: string | null;
  move_count: Numeric;
  move_count_unit: string;
  comment: string | null;
  discharge: Numeric;
  load: Numeric;
  restow: Numeric;
  units_per_hour: Numeric | null;
  crane_intensity: Numeric;
  quantities: NullableJson<unknown, 'cargo_quantities'>;
};
export type PortcallEquipmentDetailsTable = { id: Generated<number>; portcall_id: number; cargo_handling_equipment_id: number; start_time: Timestamp; end_time: Timestamp };
export type PortcallShiftDetailsTable = {
  id: Generated<number>;
  portcall_id: number;
  terminal_shift_id: number | null;
  shift_number: number;
  start_time: Timestamp;
  end_time: Timestamp;
  cargo_type: string | null;
  cargo_sub_type: string | null;
  product_name: string | null;
  discharge: Generated<number>;
  load: Generated<number>;
  restow: Generated<number>;
  gangs: Generated<number>;
  resource_per_shift: number | null;
  comments: string | null;
  contact_person_name: string | null;
  contact_person_phone: string | null;
  contact_person_mail: string | null;
  equipment_numbers: ColumnType<string[], string[] | undefined, string[]>;
  actual_moves: number | null;
};
export type PortcallTimestampsTable = {
  id: Generated<number>;
  portcall_id: number;
  time_type: string;
  action: string;
  classifier: string;
  party: string;
  date_time: Timestamp | null;
  label_after: string | null;
  previous_label: string | null;
  change_label_after: string | null;
  reply_to_id: number | null;
  delay_reason_code: string | null;
  remark: string | null;
  /** Null for an automated step (creator_type 'automated', e.g. a schedule sync). */
  created_by: number | null;
  acting_for: number | null;
  creator_type: Generated<'user' | 'automated'>;
  /** For an automated step: which schedule source made it (template, gnet, portcast, manual upload). */
  source: string | null;
  created_at: ColumnType<Date, Date | string, never>;
};
export type PortcallAuditEventsTable = {
  id: Generated<number>;
  portcall_id: number;
  event_type: 'created' | 'revised' | 'accepted';
  field: string;
  old_value: NullableJson<unknown, 'audit_value'>;
  new_value: NullableJson<unknown, 'audit_value'>;
  actor_user_id: number | null;
  acting_for_user_id: number | null;
  creator_type: Generated<'user' | 'automated'>;
  source: string | null;
  created_at: ColumnType<Date, Date | string, never>;
};

/** A published realtime event (modules/realtime); payload is any JSON value. */
export type RealtimeEventsTable = {
  id: Generated<number>;
  channel: string;
  event: string;
  payload: ColumnType<RealtimePayload, StoredJson<'realtime_payload'>, never>;
  created_at: CreatedAt;
};
export type RealtimePayload = string | number | boolean | null | RealtimePayload[] | { [key: string]: RealtimePayload };
/** One row: every realtime event with an id up to pruned_up_to_id has been deleted by the retention sweep. */
export type RealtimeRetentionTable = {
  id: Generated<number>;
  pruned_up_to_id: number;
};

export type NotificationMessagesTable = {
  id: Generated<number>;
  portal_user_id: number;
  portcall_id: number | null;
  notification_type: 'portcall_update' | 'revised' | 'accepted' | 'proxy_session';
  details: Json<unknown, 'notification_details'>;
  read_at: Timestamp | null;
  created_at: ColumnType<Date, Date | string, never>;
};
export type PortcallMessagesTable = { id: Generated<number>; portcall_id: number; author_user_id: number; body: string; created_at: ColumnType<Date, Date | string, never> };
export type PortcallMessageReadsTable = { portcall_id: number; portal_user_id: number; last_read_message_id: number };

export type BerthDraftsTable = {
  id: Generated<number>;
  portal_user_id: number;
  terminal_id: number;
  changes: ColumnType<unknown, StoredJson<'draft_changes'> | undefined, StoredJson<'draft_changes'>>;
  undo_stack: ColumnType<unknown, StoredJson<'draft_stack'> | undefined, StoredJson<'draft_stack'>>;
  redo_stack: ColumnType<unknown, StoredJson<'draft_stack'> | undefined, StoredJson<'draft_stack'>>;
  frozen_portcall_ids: ColumnType<number[], number[] | undefined, number[]>;
  version: Generated<number>;
  updated_at: Timestamp | null;
};

export type VoyageTemplatesTable = {
  id: Generated<number>;
  terminal_id: number;
  name: string;
  code: string;
  vessel_operator_id: number;
  rotation: Json<unknown, 'template_rotation'>;
  berth_window: Json<unknown, 'template_berth_window'>;
  vessel_ids: ColumnType<number[], number[], number[]>;
  recurrence: Json<unknown, 'template_recurrence'>;
  valid_from: ColumnType<string, string, string>;
  valid_to: ColumnType<string | null, string | null, string | null>;
  import_direction: string;
  export_direction: string;
  generated_until: ColumnType<string | null, string | null | undefined, string | null>;
  version: Generated<number>;
  created_by: number | null;
  created_at: CreatedAt;
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
};
export type VoyagesTable = {
  id: Generated<number>;
  terminal_id: number;
  template_id: number | null;
  service_name: string;
  service_code: string | null;
  vessel_id: number;
  vessel_operator_id: number;
  voyage_number_import: string;
  voyage_number_export: string | null;
  direction: string | null;
  source: 'template' | 'gnet' | 'portcast' | 'manual';
  schedule_syncable: Generated<boolean>;
  template_occurrence: ColumnType<string | null, string | null | undefined, string | null>;
  last_fetched_at: Timestamp | null;
  version: Generated<number>;
  created_by: number | null;
  created_at: CreatedAt;
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
};
export type VoyageScheduleRowsTable = {
  id: Generated<number>;
  voyage_id: number;
  sequence: number;
  port_id: number;
  is_terminal_call: Generated<boolean>;
  portcall_id: number | null;
  arrival: Timestamp | null;
  departure: Timestamp | null;
  arrival_classifier: 'PLN' | 'EST' | 'ACT' | null;
  departure_classifier: 'PLN' | 'EST' | 'ACT' | null;
  source: 'template' | 'gnet' | 'portcast' | 'manual';
  fetched_at: Timestamp | null;
  status_code: string | null;
  transport_call_reference: string | null;
};
export type ScheduleProvidersTable = {
  id: Generated<number>;
  terminal_id: number;
  provider: 'gnet' | 'portcast';
  base_url: string;
  credentials: string | null;
  polling_interval_minutes: Generated<number>;
  proposal_threshold_minutes: Generated<number>;
  is_enabled: Generated<boolean>;
  last_attempt_at: Timestamp | null;
  last_success_at: Timestamp | null;
  last_error: string | null;
  consecutive_failures: Generated<number>;
  next_attempt_at: Timestamp | null;
  version: Generated<number>;
};
export type ScheduleSyncRunsTable = {
  id: Generated<number>;
  terminal_id: number;
  source: 'template' | 'gnet' | 'portcast' | 'manual';
  trigger: 'schedule' | 'manual' | 'upload' | 'template';
  started_at: Timestamp;
  finished_at: Timestamp | null;
  outcome: Generated<'running' | 'success' | 'failed'>;
  error: string | null;
  changes: ColumnType<unknown, StoredJson<'schedule_run_changes'> | undefined, StoredJson<'schedule_run_changes'>>;
  started_by: number | null;
};
export type ScheduleProposalsTable = {
  id: Generated<number>;
  portcall_id: number;
  time_type: string;
  proposed_time: Timestamp;
  current_time_value: Timestamp;
  difference_minutes: number;
  source: 'template' | 'gnet' | 'portcast' | 'manual';
  sync_run_id: number | null;
  status: Generated<'open' | 'applied' | 'dismissed' | 'superseded'>;
  created_at: Timestamp;
  resolved_at: Timestamp | null;
  resolved_by: number | null;
};

export type WatchlistEntriesTable = { portal_user_id: number; portcall_id: number; created_at: Timestamp; last_seen_at: Timestamp };
export type TerminalAlertSettingsTable = {
  terminal_id: number;
  unanswered_request_minutes: number;
  arrival_deviation_minutes: number;
  cargo_delay_minutes: number;
  under_keel_clearance_m: Numeric;
  horizon_hours: number;
  updated_by: number | null;
  updated_at: Timestamp;
};
export type AlertAcknowledgementsTable = {
  id: Generated<number>;
  portal_user_id: number;
  acting_user_id: number | null;
  alert_key: string;
  rule: string;
  portcall_id: number;
  acknowledged_at: Timestamp;
};

/** What AIS last said about one vessel (static and voyage data, and the latest position), keyed by MMSI. */
export type AisVesselsTable = {
  mmsi: string;
  imo_number: string | null;
  name: string | null;
  call_sign: string | null;
  ship_type: number | null;
  length_m: Numeric | null;
  beam_m: Numeric | null;
  draught_m: Numeric | null;
  destination: string | null;
  reported_eta: Timestamp | null;
  static_received_at: Timestamp | null;
  latitude: number | null;
  longitude: number | null;
  speed_knots: number | null;
  course_deg: number | null;
  heading_deg: number | null;
  nav_status: number | null;
  position_received_at: Timestamp | null;
  updated_at: Generated<Timestamp>;
  /** Vessel-record fields AIS filled because the record lacked them (ais/vessel_characteristics filled_fields). */
  filled_fields: ColumnType<string[], string[] | undefined, string[]>;
};
/** One position report; the track of a vessel, kept for the retention period. */
export type AisPositionsTable = {
  id: Generated<string>;
  mmsi: string;
  received_at: Timestamp;
  latitude: number;
  longitude: number;
  speed_knots: number | null;
  course_deg: number | null;
  heading_deg: number | null;
  nav_status: number | null;
};
export type PortcallPredictionsTable = {
  portcall_id: number;
  source: 'ais' | 'portcast';
  predicted_time: Timestamp;
  distance_nm: Numeric | null;
  speed_knots: Numeric | null;
  pilotage_minutes: number | null;
  position_received_at: Timestamp | null;
  last_fetched_at: Timestamp;
};
export type AisCallPhase = 'approaching' | 'at_pilot_boarding_place' | 'in_berth' | 'moored' | 'departed';
/** Where a call stands against its geofences, so detection survives restarts and runs once per event. */
export type AisCallTrackingTable = {
  portcall_id: number;
  phase: Generated<AisCallPhase>;
  pilot_boarding_place_entered_at: Timestamp | null;
  berth_entered_at: Timestamp | null;
  slow_since: Timestamp | null;
  moored_at: Timestamp | null;
  departed_at: Timestamp | null;
  updated_at: Generated<Timestamp>;
  /** The newest position applied: older ones are ignored; the segment from it to the next one may cross the PBP circle. */
  last_position_at: Timestamp | null;
  last_latitude: number | null;
  last_longitude: number | null;
  /** The last position seen inside the berth polygon (the actual departure once the vessel has left). */
  last_inside_at: Timestamp | null;
  /** Consecutive positions outside the berth polygon: one alone is GPS jitter at the edge. */
  outside_count: Generated<number>;
};
export type AisDetectionsTable = {
  id: Generated<number>;
  portcall_id: number;
  time_type: 'pilot_boarding_place_arrival' | 'berth_arrival' | 'berth_departure';
  date_time: Timestamp;
  source: string;
  status: 'applied' | 'proposed' | 'dismissed' | 'kept_manual';
  detected_at: Timestamp;
  decided_by: number | null;
  decided_at: Timestamp | null;
};

/** PRISE pre-arrival notice of a port call (migration 0016). */
export type PriseNoticesTable = {
  portcall_id: number;
  version: Generated<number>;
  status: Generated<'draft' | 'submitted' | 'approved' | 'rejected'>;
  dangerous_goods: boolean | null;
  persons_on_board: number | null;
  submission_no: Generated<number>;
  reference: string | null;
  submitted_content: NullableJson<unknown, 'prise_submitted_content'>;
  submitted_at: Timestamp | null;
  submitted_by: number | null;
  acting_for: number | null;
  answered_at: Timestamp | null;
  is_partial: Generated<boolean>;
  accepted_window_from: Timestamp | null;
  accepted_window_to: Timestamp | null;
  message: string | null;
  code: string | null;
  reopened_at: Timestamp | null;
  is_reopened_after_approval: Generated<boolean>;
  next_poll_at: Timestamp | null;
  poll_attempts: Generated<number>;
  created_at: CreatedAt;
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
};
export type PriseNoticeEventsTable = {
  id: Generated<number>;
  portcall_id: number;
  at: Timestamp;
  event: 'submitted' | 'approved' | 'partially_approved' | 'rejected' | 'reopened' | 'edited';
  creator_type: 'user' | 'automated';
  system_kind: 'pcs' | 'tos' | null;
  by_user_id: number | null;
  acting_for_user_id: number | null;
  prise_status: string | null;
  message: string | null;
  code: string | null;
  changed: NullableJson<unknown, 'prise_changed_parts'>;
};

export type DB = {
  ais_vessels: AisVesselsTable;
  ais_positions: AisPositionsTable;
  portcall_predictions: PortcallPredictionsTable;
  ais_call_tracking: AisCallTrackingTable;
  ais_detections: AisDetectionsTable;
  watchlist_entries: WatchlistEntriesTable;
  terminal_alert_settings: TerminalAlertSettingsTable;
  alert_acknowledgements: AlertAcknowledgementsTable;
  voyage_templates: VoyageTemplatesTable;
  voyages: VoyagesTable;
  voyage_schedule_rows: VoyageScheduleRowsTable;
  schedule_providers: ScheduleProvidersTable;
  schedule_sync_runs: ScheduleSyncRunsTable;
  schedule_proposals: ScheduleProposalsTable;
  berth_drafts: BerthDraftsTable;
  portcall_equipment_details: PortcallEquipmentDetailsTable;
  portcall_shift_details: PortcallShiftDetailsTable;
  notification_messages: NotificationMessagesTable;
  portcall_messages: PortcallMessagesTable;
  portcall_message_reads: PortcallMessageReadsTable;
  portcalls: PortcallsTable;
  portcall_cargo_details: PortcallCargoDetailsTable;
  portcall_kpi_facts: PortcallKpiFactsTable;
  portcall_kpi_stale: PortcallKpiStaleTable;
  portcall_timestamps: PortcallTimestampsTable;
  portcall_audit_events: PortcallAuditEventsTable;
  organisations: OrganisationsTable;
  ports: PortsTable;
  terminals: TerminalsTable;
  terminal_sections: TerminalSectionsTable;
  bollards: BollardsTable;
  terminal_cranes: TerminalCranesTable;
  terminal_shifts: TerminalShiftsTable;
  terminal_non_working_times: TerminalNonWorkingTimesTable;
  blocked_zones: BlockedZonesTable;
  terminal_delay_reasons: TerminalDelayReasonsTable;
  cargo_handling_equipments: CargoHandlingEquipmentsTable;
  pilot_boarding_places: PilotBoardingPlacesTable;
  vessels: VesselsTable;
  portal_users: PortalUsersTable;
  portal_user_terminals: PortalUserTerminalsTable;
  dcsa_counterparties: DcsaCounterpartiesTable;
  jit_port_calls: JitPortCallsTable;
  jit_terminal_calls: JitTerminalCallsTable;
  jit_port_call_services: JitPortCallServicesTable;
  jit_timestamps: JitTimestampsTable;
  jit_vessel_statuses: JitVesselStatusesTable;
  jit_outbox: JitOutboxTable;
  sessions: SessionsTable;
  proxy_requests: ProxyRequestsTable;
  proxy_audit_events: ProxyAuditEventsTable;
  password_reset_codes: PasswordResetCodesTable;
  rate_limit_counters: RateLimitCountersTable;
  read_model_version: ReadModelVersionTable;
  mail_outbox: MailOutboxTable;
  daily_digest_deliveries: DailyDigestDeliveriesTable;
  realtime_events: RealtimeEventsTable;
  realtime_retention: RealtimeRetentionTable;
  prise_notices: PriseNoticesTable;
  prise_notice_events: PriseNoticeEventsTable;
};

export type PortalUser = Selectable<PortalUsersTable>;
export type NewPortalUser = Insertable<PortalUsersTable>;
export type PortalUserUpdate = Updateable<PortalUsersTable>;
