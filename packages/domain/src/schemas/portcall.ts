// The port-call record (spec section 3): enums, the stored shape, and the create/update payloads.
import { z } from 'zod';
import { LIST_INPUT_MAX_ITEMS } from '../constants';
import { withoutBidiControls } from '../display-name';
import { ZChangeLabel, ZTimeLabel } from '../negotiation';
import { ZCargoQuantities } from '../cargo-tiers';
import { pageQuery, pagedPayload } from './paging';
import { ZPredictedBerthArrival } from './prediction';
import { ZRecordId, ZRecordIdValue } from './master-data';

export const PORTCALL_STATUSES = ['Cancelled', 'Departed', 'Berthed', 'Cargo Ops', 'Arrived at PBP', 'Approaching'] as const;
export const ZPortcallStatus = z.enum(PORTCALL_STATUSES);
export type TPortcallStatus = z.infer<typeof ZPortcallStatus>;
/** Sort priority of spec section 4 (Cancelled 1 ... Approaching 6). */
export const STATUS_SORT_PRIORITY: Record<TPortcallStatus, number> = { Cancelled: 1, Departed: 2, Berthed: 3, 'Cargo Ops': 4, 'Arrived at PBP': 5, Approaching: 6 };
/** Display order of the other reading of spec section 4. */
export const STATUS_DISPLAY_ORDER: readonly TPortcallStatus[] = ['Cancelled', 'Departed', 'Cargo Ops', 'Berthed', 'Arrived at PBP', 'Approaching'];

export const PORTCALL_TYPES = ['Inbound', 'Shifter'] as const;
/** Spec section 4: a call follows its voyage's schedule, or a person stopped that (here so voyages.ts can import it without a cycle). */
export const SCHEDULE_SYNC_STATES = ['schedule_syncable', 'schedule_syncable_inactive'] as const;
export const ZScheduleSyncState = z.enum(SCHEDULE_SYNC_STATES);
export type TScheduleSyncState = z.infer<typeof ZScheduleSyncState>;
export const BERTH_ORIENTATIONS = ['Starboard', 'Port', 'Without side'] as const;
export const CARGO_TYPES = ['General', 'Dry bulk (tons)', 'Liquid bulk (tons)', 'Container (boxes)', 'Passenger', 'Roll-on/Roll-off', 'Other (pieces)'] as const;
export const MOVE_COUNT_UNITS = ['pieces', 'tons'] as const;
export const VESSEL_CHARACTERISTICS = ['onboard_crane_stb', 'onboard_crane_port', 'onboard_crane_midships', 'bow_ramp', 'side_ramp_stb', 'side_ramp_port', 'stern_quarter_ramp', 'straight_stern_ramp'] as const;
/** Spec section 3: on a new port call, portcall_type and vessel_characteristics start at the first configured option. */
export const DEFAULT_PORTCALL_TYPE = PORTCALL_TYPES[0];
export const DEFAULT_VESSEL_CHARACTERISTICS: readonly (typeof VESSEL_CHARACTERISTICS)[number][] = [VESSEL_CHARACTERISTICS[0]];
export const CARGO_QUANTITY_STATUSES = ['Draft', 'Confirmed', 'Actual'] as const;
export const PRISE_STATUSES = ['prise_info_required', 'prise_sent', 'prise_rejected', 'prise_accepted', 'prise_partially_accepted'] as const;
/** PRISE partially accepted is shown as accepted (spec section 4). */
/** What a call's PRISE notice waits for (`priseStep` in ./prise), most urgent first. */
export const PRISE_STEPS = ['rejected', 'missing', 'due'] as const;
export type TPriseStep = (typeof PRISE_STEPS)[number];
export function priseDisplayStatus(status: (typeof PRISE_STATUSES)[number] | null): string | null {
  return status === 'prise_partially_accepted' ? 'prise_accepted' : status;
}
export const CARD_COLOUR_CLASSES = ['default', 'rose', 'fuchsia', 'violet', 'blue', 'cyan', 'olive', 'green', 'lime', 'lemon', 'yellow', 'cocoa', 'orange', 'grapes', 'stone'] as const;

const ZInstant = z.iso.datetime({ offset: true });
const ZMetres = z.number().min(0).max(100_000);
const ZText = (max = 255) => z.string().trim().max(max);
/** A name or code people read (vessel, voyage, service, product, person): no characters that reverse how it shows. */
const ZNameText = (max = 255) => withoutBidiControls(ZText(max));

export const ZCargoDetailInput = z.object({
  id: z.number().int().optional(),
  cargo_operations_start: ZInstant.nullable().optional(),
  cargo_operations_end: ZInstant.nullable().optional(),
  cargo_type: z.enum(CARGO_TYPES),
  cargo_sub_type: ZNameText().nullable().optional(),
  product_type: ZNameText().nullable().optional(),
  move_count: z.number().min(0).max(1_000_000).default(0),
  move_count_unit: z.enum(MOVE_COUNT_UNITS).default('pieces'),
  comment: ZText(1000).nullable().optional(),
  discharge: z.number().min(0).max(1_000_000).default(0),
  load: z.number().min(0).max(1_000_000).default(0),
  restow: z.number().min(0).max(1_000_000).default(0),
  units_per_hour: z.number().min(0).max(10_000).nullable().optional(),
  crane_intensity: z.coerce.number().min(0.1).max(20).default(1),
  /** When given, discharge / load / restow are computed from the tier table and typed values are ignored. */
  quantities: ZCargoQuantities.nullable().optional(),
});
export type TCargoDetailInput = z.infer<typeof ZCargoDetailInput>;
export const ZCargoDetail = ZCargoDetailInput.extend({
  id: z.number().int(),
  total: z.number(),
  quantity_totals: z.object({ full: z.record(z.string(), z.number()).nullable(), empty: z.record(z.string(), z.number()).nullable(), columns: z.record(z.string(), z.record(z.string(), z.number())).nullable() }).nullable(),
});

const ZEmail = z.string().trim().max(255).regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, 'Not an e-mail address');
export const ZEquipmentDetailInput = z.object({
  cargo_handling_equipment_id: ZRecordIdValue,
  start_time: ZInstant,
  end_time: ZInstant,
});
export type TEquipmentDetailInput = z.infer<typeof ZEquipmentDetailInput>;
export const ZEquipmentDetail = ZEquipmentDetailInput.extend({ id: z.number().int(), portcall_id: z.number().int(), equipment_name: z.string(), equipment_number: z.string() });
export const ZShiftDetailInput = z.object({
  terminal_shift_id: ZRecordIdValue.nullable().optional(),
  shift_number: z.number().int().min(1).max(10),
  start_time: ZInstant,
  end_time: ZInstant,
  cargo_type: z.enum(CARGO_TYPES).nullable().optional(),
  cargo_sub_type: ZNameText().nullable().optional(),
  product_name: ZNameText().nullable().optional(),
  discharge: z.number().int().min(0).max(1_000_000).default(0),
  load: z.number().int().min(0).max(1_000_000).default(0),
  restow: z.number().int().min(0).max(1_000_000).default(0),
  gangs: z.number().int().min(0).max(50).default(0),
  resource_per_shift: z.number().int().min(0).max(1000).nullable().optional(),
  comments: ZText(1000).nullable().optional(),
  contact_person: z.object({ contact_person_name: ZNameText().nullable().optional(), contact_person_phone: z.string().trim().max(40).regex(/^[+0-9 ()/-]*$/, 'Digits, spaces and + ( ) / - only').nullable().optional(), contact_person_mail: ZEmail.nullable().optional() }).optional(),
  shift_equipment_details: z.array(z.object({ equipment_number: ZNameText(64) })).max(50).default([]),
  /** Moves actually worked, recorded after the shift (shift report, call progress); null until then. */
  actual_moves: z.number().int().min(0).max(1_000_000).nullable().optional(),
});
export type TShiftDetailInput = z.infer<typeof ZShiftDetailInput>;
/**
 * A shift's quantity (the spec's shift_quantity): the moves it plans, all three operations together. Answered with
 * every card and never stored or taken, so it cannot disagree with discharge, load and restow; a card sent back with
 * it is read without it.
 */
export const shiftQuantity = (d: Pick<TShiftDetailInput, 'discharge' | 'load' | 'restow'>): number => d.discharge + d.load + d.restow;
/**
 * `draft_portcall_id` (spec): the viewer's berth-plan sandbox (`berth_drafts.id`) when it holds a move of the card's
 * call not yet published, so the card may move with the call when the sandbox is published; null otherwise. Answered,
 * never taken: a card sent back with it is read without it.
 */
export const ZShiftDetail = ZShiftDetailInput.extend({
  id: z.number().int(),
  portcall_id: z.number().int(),
  total_resources: z.number().int(),
  shift_quantity: z.number().int(),
  draft_portcall_id: z.number().int().nullable(),
});

/** The editable part of a port call, without defaults so an update changes only what it sends; times are negotiated (docs/negotiation.md). */
export const ZPortcallFields = z.object({
  terminal_id: ZRecordIdValue,
  vessel_id: ZRecordIdValue,
  vessel_operator_id: ZRecordIdValue,
  agent_id: ZRecordIdValue.nullable().optional(),
  portcall_type: z.enum(PORTCALL_TYPES),
  berth_arrival: ZInstant,
  berth_departure: ZInstant,
  pilot_boarding_place_id: ZRecordIdValue.nullable().optional(),
  pilot_boarding_place_arrival: ZInstant.nullable().optional(),
  pilot_boarding_place_departure: ZInstant.nullable().optional(),
  cargo_operations_start: ZInstant.nullable().optional(),
  cargo_operations_end: ZInstant.nullable().optional(),
  berth_start_position: ZMetres.nullable().optional(),
  berth_end_position: ZMetres.nullable().optional(),
  is_bollards_linked: z.boolean(),
  berth_orientation: z.enum(BERTH_ORIENTATIONS).nullable().optional(),
  service_name: ZNameText().nullable().optional(),
  voyage_number_import: ZNameText(64).nullable().optional(),
  voyage_number_export: ZNameText(64).nullable().optional(),
  draft_inbound: z.number().min(0).max(30),
  draft_outbound: z.number().min(0).max(30),
  previous_port_id: ZRecordIdValue.nullable().optional(),
  next_port_id: ZRecordIdValue.nullable().optional(),
  comment: ZText(2000).nullable().optional(),
  berth_comment: ZText(2000).nullable().optional(),
  cargo_quantity_status: z.enum(CARGO_QUANTITY_STATUSES),
  move_count_unit: z.enum(MOVE_COUNT_UNITS),
  move_count_containers: z.number().int().min(0).max(100_000),
  move_count_comments: ZText(1000).nullable().optional(),
  /** The call's main cargo type (spec section 3); on create it defaults to the first cargo line's (docs/portcalls.md). */
  cargo_type: z.enum(CARGO_TYPES).nullable().optional(),
  vessel_characteristics: z.array(z.enum(VESSEL_CHARACTERISTICS)).max(VESSEL_CHARACTERISTICS.length),
  is_dummy: z.boolean(),
  sync_shift_cargo_volumes: z.boolean(),
  card_colour: z.enum(CARD_COLOUR_CLASSES),
  zone: ZNameText(64).nullable().optional(),
  prise_status: z.enum(PRISE_STATUSES).nullable().optional(),
  prise_message: ZText(1000).nullable().optional(),
  prise_code: ZText(64).nullable().optional(),
  voyage_name: ZNameText(128).nullable().optional(),
  schedule_syncable: z.boolean().optional(),
  is_dummy_vessel: z.boolean().optional(),
  cargo_details: z.array(ZCargoDetailInput).max(50),
  equipment_details: z.array(ZEquipmentDetailInput).max(100),
  portcall_shift_details: z.array(ZShiftDetailInput).max(200),
});
/** Form defaults of spec section 3 apply on create only. */
export const ZPortcallCreateRequest = ZPortcallFields.extend({
  portcall_type: ZPortcallFields.shape.portcall_type.default(DEFAULT_PORTCALL_TYPE),
  is_bollards_linked: ZPortcallFields.shape.is_bollards_linked.default(true),
  draft_inbound: ZPortcallFields.shape.draft_inbound.default(0),
  draft_outbound: ZPortcallFields.shape.draft_outbound.default(0),
  cargo_quantity_status: ZPortcallFields.shape.cargo_quantity_status.default('Draft'),
  move_count_unit: ZPortcallFields.shape.move_count_unit.default('pieces'),
  move_count_containers: ZPortcallFields.shape.move_count_containers.default(0),
  // The form preselects DEFAULT_VESSEL_CHARACTERISTICS; an API client (or a DCSA import) that names none states no facts about the ship.
  vessel_characteristics: ZPortcallFields.shape.vessel_characteristics.default([]),
  is_dummy: ZPortcallFields.shape.is_dummy.default(false),
  sync_shift_cargo_volumes: ZPortcallFields.shape.sync_shift_cargo_volumes.default(false),
  card_colour: ZPortcallFields.shape.card_colour.default('default'),
  cargo_details: ZPortcallFields.shape.cargo_details.default([]),
  equipment_details: ZPortcallFields.shape.equipment_details.default([]),
  portcall_shift_details: ZPortcallFields.shape.portcall_shift_details.default([]),
});
export type TPortcallCreateRequest = z.input<typeof ZPortcallCreateRequest>;
export const ZPortcallUpdateRequest = ZPortcallFields.partial().omit({ terminal_id: true }).extend({ version: z.number().int().positive() });
export type TPortcallUpdateRequest = z.infer<typeof ZPortcallUpdateRequest>;

const ZTimeState = z.object({ label: ZTimeLabel.nullable(), change_label: ZChangeLabel.nullable() });
const ZClassifier = z.enum(['EST', 'REQ', 'PLN', 'ACT']);

export const ZPortcall = z.object({
  id: z.number().int(),
  version: z.number().int(),
  status: ZPortcallStatus,
  status_sort_priority: z.number().int(),
  terminal_id: z.number().int(),
  terminal_name: z.string(),
  /** The organisation operating the terminal: its id and name (spec section 3; docs/portcalls.md). */
  terminal_operator_id: z.number().int(),
  terminal_operator: z.string(),
  port_id: z.number().int(),
  port_name: z.string(),
  /** The port's UN/LOCODE. */
  port_code: z.string(),
  vessel_id: z.number().int(),
  vessel_name: z.string(),
  imo_number: z.string(),
  vessel_type: z.string(),
  /** The vessel's detailed type in free text (the register's), null when none is known. */
  vessel_type_detailed: z.string().nullable(),
  vessel_length_overall: z.number(),
  /** The vessel's maximum draft: what clash checks hold a call without a declared draft to. */
  vessel_max_draft: z.number().nullable(),
  vessel_operator_id: z.number().int(),
  vessel_operator_code: z.string(),
  vessel_operator: z.string(),
  agent_id: z.number().int().nullable(),
  agent_code: z.string().nullable(),
  portcall_type: z.enum(PORTCALL_TYPES),
  berth_arrival: z.string(),
  berth_departure: z.string(),
  berth_arrival_state: ZTimeState,
  berth_departure_state: ZTimeState,
  /** The berth times as the viewer's berth-planner sandbox has them, else the call's (docs/portcalls.md). */
  berth_planner_berth_arrival: z.string(),
  berth_planner_berth_departure: z.string(),
  /** Each negotiated time's value before its last change; null while it has not changed. */
  previous_berth_arrival: z.string().nullable(),
  previous_berth_departure: z.string().nullable(),
  previous_pilot_boarding_place_arrival: z.string().nullable(),
  previous_pilot_boarding_place_departure: z.string().nullable(),
  pilot_boarding_place_id: z.number().int().nullable(),
  pilot_boarding_place_name: z.string().nullable(),
  pilot_boarding_place_arrival: z.string().nullable(),
  pilot_boarding_place_departure: z.string().nullable(),
  pilot_boarding_place_arrival_state: ZTimeState,
  pilot_boarding_place_departure_state: ZTimeState,
  /** The spec's names for the labels of the pilot boarding times (the same as *_state.label). */
  pilot_boarding_place_arrival_label: ZTimeLabel.nullable(),
  pilot_boarding_place_departure_label: ZTimeLabel.nullable(),
  cargo_operations_start: z.string().nullable(),
  cargo_operations_end: z.string().nullable(),
  berth_start_position: z.number().nullable(),
  berth_end_position: z.number().nullable(),
  berth_start_bollard_id: z.number().int().nullable(),
  berth_end_bollard_id: z.number().int().nullable(),
  terminal_section_id: z.number().int().nullable(),
  /** Quay metres of the terminal section the call lies in; null without a section. */
  section_start_position: z.number().nullable(),
  section_end_position: z.number().nullable(),
  is_bollards_linked: z.boolean(),
  berth_orientation: z.enum(BERTH_ORIENTATIONS).nullable(),
  service_name: z.string().nullable(),
  voyage_number_import: z.string().nullable(),
  voyage_number_export: z.string().nullable(),
  draft_inbound: z.number(),
  draft_outbound: z.number(),
  previous_port_id: z.number().int().nullable(),
  previous_port: z.string().nullable(),
  next_port_id: z.number().int().nullable(),
  next_port: z.string().nullable(),
  comment: z.string().nullable(),
  berth_comment: z.string().nullable(),
  cargo_quantity_status: z.enum(CARGO_QUANTITY_STATUSES),
  move_count_unit: z.enum(MOVE_COUNT_UNITS),
  move_count_containers: z.number().int(),
  move_count_comments: z.string().nullable(),
  cargo_type: z.enum(CARGO_TYPES).nullable(),
  vessel_characteristics: z.array(z.string()),
  is_dummy: z.boolean(),
  sync_shift_cargo_volumes: z.boolean(),
  card_colour: z.enum(CARD_COLOUR_CLASSES),
  zone: z.string().nullable(),
  prise_status: z.enum(PRISE_STATUSES).nullable(),
  prise_message: z.string().nullable(),
  prise_code: z.string().nullable(),
  /** What the PRISE notice waits for; set on the list's rows, absent elsewhere. */
  prise_step: z.enum(PRISE_STEPS).nullable().optional(),
  voyage_id: z.number().int().nullable(),
  voyage_name: z.string().nullable(),
  schedule_syncable: z.boolean(),
  schedule_sync_state: ZScheduleSyncState.nullable(),
  is_managed_by_quayline: z.boolean(),
  is_dummy_vessel: z.boolean(),
  cancelled_by: z.number().int().nullable(),
  is_open_task: z.boolean(),
  /** Berth-row extras (spec section 3): the call has a move in the viewer's sandbox not yet published; the viewer may move it on the planner. */
  newly_added: z.boolean(),
  edit_allowed: z.boolean(),
  cargo_details: z.array(ZCargoDetail),
  equipment_details: z.array(ZEquipmentDetail),
  portcall_shift_details: z.array(ZShiftDetail),
  /** Cargo operation progress from volumes (computeCargoProgress; docs/portcalls.md). */
  cargo_progress_percentage: z.number(),
  total_volume: z.number(),
  actual_volume: z.number(),
  remaining_volume: z.number(),
  berth_arrival_classifier: ZClassifier.nullable(),
  berth_departure_classifier: ZClassifier.nullable(),
  pilot_boarding_place_arrival_classifier: ZClassifier.nullable(),
  pilot_boarding_place_departure_classifier: ZClassifier.nullable(),
  cargo_operations_start_classifier: ZClassifier.nullable(),
  cargo_operations_end_classifier: ZClassifier.nullable(),
  predicted_berth_arrival: ZPredictedBerthArrival.nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type TPortcall = z.infer<typeof ZPortcall>;

/**
 * A call as the berth planner holds it: what its cards, clash checks, panels and a move need. The planner loads a whole
 * window (2,000+ calls) at once, so it gets this projection; the port-call form loads the whole call.
 */
export const ZPlannerPortcall = ZPortcall.pick({
  id: true,
  version: true,
  status: true,
  terminal_id: true,
  terminal_name: true,
  terminal_operator_id: true,
  port_id: true,
  port_name: true,
  port_code: true,
  vessel_id: true,
  vessel_name: true,
  vessel_type: true,
  vessel_type_detailed: true,
  vessel_length_overall: true,
  vessel_max_draft: true,
  vessel_operator_code: true,
  vessel_operator: true,
  agent_code: true,
  berth_arrival: true,
  berth_departure: true,
  berth_arrival_state: true,
  berth_departure_state: true,
  pilot_boarding_place_id: true,
  pilot_boarding_place_name: true,
  pilot_boarding_place_arrival: true,
  cargo_operations_start: true,
  cargo_operations_end: true,
  berth_start_position: true,
  berth_end_position: true,
  berth_start_bollard_id: true,
  berth_end_bollard_id: true,
  berth_orientation: true,
  service_name: true,
  draft_inbound: true,
  draft_outbound: true,
  berth_comment: true,
  cargo_quantity_status: true,
  vessel_characteristics: true,
  card_colour: true,
  predicted_berth_arrival: true,
  prise_status: true,
  newly_added: true,
  edit_allowed: true,
  cargo_progress_percentage: true,
}).extend({
  cargo_details: z.array(ZCargoDetail.pick({ cargo_type: true, total: true })),
  equipment_details: z.array(ZEquipmentDetail.pick({ id: true, equipment_name: true, equipment_number: true, start_time: true, end_time: true })),
  // The projection sends end_time (the plausibility of a shift's rate needs its length); optional for callers that build
  // a planner call by hand. The shift overlay counts a card at its midpoint (shiftIndexOf).
  portcall_shift_details: z.array(ZShiftDetail.pick({ start_time: true, end_time: true, discharge: true, load: true, restow: true, gangs: true, resource_per_shift: true }).partial({ end_time: true })),
});
export type TPlannerPortcall = z.infer<typeof ZPlannerPortcall>;
export const ZPlannerPortcallList = pagedPayload(ZPlannerPortcall);

/** The planner's projection of a whole call (an answer to a write, a realtime fetch, a 409's current state). */
export function plannerPortcallOf(call: TPortcall): TPlannerPortcall {
  const { shape } = ZPlannerPortcall;
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(shape)) out[key] = call[key as keyof TPortcall];
  const picked = out as Omit<TPlannerPortcall, 'cargo_details' | 'equipment_details' | 'portcall_shift_details'>;
  return {
    ...picked,
    cargo_details: call.cargo_details.map((d) => ({ cargo_type: d.cargo_type, total: d.total })),
    equipment_details: call.equipment_details.map((e) => ({ id: e.id, equipment_name: e.equipment_name, equipment_number: e.equipment_number, start_time: e.start_time, end_time: e.end_time })),
    portcall_shift_details: call.portcall_shift_details.map((s) => ({ start_time: s.start_time, end_time: s.end_time, discharge: s.discharge, load: s.load, restow: s.restow, gangs: s.gangs, resource_per_shift: s.resource_per_shift })),
  };
}

export const ZPortcallListQuery = pageQuery(25).extend({
  /** 'true': only calls whose PRISE notice waits for someone (due, missing fields, rejected). */
  prise_action: z.enum(['true', 'false']).optional(),
  terminal_id: ZRecordId.optional(),
  from: ZInstant.optional(),
  to: ZInstant.optional(),
  status: z.union([ZPortcallStatus, z.array(ZPortcallStatus).max(LIST_INPUT_MAX_ITEMS)]).optional(),
  vessel_id: ZRecordId.optional(),
  vessel_operator_id: ZRecordId.optional(),
  agent_id: ZRecordId.optional(),
  q: z.string().trim().max(100).optional(),
  include_cancelled: z.enum(['true', 'false']).optional(),
});
export type TPortcallListQuery = z.infer<typeof ZPortcallListQuery>;
export const ZPortcallList = pagedPayload(ZPortcall);

export const ZCancelPortcallRequest = z.object({ version: z.number().int().positive(), remark: z.string().max(500).optional() });

export const ZPortcallTimestamp = z.object({
  id: z.number().int(),
  time: z.string(),
  action: z.string(),
  classifier: z.string(),
  party: z.string(),
  date_time: z.string().nullable(),
  label: ZTimeLabel.nullable(),
  change_label: ZChangeLabel.nullable(),
  reply_to_id: z.number().int().nullable(),
  delay_reason_code: z.string().nullable(),
  remark: z.string().nullable(),
  /** id null and user_type 'automated' for a step no person made (spec section 3, creator type automated). */
  created_by: z.object({ id: z.number().int().nullable(), name: z.string(), user_type: z.string() }),
  /** The colleague created_by acted for (a proxy session); null for a step made in one's own name. */
  acting_for: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  created_at: z.string(),
});
export type TPortcallTimestamp = z.infer<typeof ZPortcallTimestamp>;

export const ZAuditEvent = z.object({
  id: z.number().int(),
  portcall_id: z.number().int(),
  event_type: z.enum(['created', 'revised', 'accepted']),
  field: z.string(),
  old_value: z.unknown(),
  new_value: z.unknown(),
  actor: z.object({ id: z.number().int().nullable(), name: z.string(), user_type: z.string() }),
  acting_for: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  created_at: z.string(),
});
export type TAuditEvent = z.infer<typeof ZAuditEvent>;

export const ZCalculatedCargo = z.object({
  cargo_details: z.array(ZCargoDetailInput.extend({ total: z.number(), quantity_totals: ZCargoDetail.shape.quantity_totals })),
  totals: z.object({ discharge: z.number(), load: z.number(), restow: z.number(), total: z.number(), move_count: z.number() }),
});
export const ZPrefillDurationRequest = z.object({
  move_count: z.number().min(0).max(1_000_000),
  units_per_hour: z.number().positive().max(10_000),
  crane_intensity: z.coerce.number().min(0.1).max(20).default(1),
  cargo_operations_start: ZInstant.optional(),
});
export const ZPrefillDuration = z.object({ hours: z.number().nullable(), minutes: z.number().int().nullable(), cargo_operations_end: z.string().nullable() });
