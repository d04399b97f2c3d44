// Translation keys and colours for the port-call enumerations (statuses, labels, actions, cargo types, vessel types,
// ...) for every feature that shows a port call. Which key a value of a spec enumeration has is the domain's
// (SPEC_ENUMERATIONS, whose keys the spec-conformance test finds in every language file); this file types them as
// keys of en.json and adds what only the screens need (colours, tints, the fields the audit trail names).
import { type TSpecEnumerationName, VESSEL_TYPES, enumLabelKey } from '@quayline/domain';
import type {
  BERTH_ORIENTATIONS,
  CARD_COLOUR_CLASSES,
  PRISE_STATUSES,
  CARGO_QUANTITY_STATUSES,
  CARGO_TYPES,
  CONTAINER_FULL_KINDS,
  VEHICLE_FULL_KINDS,
  MOVE_COUNT_UNITS,
  PORTCALL_TYPES,
  TChangeLabel,
  TNegotiatedTime,
  TNegotiationAction,
  TParty,
  TPortcallStatus,
  TTimeLabel,
  TVesselType,
} from '@quayline/domain';
import type en from '../../../../server/src/modules/translations/locales/en.json';

type TP = (typeof en)['portcalls'];

/** The domain's key of a value of a spec enumeration, typed as one of the `portcalls.<group>` texts. */
function specKey<TValue extends string, TGroup extends keyof TP>(name: TSpecEnumerationName, _group: TGroup) {
  return (value: TValue) => enumLabelKey(name, value) as `portcalls.${TGroup}.${keyof TP[TGroup] & string}`;
}

export const statusKey = specKey<TPortcallStatus, 'statuses'>('portcall_status', 'statuses');
export const orientationKey = specKey<(typeof BERTH_ORIENTATIONS)[number], 'orientations'>('berth_orientation', 'orientations');
export const timeLabelKey = specKey<TTimeLabel, 'time_labels'>('time_label', 'time_labels');
export const changeLabelKey = specKey<TChangeLabel, 'change_labels'>('change_label', 'change_labels');
/** What a change label means, for the badge's tooltip (the same key under change_label_hints). */
export const changeLabelHintKey = (label: TChangeLabel) =>
  `portcalls.change_label_hints.${changeLabelKey(label).slice('portcalls.change_labels.'.length)}` as `portcalls.change_label_hints.${keyof TP['change_label_hints'] & string}`;

export const actionKey = (action: TNegotiationAction) => `portcalls.actions.${action}` as const satisfies `portcalls.actions.${keyof TP['actions']}`;
export const timeKey = (time: TNegotiatedTime) => `portcalls.times.${time}` as const satisfies `portcalls.times.${keyof TP['times']}`;
export const partyKey = (party: TParty) => `portcalls.parties.${party}` as const satisfies `portcalls.parties.${keyof TP['parties']}`;

export const cargoTypeKey = specKey<(typeof CARGO_TYPES)[number], 'cargo_types'>('cargo_type', 'cargo_types');
export const portcallTypeKey = specKey<(typeof PORTCALL_TYPES)[number], 'portcall_types'>('portcall_type', 'portcall_types');
export const quantityStatusKey = specKey<(typeof CARGO_QUANTITY_STATUSES)[number], 'quantity_statuses'>('cargo_quantity_status', 'quantity_statuses');

const VESSEL_TYPE_KEYS: readonly (keyof TP['vessel_types'])[] = VESSEL_TYPES satisfies readonly (keyof TP['vessel_types'])[];
/** The key of a coded vessel type's label, or null for a code the texts do not know (shown as it is). */
export function vesselTypeKey(code: string): `portcalls.vessel_types.${TVesselType}` | null {
  return (VESSEL_TYPE_KEYS as readonly string[]).includes(code) ? (`portcalls.vessel_types.${code as TVesselType}` as const) : null;
}

/** Full containers and vehicles by kind (DRY, RF, DG, OOG, BB, GENERAL) in words. */
export type TFullKind = (typeof CONTAINER_FULL_KINDS)[number] | (typeof VEHICLE_FULL_KINDS)[number];
export const fullKindKey = (kind: TFullKind) => `portcalls.tiers.full_kinds.${kind}` as const satisfies `portcalls.tiers.full_kinds.${keyof TP['tiers']['full_kinds']}`;

export const unitKey = specKey<(typeof MOVE_COUNT_UNITS)[number], 'units'>('move_count_unit', 'units');
export const colourKey = (colour: keyof TP['colours']) => `portcalls.colours.${colour}` as const;
export const characteristicKey = (c: keyof TP['characteristics']) => `portcalls.characteristics.${c}` as const;
/** PRISE partially accepted is shown as accepted (priseDisplayStatus, in the domain's key). */
export const priseStatusKey = specKey<(typeof PRISE_STATUSES)[number], 'prise_statuses'>('prise_status', 'prise_statuses');
export const auditEventKey = (e: keyof TP['audit_events']) => `portcalls.audit_events.${e}` as const;

export type TFieldName = keyof TP['fields'];
/** Every field the audit trail and the conflict notice may name; the texts have a label for each. */
export const FIELD_NAMES = [
  'portcall',
  'terminal_id',
  'vessel_id',
  'vessel_operator_id',
  'agent_id',
  'portcall_type',
  'berth_arrival',
  'berth_departure',
  'pilot_boarding_place_id',
  'pilot_boarding_place_arrival',
  'pilot_boarding_place_departure',
  'cargo_operations_start',
  'cargo_operations_end',
  'berth_start_position',
  'berth_end_position',
  'is_bollards_linked',
  'berth_orientation',
  'service_name',
  'voyage_number_import',
  'voyage_number_export',
  'draft_inbound',
  'draft_outbound',
  'previous_port_id',
  'next_port_id',
  'comment',
  'berth_comment',
  'cargo_quantity_status',
  'move_count_unit',
  'move_count_containers',
  'move_count_comments',
  'cargo_type',
  'vessel_characteristics',
  'is_dummy',
  'sync_shift_cargo_volumes',
  'card_colour',
  'cargo_details',
  'equipment_details',
  'portcall_shift_details',
  'zone',
  'prise_status',
  'prise_message',
  'prise_code',
  'voyage_name',
  'schedule_syncable',
  'is_dummy_vessel',
] as const satisfies readonly TFieldName[];

/** The key of a port-call field's label, or null for a field the texts do not know (shown by its name). */
export function fieldKey(field: string): `portcalls.fields.${TFieldName}` | null {
  return (FIELD_NAMES as readonly string[]).includes(field) ? (`portcalls.fields.${field}` as `portcalls.fields.${TFieldName}`) : null;
}

export const STATUS_COLOURS: Record<TPortcallStatus, string> = {
  Cancelled: 'red',
  Departed: 'gray',
  'Cargo Ops': 'violet',
  Berthed: 'green',
  'Arrived at PBP': 'cyan',
  Approaching: 'blue',
};

/**
 * Background tints of the card colour classes (spec section 3) on the berth planner; 'default' leaves the card in
 * its status tint. Light enough for the dark card text, apart enough to tell side by side.
 */
export const CARD_COLOUR_TINTS: Record<(typeof CARD_COLOUR_CLASSES)[number], string | null> = {
  default: null,
  rose: '#ffe0e8',
  fuchsia: '#fadcf5',
  violet: '#e9e0fb',
  blue: '#d8e8fd',
  cyan: '#d4f2f7',
  olive: '#e6e9cc',
  green: '#d6f0dc',
  lime: '#e9f6cc',
  lemon: '#fbf7c6',
  yellow: '#ffedb8',
  cocoa: '#ecdccd',
  orange: '#ffe0c2',
  grapes: '#e4d6ee',
  stone: '#e6e3dd',
};

export const TIME_LABEL_COLOURS: Record<TTimeLabel, string> = {
  requested: 'orange',
  planned: 'blue',
  estimated: 'grape',
  accepted: 'green',
  actual: 'teal',
  cancelled: 'red',
  cancel_requested: 'pink',
  cancel_accepted: 'red',
};
