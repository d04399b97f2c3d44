// Every enumeration of spec sections 3 and 4 in one registry: its values (the arrays stay where their records live),
// a zod enum for each, and the one translation key of each value's label, so a screen and the conformance test find
// every label the same way.
import { z } from 'zod';
import { CHANGE_LABELS, TIME_LABELS, type TAuditEventType } from './negotiation';
import { BERTH_TYPES } from './schemas/master-data';
import { MESSAGE_ICON_STATES, NOTIFICATION_TYPES } from './schemas/notifications';
import {
  BERTH_ORIENTATIONS,
  CARD_COLOUR_CLASSES,
  CARGO_QUANTITY_STATUSES,
  CARGO_TYPES,
  MOVE_COUNT_UNITS,
  PORTCALL_STATUSES,
  PORTCALL_TYPES,
  PRISE_STATUSES,
  SCHEDULE_SYNC_STATES,
  VESSEL_CHARACTERISTICS,
  priseDisplayStatus,
} from './schemas/portcall';
import { PREDICTED_ARRIVAL_STATUSES } from './schemas/prediction';
import { CREATOR_TYPES, PORT_AUTHORITY_STATUSES, SYSTEM_KINDS } from './schemas/prise';
import { TIME_WINDOW_SOURCES } from './schemas/ais';
import { SCHEDULE_PROVIDER_KINDS } from './schemas/voyages';
import { TASK_FILTERS } from './tasks';
import { VESSEL_TYPES } from './vessel';
import { DETAILED_VESSEL_TYPE_KEYS } from './vessel-types-detailed';

/** Spec section 3 "Audit event types"; the negotiation table names one per step. */
export const AUDIT_EVENT_TYPES = ['created', 'revised', 'accepted'] as const satisfies readonly TAuditEventType[];
/** Spec section 4 "Planner modes": the live plan or the person's own sandbox (reverting is an action, not a mode). */
export const PLANNER_MODES = ['live', 'sandbox'] as const;
/** Spec section 3 "Voyage data sources": the two schedule providers a voyage can be fetched from. */
export const VOYAGE_DATA_SOURCES = SCHEDULE_PROVIDER_KINDS;

export const ZPortcallType = z.enum(PORTCALL_TYPES);
export const ZBerthOrientation = z.enum(BERTH_ORIENTATIONS);
export const ZCargoType = z.enum(CARGO_TYPES);
export const ZMoveCountUnit = z.enum(MOVE_COUNT_UNITS);
export const ZVesselCharacteristic = z.enum(VESSEL_CHARACTERISTICS);
export const ZCargoQuantityStatus = z.enum(CARGO_QUANTITY_STATUSES);
export const ZPortAuthorityStatus = z.enum(PORT_AUTHORITY_STATUSES);
export const ZCardColourClass = z.enum(CARD_COLOUR_CLASSES);
export const ZVoyageDataSource = z.enum(VOYAGE_DATA_SOURCES);
export const ZAuditEventType = z.enum(AUDIT_EVENT_TYPES);
export const ZNotificationType = z.enum(NOTIFICATION_TYPES);
export const ZSystemKind = z.enum(SYSTEM_KINDS);
export const ZCreatorType = z.enum(CREATOR_TYPES);
export const ZTimeWindowSource = z.enum(TIME_WINDOW_SOURCES);
export const ZPriseStatus = z.enum(PRISE_STATUSES);
export const ZTaskFilter = z.enum(TASK_FILTERS);
export const ZMessageIconState = z.enum(MESSAGE_ICON_STATES);
export const ZPlannerMode = z.enum(PLANNER_MODES);
export type TPortcallType = z.infer<typeof ZPortcallType>;
export type TBerthOrientation = z.infer<typeof ZBerthOrientation>;
export type TCargoType = z.infer<typeof ZCargoType>;
/** Whether a text (a picker's value, a field a notice stored as text) is one of the cargo types the screens translate. */
export const isCargoType = (value: string | null | undefined): value is TCargoType => (CARGO_TYPES as readonly string[]).includes(value ?? '');
export type TMoveCountUnit = z.infer<typeof ZMoveCountUnit>;
export type TVesselCharacteristic = z.infer<typeof ZVesselCharacteristic>;
export type TCargoQuantityStatus = z.infer<typeof ZCargoQuantityStatus>;
export type TCardColourClass = z.infer<typeof ZCardColourClass>;
export type TVoyageDataSource = z.infer<typeof ZVoyageDataSource>;
export type TNotificationType = z.infer<typeof ZNotificationType>;
export type TTimeWindowSource = z.infer<typeof ZTimeWindowSource>;
export type TPriseStatus = z.infer<typeof ZPriseStatus>;
export type TPlannerMode = z.infer<typeof ZPlannerMode>;

/** `Without side` -> `without_side`, `Arrived at PBP` -> `arrived_at_pbp`: how most label keys spell a value. */
export function enumValueSlug(value: string): string {
  return value
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_|_$/g, '');
}

/** The label key of each cargo type (`portcalls.cargo_types.<slug>`), shared by the web app and the conformance test. */
export const CARGO_TYPE_SLUGS = {
  General: 'general',
  'Dry bulk (tons)': 'dry_bulk',
  'Liquid bulk (tons)': 'liquid_bulk',
  'Container (boxes)': 'container',
  Passenger: 'passenger',
  'Roll-on/Roll-off': 'ro_ro',
  'Other (pieces)': 'other',
} as const satisfies Record<TCargoType, string>;

export type TSpecEnumeration = {
  /** The spec section that names it: 3 (entities) or 4 (states). */
  section: '3' | '4';
  values: readonly string[];
  /** The translation key of a value's label (in every locale file). */
  labelKey: (value: string) => string;
};

const under = (prefix: string, spell: (value: string) => string = enumValueSlug) => (value: string) => `${prefix}.${spell(value)}`;

/**
 * The enumerations by the name docs/spec-conformance.json uses. Labels live with their feature's texts where a
 * screen already shows them; the ones without a screen of their own live under `enums.<name>`.
 */
export const SPEC_ENUMERATIONS = {
  portcall_type: { section: '3', values: PORTCALL_TYPES, labelKey: under('portcalls.portcall_types') },
  berth_orientation: { section: '3', values: BERTH_ORIENTATIONS, labelKey: under('portcalls.orientations') },
  cargo_type: { section: '3', values: CARGO_TYPES, labelKey: under('portcalls.cargo_types', (v) => CARGO_TYPE_SLUGS[v as TCargoType]) },
  move_count_unit: { section: '3', values: MOVE_COUNT_UNITS, labelKey: under('portcalls.units') },
  vessel_characteristic: { section: '3', values: VESSEL_CHARACTERISTICS, labelKey: under('portcalls.characteristics') },
  berth_type: { section: '3', values: BERTH_TYPES, labelKey: under('berthPlanner.berth_types') },
  vessel_type: { section: '3', values: VESSEL_TYPES, labelKey: under('portcalls.vessel_types', (v) => v) },
  // The values are our list's keys; a vessel stores the entry's English name or its own free text (vessel-types-detailed.ts).
  detailed_vessel_type: { section: '3', values: DETAILED_VESSEL_TYPE_KEYS, labelKey: under('portcalls.vessel_types_detailed', (v) => v) },
  cargo_quantity_status: { section: '3', values: CARGO_QUANTITY_STATUSES, labelKey: under('portcalls.quantity_statuses') },
  port_authority_status: { section: '3', values: PORT_AUTHORITY_STATUSES, labelKey: under('portcalls.prise.authority_statuses') },
  card_colour_class: { section: '3', values: CARD_COLOUR_CLASSES, labelKey: under('portcalls.colours') },
  voyage_data_source: { section: '3', values: VOYAGE_DATA_SOURCES, labelKey: under('enums.voyage_data_sources') },
  audit_event_type: { section: '3', values: AUDIT_EVENT_TYPES, labelKey: under('portcalls.audit_events') },
  notification_type: { section: '3', values: NOTIFICATION_TYPES, labelKey: under('notifications.types') },
  system_kind: { section: '3', values: SYSTEM_KINDS, labelKey: under('enums.system_kinds') },
  creator_type: { section: '3', values: CREATOR_TYPES, labelKey: under('enums.creator_types') },
  time_window_source: { section: '3', values: TIME_WINDOW_SOURCES, labelKey: under('enums.time_window_sources') },
  portcall_status: { section: '4', values: PORTCALL_STATUSES, labelKey: under('portcalls.statuses') },
  time_label: { section: '4', values: TIME_LABELS, labelKey: under('portcalls.time_labels') },
  change_label: { section: '4', values: CHANGE_LABELS, labelKey: under('portcalls.change_labels') },
  // Partially accepted is shown as accepted (spec section 4), so it shares that label.
  prise_status: { section: '4', values: PRISE_STATUSES, labelKey: under('portcalls.prise_statuses', (v) => priseDisplayStatus(v as TPriseStatus) ?? v) },
  predicted_arrival_status: { section: '4', values: PREDICTED_ARRIVAL_STATUSES, labelKey: under('portcalls.predicted') },
  schedule_sync_state: { section: '4', values: SCHEDULE_SYNC_STATES, labelKey: under('voyageCenter.sync_states') },
  task_filter: { section: '4', values: TASK_FILTERS, labelKey: under('tasks.filters') },
  message_icon_state: { section: '4', values: MESSAGE_ICON_STATES, labelKey: under('enums.message_icon_states') },
  planner_mode: { section: '4', values: PLANNER_MODES, labelKey: under('berthPlanner.mode') },
} as const satisfies Record<string, TSpecEnumeration>;
export type TSpecEnumerationName = keyof typeof SPEC_ENUMERATIONS;

/** The label key of one value of a spec enumeration. */
export function enumLabelKey(name: TSpecEnumerationName, value: string): string {
  return SPEC_ENUMERATIONS[name].labelKey(value);
}
